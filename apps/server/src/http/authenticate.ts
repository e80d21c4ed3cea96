import { AppError } from '@strata/domain/errors';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { authenticateBearer } from '../modules/auth/sessions.service';
import { appendRouteHook, routeAuthMode } from './route-hooks';

/**
 * Resolves `Authorization: Bearer` on every request. Routes are authenticated unless their config
 * says `auth: 'public'` or `'optional'`; API routes default to required, other paths to public.
 * A token that is sent but invalid is a 401 on any non-public route, so clients refresh it.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    const mode = routeAuthMode(route);
    if (mode === 'public') return;
    const hook: onRequestHookHandler = (request, _reply, done) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) return done(mode === 'required' ? new AppError('UNAUTHENTICATED') : undefined);
      authenticateBearer(ctx, token).then((auth) => {
        request.auth = auth;
        done(auth ? undefined : new AppError('UNAUTHENTICATED'));
      }, done);
    };
    appendRouteHook(route, 'onRequest', hook);
  });
}

/** The signed-in user of a route declared with auth 'required'. */
export function requireUser(request: { auth: import('./types').AuthState | null }) {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
