import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { NOTIFICATION_MAIL_TEXTS } from '../../mail/notification-mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
const DELAY_S = 2;
beforeAll(async () => {
  t = await createTestApp({ env: { NOTIFICATION_EMAIL_DELAY_S: String(DELAY_S) } });
  api = itemApi(t);
});
afterAll(() => t?.close());

const mention = (id: number) => `<span data-type="mention" data-id="${id}" data-label="X">@X</span>`;

async function place(s: Seeded) {
  const { board, folder, name } = await api.newPlace(s, { name: 'Roadmap' });
  const people = await api.newAttribute(s, board.id, 'members', { name: 'People' });
  const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Launch plan' } } });
  return { boardId: board.id, folderId: folder.id, itemId: item.id, peopleId: people.id };
}

async function comment(s: Seeded, p: Awaited<ReturnType<typeof place>>, token: string, html: string) {
  const res = await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, token, {
    text: { html },
    board_id: p.boardId,
    item_id: p.itemId,
    row_version: 1,
  });
  expect(res.status).toBe(200);
}

const mailsTo = async (email: string) =>
  t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));

describe('notifications by mail', () => {
  test('unread notifications are mailed after the delay, several as one mail, in the person’s language; read ones never', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    await t.app.ctx.db.update(users).set({ locale: 'fr' }).where(eq(users.id, s['full-member'].id));
    // The admin is put in People (a notification), and reads it at once.
    await api.putItem(s, s.owner.token, p.itemId, {
      values: { [p.peopleId]: { data: [s.admin.id] } },
      row_version: 2,
    });
    let adminNotification: string | undefined;
    await expect
      .poll(async () => {
        const list = await api.send('GET', '/api/notifications', s.admin.token);
        adminNotification = list.body.data[0]?.id;
        return adminNotification;
      })
      .toBeTruthy();
    await api.send('PUT', '/api/notifications/read', s.admin.token, {
      notification_ids: [adminNotification],
    });
    // (and stops following the item, so that the comments below do not concern them)
    const stopped = await api.send('PUT', `/api/${s.team.id}/items/${p.itemId}/follow`, s.admin.token, {
      following: false,
    });
    expect(stopped.body).toEqual({ following: false });
    // Two comments in a row: the owner (the item's creator) hears of both, in one mail.
    await comment(s, p, s.guest.token, `<p>${mention(s['full-member'].id)} first look</p>`);
    await comment(s, p, s.guest.token, '<p>second thought</p>');

    const digest = await t.waitForMail(s.owner.email, /2 new notifications/);
    expect(digest.text).toContain('A guest commented on Launch plan');
    expect(digest.text).toContain('second thought');
    expect(digest.text).toMatch(/\/b\/\w+\/\w+\/[\w-]+\?t=comments&comment=[\w-]+&notification=[\w-]+/);
    expect(digest.html).toContain('<a href="http://strata.test/b/');

    const fr = NOTIFICATION_MAIL_TEXTS.fr;
    const mentioned = await t.waitForMail(s['full-member'].email);
    const sentence = fr.types.mentioned.replace('{{name}}', 'A guest').replace('{{item}}', 'Launch plan');
    expect(mentioned.subject).toBe(sentence);
    expect(mentioned.text).toContain(fr.intro);

    // Past the delay for all of them: one mail each, none for what was read.
    await new Promise((resolve) => setTimeout(resolve, (DELAY_S + 2) * 1000));
    t.app.ctx.jobs.wake('notifications.email');
    expect(await mailsTo(s.owner.email)).toHaveLength(1);
    expect(await mailsTo(s['full-member'].email)).toHaveLength(1);
    expect(await mailsTo(s.admin.email)).toHaveLength(0);
  }, 30_000);

  test('preferences: every kind is mailed by default; a kind turned off stays in the bell only', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const path = '/api/me/notification-preferences';
    const defaults = await api.send('GET', path, s['full-member'].token);
    expect(defaults.body.preferences).toHaveLength(13);
    expect(defaults.body.preferences.every((entry: { email: boolean }) => entry.email)).toBe(true);
    for (const bad of [
      { preferences: [] },
      { preferences: [{ notification_type: 'NoSuchNotification', email: false }] },
      {
        preferences: [
          { notification_type: 'MentionedInCommentNotification', email: false },
          { notification_type: 'MentionedInCommentNotification', email: true },
        ],
      },
    ])
      expect((await api.send('PUT', path, s['full-member'].token, bad)).status).toBe(422);
    // An entry without email or push changes nothing, and is refused.
    expect(
      (
        await api.send('PUT', path, s['full-member'].token, {
          preferences: [{ notification_type: 'MentionedInCommentNotification' }],
        })
      ).status,
    ).toBe(422);
    const saved = await api.send('PUT', path, s['full-member'].token, {
      preferences: [{ notification_type: 'MentionedInCommentNotification', email: false }],
    });
    expect(saved.status).toBe(200);
    const mentions = saved.body.preferences.find(
      (entry: { notification_type: string }) => entry.notification_type === 'MentionedInCommentNotification',
    );
    expect(mentions).toEqual({
      notification_type: 'MentionedInCommentNotification',
      email: false,
      push: true,
    });
    // Someone else's choices are their own.
    expect(
      (await api.send('GET', path, s.guest.token)).body.preferences.every((e: { email: boolean }) => e.email),
    ).toBe(true);

    await comment(s, p, s.guest.token, `<p>${mention(s['full-member'].id)} look</p>`);
    await expect
      .poll(
        async () => (await api.send('GET', '/api/notifications', s['full-member'].token)).body.data.length,
      )
      .toBe(1);
    // The owner's mail about the same comment comes; the mention's never does.
    await t.waitForMail(s.owner.email, /commented on Launch plan/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    t.app.ctx.jobs.wake('notifications.email');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(s['full-member'].email)).toHaveLength(0);
  }, 30_000);

  test('preferences: push is on by default; email and push change independently, what is left out stays', async () => {
    const s = await seedWorkspace(t);
    const path = '/api/me/notification-preferences';
    const token = s.admin.token;
    const kind = (answer: { body: { preferences: { notification_type: string }[] } }, type: string) =>
      answer.body.preferences.find((entry) => entry.notification_type === type);
    const defaults = await api.send('GET', path, token);
    expect(defaults.body.preferences.every((entry: { push: boolean }) => entry.push)).toBe(true);
    const pushOff = await api.send('PUT', path, token, {
      preferences: [{ notification_type: 'CommentCreatedNotification', push: false }],
    });
    expect(kind(pushOff, 'CommentCreatedNotification')).toEqual({
      notification_type: 'CommentCreatedNotification',
      email: true,
      push: false,
    });
    const emailOff = await api.send('PUT', path, token, {
      preferences: [
        { notification_type: 'CommentCreatedNotification', email: false },
        { notification_type: 'MentionedInCommentNotification', email: false, push: false },
      ],
    });
    expect(kind(emailOff, 'CommentCreatedNotification')).toMatchObject({ email: false, push: false });
    expect(kind(emailOff, 'MentionedInCommentNotification')).toMatchObject({ email: false, push: false });
    const reread = await api.send('GET', path, token);
    expect(reread.body).toEqual(emailOff.body);
    expect(kind(reread, 'CommentReactionCreatedNotification')).toMatchObject({ email: true, push: true });
    expect(
      (
        await api.send('PUT', path, token, {
          preferences: [{ notification_type: 'CommentCreatedNotification', push: 'no' }],
        })
      ).status,
    ).toBe(422);
  });
});
