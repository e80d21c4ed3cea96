import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config';

/**
 * Security headers with a CSP the web app passes (no inline scripts; inline styles for the
 * positioning libraries set via style attributes), CORS only for listed origins, and rate limits
 * that routes switch on with `config.rateLimit`.
 */
export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
    hsts: config.appUrl.startsWith('https://'),
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

  await app.register(rateLimit, {
    global: false,
    ...(config.redisUrl
      ? { redis: new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false }) }
      : {}),
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
