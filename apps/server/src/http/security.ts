import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config';

/**
 * The security headers helmet would set on documents (the web app, the dev mail page), computed once: helmet itself re-parses its whole
 * configuration on every call, which cost a quarter of the time of a cheap request.
 */
export function securityHeaders(
  config: AppConfig,
  inlineScripts: readonly string[] = [],
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The page's own head scripts, by hash (http/web-app.ts inlineScriptHashes); no other inline script.
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images people give by address (a form's cover) load from any https origin; images run nothing.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The status-message service lives on its own origin.
        connectSrc: [
          "'self'",
          'ws:',
          'wss:',
          ...(config.statusMessageUrl ? [new URL(config.statusMessageUrl).origin] : []),
        ],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.appUrl.startsWith('https://'),
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * API responses are JSON (or files) that no browser renders as a page: OWASP's REST guidance
 * asks for these few, and leaving out the document-only ones halves the cost of a cheap request.
 */
export function apiSecurityHeaders(config: AppConfig): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    ...(config.appUrl.startsWith('https://')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/**
 * Security headers with a CSP the web app passes (no inline scripts but the page's own, by
 * hash; inline styles for the positioning libraries set via style attributes), CORS only for
 * listed origins, and rate limits that routes switch on with `config.rateLimit`.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: AppConfig,
  inlineScripts: readonly string[] = [],
): Promise<void> {
  const documentHeaders = securityHeaders(config, inlineScripts);
  const apiHeaders = apiSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : documentHeaders);
    done();
  });

  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) return;
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-allow-credentials', 'true');
      if (request.method === 'OPTIONS') {
        reply.header(
          'access-control-allow-headers',
          'authorization, content-type, x-client-version, x-idempotency-key, x-authorization-password, x-sw-uuid',
        );
        reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
        reply.header('access-control-max-age', '600');
        return reply.code(204).send();
      }
    });
  }

  // Several server processes share their counters through Redis when REDIS_URL is set.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}

/** Route config for the auth routes: AUTH_RATE_LIMIT per minute per client address. */
export function authRateLimit(config: AppConfig) {
  return { max: config.authRateLimit, timeWindow: '1 minute' };
}
