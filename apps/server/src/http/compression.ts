import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text worth compressing: JSON, HTML, scripts, styles, SVG. Not binary answers (attachments,
 * photos: already compressed or not worth the CPU) and never event streams.
 */
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)|\+json(?:;|$)/;

/**
 * Compresses answers of 1 KB or more with brotli or gzip, whichever the client prefers (a
 * 4,000-item folder's 3 MB of JSON travels as about a tenth of that). Brotli at quality 4: near
 * gzip's speed with a smaller result; the build's static files come precompressed at the best
 * quality instead (web-app.ts). Registered after the idempotency hooks, so a stored first answer
 * is the plain body and each replay is compressed for the client asking.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * The encoding compression above would pick for this Accept-Encoding: brotli or gzip by the
 * client's q-values, brotli on a tie, `*` and `x-gzip` read as gzip as @fastify/compress reads them;
 * undefined for none (identity). For answers compressed ahead of time (folder snapshots).
 */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  let best: { encoding: 'br' | 'gzip'; q: number } | undefined;
  for (const part of header.toLowerCase().split(',')) {
    const [rawName = '', ...params] = part.split(';').map((piece) => piece.trim());
    const name = rawName === '*' || rawName === 'x-gzip' ? 'gzip' : rawName;
    if (name !== 'br' && name !== 'gzip') continue;
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q || (q === best.q && name === 'br')) best = { encoding: name, q };
  }
  return best?.encoding;
}
