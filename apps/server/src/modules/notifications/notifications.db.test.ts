import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quickUser } from '../../test/quick-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createNotification } from './notifications.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOUR = 3_600_000;

async function person() {
  return quickUser(t.app.ctx);
}

/** `n` notifications for `userId`, one a minute ending `endsAgoMs` ago; answers them oldest first. */
async function seed(userId: number, n: number, options: { endsAgoMs?: number; sameTime?: boolean } = {}) {
  const end = Date.now() - (options.endsAgoMs ?? 0);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const createdAt = new Date(options.sameTime ? end : end - (n - 1 - i) * 60_000);
    rows.push(
      await createNotification(t.app.ctx.db, {
        userId,
        notificationType: 'CommentCreatedNotification',
        itemId: randomUUID(),
        boardId: 'AbCdEfGhIjK',
        subscribeableType: 'item',
        data: { body: `Note ${i} for ${userId}`, board_name: 'Roadmap', usage: 3, created_by_name: 'Ann' },
        createdAt,
      }),
    );
  }
  return rows;
}

const get = (token: string | undefined, url: string) => t.request({ method: 'GET', url, token });
const put = (token: string | undefined, url: string, json: unknown) =>
  t.request({ method: 'PUT', url, token, json });
const unreadCount = async (token: string) =>
  (await get(token, '/api/notifications/unread-count')).json().count as number;

describe('GET /api/notifications', () => {
  test('pages newest first with an opaque cursor, 20 a page, without gaps or repeats', async () => {
    const me = await person();
    const rows = await seed(me.id, 45);
    const seen: string[] = [];
    let after: string | null = null;
    const sizes: number[] = [];
    do {
      const res = await get(me.token, `/api/notifications${after ? `?after=${after}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      sizes.push(page.data.length);
      seen.push(...page.data.map((n: { id: string }) => n.id));
      expect(page.has_more).toBe(page.after !== null);
      after = page.after;
    } while (after);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual(rows.map((r) => r.id).reverse());
  });

  test('the shape of spec section 3, and a custom limit', async () => {
    const me = await person();
    const [row] = await seed(me.id, 1);
    const res = await get(me.token, '/api/notifications?limit=1');
    const page = res.json();
    expect(page.has_more).toBe(false);
    expect(page.data[0]).toEqual({
      id: row!.id,
      notification_type: 'CommentCreatedNotification',
      item_id: row!.itemId,
      folder_id: null,
      board_id: 'AbCdEfGhIjK',
      comment_id: null,
      template_id: null,
      team_id: null,
      subscribeable_type: 'item',
      subscribeable_id: null,
      read_at: null,
      created_at: row!.createdAt.toISOString(),
      data: { body: `Note 0 for ${me.id}`, board_name: 'Roadmap', usage: 3, created_by_name: 'Ann' },
      created_by_name: 'Ann',
      board_name: 'Roadmap',
      attribute_name: null,
      item_name: null,
      template_name: null,
      form_name: null,
      body: `Note 0 for ${me.id}`,
      usage: 3,
      limit: null,
    });
  });

  test('notifications created at the same instant page by id, none lost', async () => {
    const me = await person();
    const rows = await seed(me.id, 7, { sameTime: true });
    const seen: string[] = [];
    let url = '/api/notifications?limit=3';
    for (;;) {
      const page = (await get(me.token, url)).json();
      seen.push(...page.data.map((n: { id: string }) => n.id));
      if (!page.has_more) break;
      url = `/api/notifications?limit=3&after=${page.after}`;
    }
    expect([...seen].sort()).toEqual(rows.map((r) => r.id).sort());
    expect(new Set(seen).size).toBe(7);
  });

  test('unread=1 or true lists only unread ones, and pages among them', async () => {
    const me = await person();
    const rows = await seed(me.id, 25);
    const readIds = rows.filter((_, i) => i % 2 === 0).map((r) => r.id);
    expect((await put(me.token, '/api/notifications/read', { notification_ids: readIds })).json()).toEqual({
      ok: true,
      updated: 13,
    });
    for (const flag of ['1', 'true']) {
      const first = (await get(me.token, `/api/notifications?unread=${flag}&limit=10`)).json();
      expect(first.data).toHaveLength(10);
      expect(first.data.every((n: { read_at: string | null }) => n.read_at === null)).toBe(true);
      const second = (
        await get(me.token, `/api/notifications?unread=${flag}&limit=10&after=${first.after}`)
      ).json();
      expect(second.data).toHaveLength(2);
      expect(second.has_more).toBe(false);
    }
    expect((await get(me.token, '/api/notifications?unread=0')).json().data).toHaveLength(20);
  });

  test('another user’s notifications never show, and their cursor only positions in my own list', async () => {
    const me = await person();
    const them = await person();
    await seed(me.id, 3);
    await seed(them.id, 30);
    const mine = (await get(me.token, '/api/notifications')).json();
    expect(mine.data).toHaveLength(3);
    expect(JSON.stringify(mine)).not.toContain(`for ${them.id}`);
    const theirs = (await get(them.token, '/api/notifications')).json();
    const withTheirCursor = (await get(me.token, `/api/notifications?after=${theirs.after}`)).json();
    expect(JSON.stringify(withTheirCursor)).not.toContain(`for ${them.id}`);
  });

  test('422 on a bad cursor, limit or unread flag; 401 without auth', async () => {
    const me = await person();
    for (const query of [
      'after=garbage',
      `after=${Buffer.from('x|y').toString('base64url')}`,
      'limit=0',
      'limit=101',
      'unread=maybe',
    ]) {
      const res = await get(me.token, `/api/notifications?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get(undefined, '/api/notifications')).statusCode).toBe(401);
    expect((await get('not-a-token', '/api/notifications')).statusCode).toBe(401);
  });
});

describe('unread count, read and unread', () => {
  test('read and unread change the count; repeating them changes nothing', async () => {
    const me = await person();
    const rows = await seed(me.id, 4);
    const ids = rows.map((r) => r.id);
    expect(await unreadCount(me.token)).toBe(4);
    const read = await put(me.token, '/api/notifications/read', { notification_ids: ids.slice(0, 3) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ok: true, updated: 3 });
    expect(await unreadCount(me.token)).toBe(1);
    const listed = (await get(me.token, '/api/notifications')).json().data;
    expect(listed.filter((n: { read_at: string | null }) => n.read_at !== null)).toHaveLength(3);
    expect((await put(me.token, '/api/notifications/read', { notification_ids: ids })).json().updated).toBe(
      1,
    );
    expect(await unreadCount(me.token)).toBe(0);
    const unread = await put(me.token, '/api/notifications/unread', { notification_ids: [ids[0]] });
    expect(unread.json()).toEqual({ ok: true, updated: 1 });
    expect(
      (await put(me.token, '/api/notifications/unread', { notification_ids: [ids[0]] })).json().updated,
    ).toBe(0);
    expect(await unreadCount(me.token)).toBe(1);
  });

  test('another user’s ids are ignored by read and unread', async () => {
    const me = await person();
    const them = await person();
    const [theirs] = await seed(them.id, 1);
    const [mine] = await seed(me.id, 1);
    const res = await put(me.token, '/api/notifications/read', {
      notification_ids: [theirs!.id, mine!.id, randomUUID()],
    });
    expect(res.json()).toEqual({ ok: true, updated: 1 });
    expect(await unreadCount(them.token)).toBe(1);
    await put(them.token, '/api/notifications/read', { notification_ids: [theirs!.id] });
    expect(
      (await put(me.token, '/api/notifications/unread', { notification_ids: [theirs!.id] })).json().updated,
    ).toBe(0);
    expect(await unreadCount(them.token)).toBe(0);
  });

  test('422 on bad bodies; 401 without auth', async () => {
    const me = await person();
    const bad = [
      {},
      { notification_ids: [] },
      { notification_ids: 'abc' },
      { notification_ids: ['not-a-uuid'] },
      { notification_ids: [42] },
      { notification_ids: Array.from({ length: 501 }, () => randomUUID()) },
    ];
    for (const path of ['read', 'unread']) {
      for (const body of bad) {
        const res = await put(me.token, `/api/notifications/${path}`, body);
        expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(422);
      }
      expect(
        (await put(undefined, `/api/notifications/${path}`, { notification_ids: [randomUUID()] })).statusCode,
      ).toBe(401);
    }
    const many = await put(me.token, '/api/notifications/read', {
      notification_ids: Array.from({ length: 500 }, () => randomUUID()),
    });
    expect(many.json()).toEqual({ ok: true, updated: 0 });
    expect((await get(undefined, '/api/notifications/unread-count')).statusCode).toBe(401);
  });
});

describe('PUT /api/notifications/read-all', () => {
  test('marks only the caller’s notifications created up to read_at', async () => {
    const me = await person();
    const them = await person();
    const older = await seed(me.id, 3, { endsAgoMs: 3 * HOUR });
    const newer = await seed(me.id, 2, { endsAgoMs: HOUR });
    await seed(them.id, 2, { endsAgoMs: 3 * HOUR });
    // Exactly the newest old one's created_at: it is included.
    const readAt = older.at(-1)!.createdAt.toISOString();
    const res = await put(me.token, '/api/notifications/read-all', { read_at: readAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, updated: 3 });
    expect(await unreadCount(me.token)).toBe(2);
    expect(await unreadCount(them.token)).toBe(2);
    const unread = (await get(me.token, '/api/notifications?unread=1')).json().data;
    expect(unread.map((n: { id: string }) => n.id)).toEqual(newer.map((r) => r.id).reverse());

    // Read-all up to now: the count goes to zero.
    const now = await put(me.token, '/api/notifications/read-all', { read_at: new Date().toISOString() });
    expect(now.json().updated).toBe(2);
    expect(await unreadCount(me.token)).toBe(0);
  });

  test('a read_at a little ahead (clock skew) is accepted; further in the future or malformed is 422', async () => {
    const me = await person();
    await seed(me.id, 1);
    const skewed = await put(me.token, '/api/notifications/read-all', {
      read_at: new Date(Date.now() + 30_000).toISOString(),
    });
    expect(skewed.json()).toEqual({ ok: true, updated: 1 });
    for (const body of [
      {},
      { read_at: 'yesterday' },
      { read_at: 12345 },
      { read_at: new Date(Date.now() + 5 * 60_000).toISOString() },
    ]) {
      const res = await put(me.token, '/api/notifications/read-all', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(
      (await put(undefined, '/api/notifications/read-all', { read_at: new Date().toISOString() })).statusCode,
    ).toBe(401);
  });
});
