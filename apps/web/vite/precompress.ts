import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Text the browser fetches; images and fonts are compressed already, and source maps are read by
 * developer tools only (brotli at its best setting on them would slow every build).
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a round trip's headers. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, at the strongest settings
 * (done once per build, not per request), for the server's static files to send with
 * `Content-Encoding` (`preCompressed` in apps/server/src/http/web-app.ts). It runs after every
 * other plugin has closed the bundle, so the service worker the PWA plugin writes last is
 * compressed too. A copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'strata-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = resolve(config.root, config.build.outDir);
        for (const path of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
          const body = readFileSync(path);
          const br = brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          });
          const gz = gzipSync(body, { level: 9 });
          if (br.length < body.length) writeFileSync(`${path}.br`, br);
          if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
        }
      },
    },
  };
}
