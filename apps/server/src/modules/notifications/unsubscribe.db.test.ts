import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { NOTIFICATION_MAIL_TEXTS } from '../../mail/notification-mail';
import { escapeHtml } from '../../mail/templates';
import { quickUser } from '../../test/quick-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { createUnsubscribeUrl, UNSUBSCRIBE_LINK_TTL_S } from './unsubscribe-link';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { NOTIFICATION_EMAIL_DELAY_S: '0' } });
});
afterAll(() => t?.close());

const PREFS = '/api/me/notification-preferences';
const en = NOTIFICATION_MAIL_TEXTS['en-US'].unsubscribe;

/** The caller's choices as `{ email, push }` per kind. */
async function choices(token: string) {
  const res = await t.request({ method: 'GET', url: PREFS, token });
  return res.json().preferences as { notification_type: string; email: boolean; push: boolean }[];
}

/** The path and query of a link, as inject takes them. */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const post = (url: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('the unsubscribe link of notification mail', () => {
  test('the mailed link asks first (GET changes nothing), then turns every kind’s mail off, in the person’s language', async () => {
    const s = await seedWorkspace(t);
    const person = s['full-member'];
    await t.app.ctx.db.update(users).set({ locale: 'ar' }).where(eq(users.id, person.id));
    const api = itemApi(t);
    const { board, folder, name } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Launch plan' } } });
    const mention = `<span data-type="mention" data-id="${person.id}" data-label="X">@X</span>`;
    await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, s.owner.token, {
      text: { html: `<p>${mention} look</p>` },
      board_id: board.id,
      item_id: item.id,
      row_version: 1,
    });
    const mail = await t.waitForMail(person.email);
    const ar = NOTIFICATION_MAIL_TEXTS.ar.unsubscribe;
    const link = mail.text.match(new RegExp(`${ar.mailLink}: (\\S+)`))?.[1];
    expect(link).toMatch(/^http:\/\/strata\.test\/api\/unsubscribe\?u=\d+&e=\d+&s=[\w-]+$/);
    expect(mail.html).toContain(escapeHtml(link!));

    const page = await t.request({ method: 'GET', url: local(link!) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain(escapeHtml(ar.button));
    expect(page.body).toContain(`action="${escapeHtml(local(link!))}"`);
    expect((await choices(person.token)).every((entry) => entry.email)).toBe(true);

    const done = await post(local(link!));
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(escapeHtml(ar.done.replace('{{appName}}', 'Strata')));
    const after = await choices(person.token);
    expect(after.every((entry) => !entry.email)).toBe(true);
    // Push and the bell are left as they were.
    expect(after.every((entry) => entry.push)).toBe(true);
    // Someone else's choices are untouched; using the link again is harmless.
    expect((await choices(s.owner.token)).every((entry) => entry.email)).toBe(true);
    expect((await post(local(link!))).statusCode).toBe(200);
  }, 30_000);

  test('a changed signature, person or expiry is refused with a clear page and changes nothing', async () => {
    const person = await quickUser(t.app.ctx);
    const other = await quickUser(t.app.ctx);
    const link = new URL(await createUnsubscribeUrl(t.app.ctx, person.id));
    const q = Object.fromEntries(link.searchParams) as { u: string; e: string; s: string };
    const flipped = q.s[0] === 'A' ? `B${q.s.slice(1)}` : `A${q.s.slice(1)}`;
    const tampered: Record<string, string>[] = [
      { ...q, s: flipped },
      { ...q, s: q.s.slice(0, -1) },
      { ...q, u: String(other.id) },
      { ...q, e: String(Number(q.e) + 86_400) },
      { u: q.u, e: q.e },
      { u: 'x', e: q.e, s: q.s },
      {},
    ];
    for (const query of tampered) {
      const url = `/api/unsubscribe?${new URLSearchParams(query)}`;
      for (const res of [await t.request({ method: 'GET', url }), await post(url)]) {
        expect(res.statusCode, url).toBe(400);
        expect(res.body).toContain(escapeHtml(en.invalid));
        expect(res.body).not.toContain('<form');
      }
    }
    expect((await choices(person.token)).every((entry) => entry.email)).toBe(true);
    expect((await choices(other.token)).every((entry) => entry.email)).toBe(true);
  });

  test('an expired link says so and changes nothing', async () => {
    const person = await quickUser(t.app.ctx);
    const past = new Date(Date.now() - (UNSUBSCRIBE_LINK_TTL_S + 60) * 1000);
    const ctx = { ...t.app.ctx, clock: { now: () => past } } as AppContext;
    const url = local(await createUnsubscribeUrl(ctx, person.id));
    const res = await post(url, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(400);
    // Before the link is trusted, the page speaks the browser's language.
    expect(res.body).toContain(escapeHtml(NOTIFICATION_MAIL_TEXTS.de.unsubscribe.expired));
    expect((await choices(person.token)).every((entry) => entry.email)).toBe(true);
  });
});

test('the unsubscribe routes are rate-limited like the other anonymous routes', async () => {
  const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await limited.request({ method: 'GET', url: '/api/unsubscribe?u=1&e=1&s=x' })).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 429]);
  } finally {
    await limited.close();
  }
});
