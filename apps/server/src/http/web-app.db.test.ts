import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { inlineScriptHashes } from './web-app';

/** The CSP source of a script's text, computed here independently of the server's code. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const HEAD_SCRIPT = "document.documentElement.dataset.theme = 'dark';";

/** A stand-in for the web app's build: the page, one hashed chunk, and optionally the PWA files. */
function fakeBuild(withPwaFiles: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-web-build-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><head><script>${HEAD_SCRIPT}</script><title>Strata</title></head><div id="root"></div>`,
  );
  writeFileSync(join(dir, 'assets/index-Abc123.js'), 'console.log(1);');
  if (withPwaFiles) {
    writeFileSync(join(dir, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Strata', start_url: '/' }));
  }
  return dir;
}

const builds: string[] = [];
let t: TestApp;
beforeAll(async () => {
  builds.push(fakeBuild(true));
  t = await createTestApp({ env: { WEB_DIST_DIR: builds[0] } });
});
afterAll(async () => {
  await t?.close();
  for (const dir of builds) rmSync(dir, { recursive: true, force: true });
});

describe('framing', () => {
  test.each([
    { url: '/b/AbCdEfGhIjK?embed=1', framable: true },
    { url: '/b/AbCdEfGhIjK/F0lderId123?embed=1&hide_header=1&view=x', framable: true },
    { url: '/b/AbCdEfGhIjK', framable: false },
    { url: '/b/AbCdEfGhIjK?embed=0', framable: false },
    { url: '/home?embed=1', framable: false },
    { url: '/team/1/boards/AbCdEfGhIjK/edit?embed=1', framable: false },
    { url: '/login?embed=1', framable: false },
  ])('$url may be framed by any site: $framable', async ({ url, framable }) => {
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    if (framable) {
      expect(csp).toContain('frame-ancestors *');
      expect(csp).not.toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBeUndefined();
      // Everything else of the policy stays.
      expect(csp).toContain("script-src 'self'");
    } else {
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });
});

describe('the installable web app', () => {
  test('/service-worker.js is revalidated on every fetch and may control the whole origin', async () => {
    const res = await t.request({ method: 'GET', url: '/service-worker.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toContain('addEventListener');
  });

  test('the document CSP lets the page register its worker and read its manifest', async () => {
    const csp = (await t.request({ method: 'GET', url: '/home' })).headers['content-security-policy'];
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  test('the manifest is application/manifest+json and revalidated', async () => {
    const res = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    expect(res.json()).toMatchObject({ name: 'Strata' });
  });

  test('hashed chunks are immutable and app paths get index.html', async () => {
    const chunk = await t.request({ method: 'GET', url: '/assets/index-Abc123.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.request({ method: 'GET', url: '/team/5/members' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  test('a build without a worker answers 404 for it, never the page (the browser then drops it)', async () => {
    builds.push(fakeBuild(false));
    const bare = await createTestApp({ env: { WEB_DIST_DIR: builds[1] } });
    try {
      for (const url of ['/service-worker.js', '/manifest.webmanifest', '/service-worker.js?v=2']) {
        const res = await bare.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).not.toMatch(/html/);
      }
      expect((await bare.request({ method: 'GET', url: '/home' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });

  test('the page may run its own head script, by its hash, and no other inline script', async () => {
    const page = await t.request({ method: 'GET', url: '/home' });
    expect(page.body).toContain(`<script>${HEAD_SCRIPT}</script>`);
    const scriptSrc = /script-src ([^;]*)/.exec(page.headers['content-security-policy'] as string)?.[1];
    expect(scriptSrc?.split(' ').sort()).toEqual(["'self'", sha256(HEAD_SCRIPT)].sort());
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  test('the page carries the app variables as data, the same as GET /api/app-vars, and no markup can break out', async () => {
    const page = await t.request({ method: 'GET', url: '/team/5/boards' });
    const match = page.body.match(/<script id="strata-app-vars" type="application\/json">(.*?)<\/script>/s);
    expect(match).not.toBeNull();
    const vars = (await t.request({ method: 'GET', url: '/api/app-vars' })).json();
    expect(JSON.parse(match![1]!)).toEqual(vars);
    expect(match![1]).not.toContain('<');
  });
});

describe('inline script hashes', () => {
  const cases: { html: string; allowed: string[] }[] = [
    { html: '<script>a()</script>', allowed: ['a()'] },
    { html: '<SCRIPT type="module">b()</SCRIPT >', allowed: ['b()'] },
    {
      html: "<script type='text/javascript'>c()</script><script>\n d()\n</script>",
      allowed: ['c()', '\n d()\n'],
    },
    { html: '<script src="/x.js"></script><script type="module" src="/y.js"></script>', allowed: [] },
    { html: '<script id="vars" type="application/json">{"a":1}</script>', allowed: [] },
    { html: '<script type="importmap-like">e()</script><p>no script</p>', allowed: [] },
    { html: '<script async>f()</script>', allowed: ['f()'] },
  ];
  test.each(cases)('$html', ({ html, allowed }) => {
    expect(inlineScriptHashes(html)).toEqual(allowed.map(sha256));
  });
});
