import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential (the unsubscribe link's signature, a push check). */
const SECRET_QUERY = /([?&](?:s|check)=)[^&#]*/g;

/** Path segments that are a credential: a calendar feed's token. */
const SECRET_PATH = /(\/api\/calendar-feeds\/)[^/?#]+/;

/** A request URL as the log may keep it: its credentials replaced by `[secret]`. */
export function urlForLog(url: string): string {
  return url.replace(SECRET_PATH, '$1[secret]').replace(SECRET_QUERY, '$1[secret]');
}

/** The log's view of a request (Fastify's default fields), the URL's credentials hidden. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
