import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config';

/** The web app keeps its refresh token in this HTTP-only cookie, sent only to /api/auth. */
export const REFRESH_COOKIE = 'strata_refresh';

export function setRefreshCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.appUrl.startsWith('https://'),
    maxAge: config.refreshTokenTtlS,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
}
