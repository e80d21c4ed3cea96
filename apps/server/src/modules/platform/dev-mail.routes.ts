import { devMailListSchema, devMailPath } from '@strata/contracts/dev-mail';
import { AppError } from '@strata/domain/errors';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema/platform';
import { onlyFromThisMachine } from '../../http/same-machine';
import { escapeHtml } from '../../mail/templates';

/**
 * The development outbox: registered only while no SMTP_URL is set and NODE_ENV is not
 * production, so it cannot exist where real mail flows. It holds password-reset and invitation
 * links, so it answers only requests from this machine; anyone else gets an unknown route's answer.
 */
export function devMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.devMailEnabled) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = () =>
    ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(200);
  const toDto = (m: typeof mailOutbox.$inferSelect) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    created_at: m.createdAt.toISOString(),
  });

  r.get(
    devMailPath,
    {
      config: { auth: 'public' },
      onRequest: onlyFromThisMachine,
      schema: { tags: ['development'], response: { 200: devMailListSchema } },
    },
    async () => (await list()).map(toDto),
  );

  r.get(
    '/dev/mail',
    { config: { auth: 'public' }, onRequest: onlyFromThisMachine, schema: { hide: true } },
    async (_request, reply) => {
      const mails = await list();
      const linkify = (text: string) =>
        escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
      const items = mails
        .map(
          (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</span>
  <a href="/dev/mail/${m.id}.html">HTML version</a></header>
  <pre>${linkify(m.text)}</pre>
</article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Mail outbox · ${escapeHtml(ctx.config.appName)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:Canvas;color:CanvasText;color-scheme:light dark}
h1{font-size:20px;margin:0 0 4px}p.note{margin:0 0 20px;opacity:.7}
article{border:1px solid color-mix(in srgb,CanvasText 20%,transparent);border-radius:8px;padding:12px 16px;margin-block-end:12px}
header{display:flex;gap:12px;flex-wrap:wrap;align-items:baseline}header span{opacity:.7;font-size:13px}
pre{white-space:pre-wrap;font:inherit;margin:8px 0 0}
</style></head><body>
<h1>Mail outbox</h1><p class="note">Development only: mail lands here because SMTP_URL is not set. Newest first.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`);
    },
  );

  r.get(
    '/dev/mail/:file',
    {
      config: { auth: 'public' },
      onRequest: onlyFromThisMachine,
      schema: { hide: true, params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.html$/) }) },
    },
    async (request, reply) => {
      const [mail] = await ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, request.params.file.slice(0, 36)))
        .limit(1);
      if (!mail) throw new AppError('NOT_FOUND');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .send(mail.html);
    },
  );
}
