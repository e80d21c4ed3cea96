import { unsubscribePath, unsubscribeQuery } from '@strata/contracts/notifications';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { authRateLimit } from '../../http/security';
import { turnOffAllNotificationMail } from './notification-preferences';
import { checkUnsubscribeLink } from './unsubscribe-link';
import { type UnsubscribePage, unsubscribePage } from './unsubscribe-page';

/** The page's own policy: no script at all, its inline style, and its form posting back here. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function sendPage(reply: FastifyReply, status: number, page: UnsubscribePage) {
  return reply
    .code(status)
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}

/**
 * The signed link of every notification mail (docs/notifications.md): `GET` asks to confirm (mail
 * scanners that open links change nothing), `POST` turns notification mail off for every kind
 * (the page's button, and RFC 8058 one-click from the mail client). Anonymous and rate-limited
 * like the sign-in routes; a bad, changed or expired link says so and changes nothing.
 */
export function unsubscribeRoutes(app: FastifyInstance, ctx: AppContext): void {
  // One-click clients post `List-Unsubscribe=One-Click` as a form; its content is not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = {
    config: { auth: 'public' as const, rateLimit: authRateLimit(ctx.config) },
    schema: { tags: ['notifications'], querystring: unsubscribeQuery },
  };
  const appName = ctx.config.appName;
  const settingsUrl = `${ctx.config.appUrl}/profile/notifications`;

  r.get(unsubscribePath, options, async (request, reply) => {
    const link = await checkUnsubscribeLink(ctx, request.query);
    const common = { appName, settingsUrl, acceptLanguage: request.headers['accept-language'] };
    if (!link.ok) return sendPage(reply, 400, unsubscribePage({ ...common, state: link.reason }));
    const action = `${unsubscribePath}?${new URLSearchParams(request.query as Record<string, string>)}`;
    return sendPage(
      reply,
      200,
      unsubscribePage({ ...common, locale: link.locale, state: 'confirm', action }),
    );
  });

  r.post(unsubscribePath, options, async (request, reply) => {
    const link = await checkUnsubscribeLink(ctx, request.query);
    const common = { appName, settingsUrl, acceptLanguage: request.headers['accept-language'] };
    if (!link.ok) return sendPage(reply, 400, unsubscribePage({ ...common, state: link.reason }));
    await turnOffAllNotificationMail(ctx, link.userId);
    return sendPage(reply, 200, unsubscribePage({ ...common, locale: link.locale, state: 'done' }));
  });
}
