import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config';
import { buildAppVars } from '../modules/platform/app-vars';

/**
 * Files of the installable app that must never be answered with index.html: a missing worker
 * script has to be a 404 (the browser then drops the registration), not a page.
 */
const PWA_FILES = new Set(['/service-worker.js', '/manifest.webmanifest']);

/**
 * The page with the app variables (`GET /api/app-vars`, the same for every visitor) written into
 * it as JSON data, so the first load does not ask for them. `<` is escaped: the text can never
 * close the script element.
 */
export function withAppVars(html: string, config: AppConfig, autobotId: number | null): string {
  const json = JSON.stringify(buildAppVars(config, autobotId)).replace(/</g, '\\u003c');
  const script = `<script id="strata-app-vars" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${script}</head>`) : `${html}${script}`;
}

/** A script element: its attributes and its text. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** A script type the browser runs (no type, a JavaScript MIME type, or module); others are data. */
const RUNNABLE_TYPE = /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * The CSP sources (`'sha256-…'`) of the scripts written into a page: the only inline scripts the
 * policy lets run. Linked scripts (`src`) and data blocks (JSON) are not listed.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1];
    if (type && !RUNNABLE_TYPE.test(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The built page as served (app variables written in), and the hashes of its inline scripts. */
export interface WebIndex {
  html: string;
  scriptHashes: string[];
}

/** The web build's page, read once at start-up; undefined when the server runs without it. */
export function readWebIndex(config: AppConfig, autobotId: number | null): WebIndex | undefined {
  const indexPath = join(config.webDistDir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const html = withAppVars(readFileSync(indexPath, 'utf8'), config, autobotId);
  return { html, scriptHashes: inlineScriptHashes(html) };
}

const PRECOMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/** Whether the build wrote compressed copies of a file (then its answer varies by encoding). */
function hasPrecompressedCopy(path: string): boolean {
  return existsSync(`${path}.br`) || existsSync(`${path}.gz`);
}

/**
 * A public board's embed address (`/b/{rootId}...?embed=1`, docs/public-boards.md): the one app page
 * any site may frame. The app there never uses the device's session (web lib/embed-mode.ts), so
 * framing it exposes only what the board shows to anyone.
 */
export function isEmbedRequest(url: string): boolean {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname.startsWith('/b/') && parsed.searchParams.get('embed') === '1';
}

function allowFraming(reply: FastifyReply): void {
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  reply
    .removeHeader('x-frame-options')
    .header('content-security-policy', policy.replace("frame-ancestors 'none'", 'frame-ancestors *'));
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every other path the
 * API does not own (the client router shows its 404 page for unknown ones). The service worker
 * and the manifest are revalidated on every fetch (no-cache): their updates are the app's updates.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: AppConfig,
  web: WebIndex | undefined,
): Promise<void> {
  if (web) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/vite/precompress.ts):
      // the one the browser accepts goes out as it is, with no compression per request.
      preCompressed: true,
      // The headers below decide caching; left on, send's own 'public, max-age=0' replaces them.
      cacheControl: false,
      setHeaders: (res, sentPath) => {
        // The path of the file sent: a compressed copy's name ends in .br or .gz.
        const path = sentPath.replace(PRECOMPRESSED_SUFFIX, '');
        res.setHeader('x-content-type-options', 'nosniff');
        if (path !== sentPath || hasPrecompressedCopy(path)) res.setHeader('vary', 'accept-encoding');
        const isHashedAsset = relative(config.webDistDir, path).startsWith(`assets${sep}`);
        if (isHashedAsset) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
        // May control the whole origin even where a proxy serves the script from a sub-path.
        if (basename(path) === 'service-worker.js') res.setHeader('service-worker-allowed', '/');
      },
    });
  }
  const indexHtml = web?.html;

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const isPwaFile = PWA_FILES.has(request.url.split('?')[0]!);
    if (!isApi && !isPwaFile && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      if (isEmbedRequest(request.url)) allowFraming(reply);
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    return reply.code(404).send({ message: 'Not Found', code: 'NOT_FOUND' });
  });
}
