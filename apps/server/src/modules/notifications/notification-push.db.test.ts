import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { users } from '../../db/schema/users';
import { NOTIFICATION_MAIL_TEXTS } from '../../mail/notification-mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { NOTIFICATION_PUSH_JOB, pushNotifications } from './notification-push';
import { createNotification } from './notifications.service';
import { getVapidKeys } from './push-keys';
import { startPushService } from './push-service.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  // Loopback may be reached (and http endpoints on it saved) only because the tests say so.
  t = await createTestApp({
    env: { OUTGOING_ALLOW_LOOPBACK: 'true', VAPID_SUBJECT: 'mailto:ops@strata.test' },
  });
  api = itemApi(t);
  service = await startPushService();
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

const mention = (id: number) => `<span data-type="mention" data-id="${id}" data-label="X">@X</span>`;

async function commentOnNewItem(s: Seeded, html: string) {
  const { board, folder, name } = await api.newPlace(s, { name: 'Roadmap' });
  const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Launch plan' } } });
  const res = await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, s.owner.token, {
    text: { html },
    board_id: board.id,
    item_id: item.id,
    row_version: 1,
  });
  expect(res.status).toBe(200);
}

async function register(token: string, device: { token: unknown }) {
  const res = await api.send('POST', '/api/notifications/device-tokens', token, { token: device.token });
  expect(res.status).toBe(200);
}

/** Waits until every push job ran (and the producer's job before them). */
async function settled() {
  await expect
    .poll(
      async () =>
        (await t.app.ctx.jobs.pendingCount('notifications.produce')) +
        (await t.app.ctx.jobs.pendingCount(NOTIFICATION_PUSH_JOB)),
      { timeout: 15_000 },
    )
    .toBe(0);
}

const pushesTo = (path: string) => service.received.filter((push) => push.path === path);

describe('Web Push delivery', () => {
  test('a new notification reaches each device encrypted, with the VAPID header, in the person’s language', async () => {
    const s = await seedWorkspace(t);
    const person = s['full-member'];
    await t.app.ctx.db.update(users).set({ locale: 'fr' }).where(eq(users.id, person.id));
    const laptop = service.subscribe();
    const phone = service.subscribe();
    await register(person.token, laptop);
    await register(person.token, phone);

    await commentOnNewItem(s, `<p>${mention(person.id)} have a look</p>`);
    await expect
      .poll(() => pushesTo(laptop.path).length + pushesTo(phone.path).length, { timeout: 15_000 })
      .toBe(2);

    const [push] = pushesTo(laptop.path);
    const keys = await getVapidKeys(t.app.ctx);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe('86400');
    const auth = push!.headers.authorization ?? '';
    const match = auth.match(/^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/);
    expect(match, auth).not.toBeNull();
    expect(match![4]).toBe(keys.publicKey);
    const claims = JSON.parse(Buffer.from(match![2]!, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ aud: service.origin, sub: 'mailto:ops@strata.test' });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    const payload = laptop.decrypt(push!.body);
    const [notification] = (await api.send('GET', '/api/notifications', person.token)).body.data;
    const sentence = NOTIFICATION_MAIL_TEXTS.fr.types.mentioned
      .replace('{{name}}', 'Owner')
      .replace('{{item}}', 'Launch plan');
    expect(payload).toEqual({
      id: notification.id,
      title: sentence,
      body: '@X have a look',
      check: expect.stringMatching(new RegExp(`^${person.id}\\.\\d+\\.[\\w-]+$`)),
      url: expect.stringMatching(
        new RegExp(
          `^http://strata\\.test/b/\\w+/\\w+/[\\w-]+\\?t=comments&comment=[\\w-]+&notification=${notification.id}$`,
        ),
      ),
    });
    expect(phone.decrypt(pushesTo(phone.path)[0]!.body)).toEqual(payload);

    // The service worker, without a session, asks with the push's check whether it is still unread.
    const state = (id: string, check: string) =>
      t.request({
        method: 'GET',
        url: `/api/notifications/push-state?${new URLSearchParams({ id, check })}`,
      });
    expect((await state(payload.id, payload.check)).json()).toEqual({ unread: true });
    await api.send('PUT', '/api/notifications/read', person.token, { notification_ids: [payload.id] });
    expect((await state(payload.id, payload.check)).json()).toEqual({ unread: false });
    const [, expires, signature] = payload.check.split('.');
    for (const check of [
      `${s.owner.id}.${expires}.${signature}`,
      `${person.id}.${Number(expires) + 1}.${signature}`,
      `${payload.check}x`,
      'nonsense',
    ])
      expect((await state(payload.id, check)).statusCode, check).toBe(403);
    // A check answers for its own notification only.
    expect((await state(uuid(), payload.check)).statusCode).toBe(403);
    await settled();
    const rows = await t.app.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, person.id))
      .orderBy(asc(pushSubscriptions.createdAt));
    expect(rows.every((row) => row.lastUsedAt !== null)).toBe(true);
  }, 30_000);

  test('a 410 or 404 from the push service forgets that device; the others stay', async () => {
    const s = await seedWorkspace(t);
    const person = s.admin;
    const gone = service.subscribe();
    const unknown = service.subscribe();
    const kept = service.subscribe();
    const failing = service.subscribe();
    service.answer(gone.path, 410);
    service.answer(unknown.path, 404);
    service.answer(failing.path, 500);
    for (const device of [gone, unknown, kept, failing]) await register(person.token, device);

    await commentOnNewItem(s, `<p>${mention(person.id)} ping</p>`);
    await expect.poll(() => pushesTo(kept.path).length, { timeout: 15_000 }).toBe(1);
    await settled();
    const endpoints = (
      await t.app.ctx.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, person.id))
        .orderBy(asc(pushSubscriptions.endpoint))
    ).map((row) => row.endpoint);
    // A 500 is a failure of the moment: that device is kept.
    expect(endpoints).toEqual([kept.token.endpoint, failing.token.endpoint].sort());
  }, 30_000);

  test('a kind with push turned off is not pushed (the bell still has it); other people’s choices are their own', async () => {
    const s = await seedWorkspace(t);
    const person = s['restricted-member'];
    const device = service.subscribe();
    const ownersDevice = service.subscribe();
    await register(person.token, device);
    await register(s.owner.token, ownersDevice);
    const saved = await api.send('PUT', '/api/me/notification-preferences', person.token, {
      preferences: [{ notification_type: 'MentionedInCommentNotification', push: false }],
    });
    expect(saved.status).toBe(200);

    await commentOnNewItem(s, `<p>${mention(person.id)} quiet please</p>`);
    await expect
      .poll(async () => (await api.send('GET', '/api/notifications', person.token)).body.data.length, {
        timeout: 15_000,
      })
      .toBe(1);
    await settled();
    expect(pushesTo(device.path)).toHaveLength(0);
  }, 30_000);

  test('a notification already read is never pushed', async () => {
    const s = await seedWorkspace(t);
    const person = s.guest;
    const device = service.subscribe();
    await register(person.token, device);
    const row = await createNotification(t.app.ctx.db, {
      userId: person.id,
      teamId: s.team.id,
      notificationType: 'CommentCreatedNotification',
      data: { item_name: 'Launch plan' },
    });
    await api.send('PUT', '/api/notifications/read', person.token, { notification_ids: [row.id] });
    expect(await pushNotifications(t.app.ctx, { userId: person.id, notificationIds: [row.id] })).toEqual([]);
    await api.send('PUT', '/api/notifications/unread', person.token, { notification_ids: [row.id] });
    expect(await pushNotifications(t.app.ctx, { userId: person.id, notificationIds: [row.id] })).toEqual([
      'sent',
    ]);
    // Another person's notification is never pushed to this person's devices.
    expect(await pushNotifications(t.app.ctx, { userId: s.owner.id, notificationIds: [row.id] })).toEqual([]);
    expect(pushesTo(device.path)).toHaveLength(1);
  }, 30_000);
});
