/**
 * Bundle size: the gzip size of what the browser must fetch before the first route renders (the
 * entry script, its static imports and the stylesheets index.html links), for the web app and
 * for an empty Vite + React app built in the same run with the same Vite. Goal: <= 3x the empty
 * app, and the absolute budget of ARCHITECTURE.md section 6 (200 KB) printed beside it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import type { BenchResult } from './lib/types';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '../apps/web');
const BUDGET_KB = 200;

/** The files index.html loads up front: module script, modulepreloads, stylesheets. */
function initialRefs(outDir: string): string[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  return [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]!);
}

/** gzip bytes of the files index.html loads up front. */
function initialGzipBytes(outDir: string): number {
  return initialRefs(outDir).reduce(
    (sum, ref) => sum + gzipSync(readFileSync(join(outDir, ref.replace(/^\//, '')))).length,
    0,
  );
}

/**
 * Bytes the server really sends for the sign-in page's first load (the page and the files it
 * loads up front) to a browser that accepts br and gzip: the server with the build as it is served
 * in production, asked over its full plugin stack.
 */
async function wireBytes(outDir: string): Promise<{ bytes: number; encodings: string }> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: undefined,
    WEB_DIST_DIR: outDir,
  });
  const app = await buildApp(config, { database, logger: false });
  try {
    let bytes = 0;
    const encodings = new Set<string>();
    for (const url of ['/login', ...initialRefs(outDir)]) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
      bytes += res.rawPayload.length;
      encodings.add(String(res.headers['content-encoding'] ?? 'none'));
    }
    return { bytes, encodings: [...encodings].join('+') };
  } finally {
    await app.close();
    await database.close();
  }
}

async function buildInto(root: string, outDir: string, configFile: string | false): Promise<void> {
  await build({
    root,
    configFile,
    logLevel: 'silent',
    mode: 'production',
    plugins: configFile === false ? [react()] : undefined,
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

export async function run(): Promise<BenchResult> {
  const work = mkdtempSync(join(tmpdir(), 'strata-bundle-'));
  // The empty app lives inside apps/web so that it resolves the same react and react-dom.
  const emptyRoot = join(webRoot, '.bench-empty');
  try {
    mkdirSync(join(emptyRoot, 'src'), { recursive: true });
    writeFileSync(
      join(emptyRoot, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
    );
    writeFileSync(
      join(emptyRoot, 'src/main.tsx'),
      "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<div />);\n",
    );
    await buildInto(webRoot, join(work, 'app'), join(webRoot, 'vite.config.ts'));
    await buildInto(emptyRoot, join(work, 'empty'), false);
    const app = initialGzipBytes(join(work, 'app'));
    const empty = initialGzipBytes(join(work, 'empty'));
    const wire = await wireBytes(join(work, 'app'));
    return {
      name: 'bundle-size',
      ratio: app / empty,
      goal: '<=3',
      details: {
        app_kb: (app / 1024).toFixed(1),
        empty_kb: (empty / 1024).toFixed(1),
        budget_kb: BUDGET_KB,
        within_budget: app / 1024 <= BUDGET_KB ? 'yes' : 'no',
        sent_kb: (wire.bytes / 1024).toFixed(1),
        sent_encoding: wire.encodings,
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(emptyRoot, { recursive: true, force: true });
  }
}
