import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Resolves once a worker is active for the page's origin (it installs after the first load). */
function activeWorkerUrl(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
}

const controllerUrl = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

/** Paths of the answers the worker keeps in a runtime cache. */
const cachedPaths = (page: Page, cache: string) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, cache);

async function createWorkspace(token: Record<string, unknown>, name: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/teams`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`create workspace: ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}

test('the manifest is served with its installable fields and every icon it lists loads', async () => {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/login`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const response = await page.request.get(new URL(href!, baseUrl).href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: ManifestIcon[];
    protocol_handlers: Array<{ protocol: string; url: string }>;
  };
  expect(manifest).toMatchObject({ name: 'Strata', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.protocol_handlers).toEqual([{ protocol: 'web+strata', url: '/open?url=%s' }]);
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(new URL(icon.src, baseUrl).href);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }
  await page.close();
});

test('after the first visit the service worker controls the page, which then loads with the network cut', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await activeWorkerUrl(page)).toBe(`${baseUrl}/service-worker.js`);
  // The first page is left as it loaded; the worker takes the next one.
  expect(await controllerUrl(page)).toBeNull();
  await page.reload();
  expect(await controllerUrl(page)).toBe(`${baseUrl}/service-worker.js`);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.getByLabel('Email').count()).toBe(1);
  // A request the worker cannot answer from a cache says so, as the API's error body.
  const missing = await page.evaluate(async () => {
    const response = await fetch('/api/app-vars?never-cached');
    return { status: response.status, body: await response.json() };
  });
  expect(missing).toEqual({
    status: 503,
    body: {
      message: `Could not find the cached response: ${baseUrl}/api/app-vars?never-cached`,
      code: 'OFFLINE',
    },
  });
  await context.close();
});

test('signed in, home reloads offline into the app shell, and with the server unreachable shows the last-seen workspaces from runtime-api-v1', async () => {
  const { token } = await createVerifiedAccount(baseUrl, 'Olive Offline');
  await createWorkspace(token, 'Harbour crew');
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, token);
  const page = await context.newPage();
  const workspaceLink = page.locator('main').getByRole('link', { name: /Harbour crew/ });
  await page.goto(`${baseUrl}/home`);
  await workspaceLink.waitFor();
  await activeWorkerUrl(page);
  // Controlled from now on: the API answers of this visit are kept.
  await page.reload();
  await workspaceLink.waitFor();
  expect(await controllerUrl(page)).toBe(`${baseUrl}/service-worker.js`);
  await expect
    .poll(() => cachedPaths(page, 'runtime-api-v1'))
    .toEqual(expect.arrayContaining(['/api/me', '/api/me/workspaces']));

  // The browser offline: the page and its shell come from the worker, and the reads the worker
  // can answer bring the last-seen data (changes are still refused, spec section 4).
  await context.setOffline(true);
  await page.reload();
  await page.locator('#sidebar').getByRole('link', { name: 'Home' }).waitFor();
  await workspaceLink.waitFor();
  await context.setOffline(false);

  // The browser thinks it is online but nothing reaches the server: answers come from
  // runtime-api-v1, and the worker's own requests are the ones that failed.
  const cut: string[] = [];
  await context.route(`${baseUrl}/**`, async (route) => {
    if (route.request().serviceWorker()) cut.push(new URL(route.request().url()).pathname);
    await route.abort('internetdisconnected');
  });
  await page.reload();
  await page.getByRole('heading', { level: 1, name: /Olive/ }).waitFor();
  await workspaceLink.waitFor();
  expect(cut).toEqual(expect.arrayContaining(['/api/me', '/api/me/workspaces']));
  await screenshot(page, 'pwa-home-server-unreachable');
  await context.unroute(`${baseUrl}/**`);

  // Signing out empties the person's API cache.
  await page.reload();
  await workspaceLink.waitFor();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByText('You are signed out.').waitFor();
  // What the signed-out page reads next (public app variables) may be cached again; the person's
  // answers must not be.
  const personal = new Set(['/api/me', '/api/me/workspaces']);
  await expect
    .poll(async () => (await cachedPaths(page, 'runtime-api-v1')).filter((path) => personal.has(path)))
    .toEqual([]);
  await context.close();
});

test('a web+strata deep link through /open lands on the in-app page; another origin does not', async () => {
  const { token } = await createVerifiedAccount(baseUrl, 'Dora Deeplink');
  const teamId = await createWorkspace(token, 'Lighthouse');
  const context = await browser.newContext();
  await signInContext(context, token);
  const page = await context.newPage();
  const link = `web+strata://team/${teamId}/members`;
  await page.goto(`${baseUrl}/open?url=${encodeURIComponent(link)}`);
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/team/${teamId}/members`);
  await page.getByRole('heading', { level: 1, name: 'Lighthouse' }).waitFor();

  await page.goto(`${baseUrl}/open?url=${encodeURIComponent('https://evil.example/team/1')}`);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
  expect(new URL(page.url()).origin).toBe(baseUrl);
  await context.close();
});
