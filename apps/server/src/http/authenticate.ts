import { AppError } from '@strata/domain/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authenticateBearer } from '../modules/auth/sessions.service';

/**
 * Resolves `Authorization: Bearer` on every request. Routes are authenticated unless their config
 * says `auth: 'public'` or `'optional'`; API routes default to required, other paths to public.
 * A token that is sent but invalid is a 401 on any non-public route, so clients refresh it.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const mode =
      request.routeOptions.config?.auth ?? (request.url.startsWith('/api/') ? 'required' : 'public');
    if (mode === 'public') return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (token) {
      request.auth = await authenticateBearer(ctx, token);
      if (!request.auth) throw new AppError('UNAUTHENTICATED');
    } else if (mode === 'required') {
      throw new AppError('UNAUTHENTICATED');
    }
  });
}

/** The signed-in user of a route declared with auth 'required'. */
export function requireUser(request: { auth: import('./types').AuthState | null }) {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
