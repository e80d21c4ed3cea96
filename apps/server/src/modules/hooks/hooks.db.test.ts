import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { hookDeliveries, hooks } from '../../db/schema/hooks';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, ROLES, type RoleName, uuid } from '../items/items.fixtures';
import { drainHook } from './hook-delivery';
import { HOOK_DELIVERY_JOB } from './hook-fanout';
import { hookApi, startReceiver } from './hooks.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
let h: ReturnType<typeof hookApi>;
// The services' clock: moved forward to reach a delivery's next attempt.
let shift = 0;
const clock = { now: () => new Date(Date.now() + shift) };

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }, clock });
  api = itemApi(t);
  s = await seedWorkspace(t);
  h = hookApi(api, s);
});
afterAll(() => t?.close());

async function place() {
  const { board, folder, name } = await api.newPlace(s, { name: 'Hooked' });
  return { board, folder, name };
}

const hookBody = (boardId: string, url: string, events: unknown[] = ['item.created']) => ({
  board_id: boardId,
  url,
  events,
  row_version: 1,
});

/** The hook's deliveries once every event so far has been handed out and its jobs have run. */
async function settled(hookId: string, atLeast: number, state?: string) {
  await t.app.dispatcher.settled();
  t.app.ctx.jobs.wake(HOOK_DELIVERY_JOB);
  return vi.waitFor(
    async () => {
      await t.app.dispatcher.settled();
      const rows = await t.app.ctx.db
        .select()
        .from(hookDeliveries)
        .where(eq(hookDeliveries.hookId, hookId))
        .orderBy(hookDeliveries.eventId, hookDeliveries.createdAt);
      expect(rows.length).toBeGreaterThanOrEqual(atLeast);
      if (state) expect(rows.filter((row) => row.state !== state)).toEqual([]);
      t.app.ctx.jobs.wake(HOOK_DELIVERY_JOB);
      return rows;
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe('saving hooks', () => {
  test('created with either form of events, answered with its secret; the secret is stored sealed', async () => {
    const { board } = await place();
    const id = uuid();
    const res = await h.put(
      s.owner.token,
      id,
      hookBody(board.id, 'https://example.com/in', [{ event: 'comment.created' }, 'item.created']),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id,
      object: 'hook',
      board_id: board.id,
      user_id: s.owner.id,
      events: ['item.created', 'comment.created'],
      enabled: true,
      off_reason: null,
      row_version: 1,
    });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [stored] = await t.app.ctx.db.select().from(hooks).where(eq(hooks.id, id));
    expect(stored!.secret.startsWith('v1.')).toBe(true);
    expect(stored!.secret).not.toContain(res.body.secret.slice(6));
    // Compare-and-set: an edit based on another version is refused with the current hook.
    const stale = await h.put(s.owner.token, id, {
      ...hookBody(board.id, 'https://example.com/b'),
      row_version: 3,
    });
    expect(stale.status).toBe(409);
    const edited = await h.put(s.owner.token, id, {
      ...hookBody(board.id, 'https://example.com/b'),
      row_version: 2,
    });
    expect(edited.body).toMatchObject({
      url: 'https://example.com/b',
      row_version: 2,
      secret: res.body.secret,
    });
    const mine = await h.mine(s.owner.token);
    expect(mine.body.find((hook: { id: string }) => hook.id === id)).toMatchObject({
      board_name: 'Hooked',
      team_name: expect.any(String),
    });
  });

  test.each([
    [{ url: 'ftp://example.com/x' }, 'url'],
    [{ url: 'https://user:pass@example.com/x' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ events: [] }, 'events'],
    [{ events: ['item.moved'] }, 'events.0'],
    // Inside addresses, in any notation (the receivers of these tests are on an allowed host).
    [{ url: 'http://169.254.169.254/latest/meta-data' }, 'url'],
    [{ url: 'http://0xa9fea9fe:8080/x' }, 'url'],
    [{ url: 'http://[::ffff:10.0.0.1]/x' }, 'url'],
    [{ url: 'http://localhost:3000/x' }, 'url'],
  ])('%j is refused and nothing is saved', async (change, path) => {
    const { board } = await place();
    const id = uuid();
    const res = await h.put(s.owner.token, id, {
      ...hookBody(board.id, 'https://example.com/in'),
      ...change,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect((await h.board(s.owner.token, board.id)).body).toEqual([]);
  });

  test('rotating the secret: the new one and, for a day, the old one sign', async () => {
    const { board } = await place();
    const id = uuid();
    const receiver = await startReceiver();
    try {
      const created = await h.put(s.owner.token, id, hookBody(board.id, receiver.url));
      const rotated = await h.patch(s.owner.token, id, { rotate_secret: true });
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).not.toBe(created.body.secret);
      expect((await h.test(s.owner.token, id)).body).toMatchObject({ ok: true, status: 200, error: null });
      const [ping] = receiver.received;
      expect(String(ping!.headers['webhook-signature']).split(' ')).toHaveLength(2);
      for (const secret of [created.body.secret, rotated.body.secret])
        expect(new Webhook(secret).verify(ping!.body, ping!.headers as Record<string, string>)).toMatchObject(
          { type: 'ping' },
        );
      // Once its day is over, only the new one signs.
      await t.app.ctx.db
        .update(hooks)
        .set({ previousSecretUntil: new Date(Date.now() - 1000) })
        .where(eq(hooks.id, id));
      expect((await h.test(s.owner.token, id)).body).toMatchObject({ ok: true });
      expect(String(receiver.received[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(() =>
        new Webhook(created.body.secret).verify(
          receiver.received[1]!.body,
          receiver.received[1]!.headers as Record<string, string>,
        ),
      ).toThrow();
    } finally {
      await receiver.close();
    }
  });

  test('the test reports a receiver that refuses, and one that cannot be reached', async () => {
    const { board } = await place();
    const receiver = await startReceiver([500]);
    const id = uuid();
    await h.put(s.owner.token, id, hookBody(board.id, receiver.url));
    expect((await h.test(s.owner.token, id)).body).toMatchObject({
      ok: false,
      status: 500,
      error: 'The receiver answered 500.',
    });
    await receiver.close();
    const unreachable = await h.test(s.owner.token, id);
    expect(unreachable.body).toMatchObject({ ok: false, status: null });
    expect(unreachable.body.error).toBeTruthy();
  });
});

describe('who may manage a board’s hooks (MANAGE_AUTOMATIONS)', () => {
  const allowed: RoleName[] = ['owner', 'admin', 'full-member'];
  const denied = ROLES.filter((role) => !allowed.includes(role));

  test.each(allowed)('%s lists, saves, edits and deletes', async (role) => {
    const { board } = await place();
    const id = uuid();
    const token = s[role].token;
    expect((await h.put(token, id, hookBody(board.id, 'https://example.com/in'))).status).toBe(200);
    expect((await h.board(token, board.id)).body.map((hook: { id: string }) => hook.id)).toEqual([id]);
    expect((await h.patch(token, id, { enabled: false })).body).toMatchObject({ enabled: false });
    expect((await h.logs(token, id)).status).toBe(200);
    expect((await h.remove(token, id)).body).toEqual({ id, object: 'hook', deleted: true });
    expect((await h.board(token, board.id)).body).toEqual([]);
  });

  test.each(denied)('%s may not list, save, edit, test or delete', async (role) => {
    const { board } = await place();
    const id = uuid();
    const saved = await h.put(s.owner.token, id, hookBody(board.id, 'https://example.com/in'));
    const token = s[role].token;
    expect((await h.board(token, board.id)).status).toBe(403);
    expect((await h.put(token, uuid(), hookBody(board.id, 'https://example.com/x'))).status).toBe(403);
    expect((await h.patch(token, id, { url: 'https://example.com/x' })).status).toBe(403);
    expect((await h.test(token, id)).status).toBe(403);
    expect((await h.logs(token, id)).status).toBe(403);
    expect((await h.remove(token, id)).status).toBe(403);
    expect((await h.board(s.owner.token, board.id)).body).toMatchObject([
      { id, url: 'https://example.com/in', row_version: saved.body.row_version },
    ]);
  });
});

describe('delivering events', () => {
  test('each event the hook asked for, signed, with its object under data and payload; once', async () => {
    const { board, folder, name } = await place();
    const receiver = await startReceiver();
    try {
      const id = uuid();
      const created = await h.put(
        s.owner.token,
        id,
        hookBody(board.id, receiver.url, ['item.created', 'item.finalized', 'value.updated']),
      );
      const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'First' } } });
      await api.putItem(s, s.owner.token, item.id, {
        values: { [name.id]: { data: 'Second' } },
        row_version: 2,
      });
      const rows = await settled(id, 3, 'delivered');
      expect(rows.map((row) => row.eventType)).toEqual(['item.created', 'item.finalized', 'value.updated']);
      expect(receiver.received).toHaveLength(3);
      const bodies = receiver.received.map((one) => {
        const verified = new Webhook(created.body.secret).verify(
          one.body,
          one.headers as Record<string, string>,
        );
        return verified as { type: string; data: Record<string, unknown>; payload: Record<string, unknown> };
      });
      expect(bodies.map((body) => body.type)).toEqual(['item.created', 'item.finalized', 'value.updated']);
      expect(bodies[0]!.payload).toMatchObject({
        id: item.id,
        object: 'item',
        folder_id: folder.id,
        deleted: false,
      });
      expect(Date.parse(String(bodies[0]!.payload.created_at))).not.toBeNaN();
      expect(bodies[0]!.payload).toEqual(bodies[0]!.data);
      expect(bodies[2]!.payload).toMatchObject({
        object: 'value',
        item_id: item.id,
        attribute_id: name.id,
        data: 'Second',
      });
      // The same event handed out again, the same job run again: nothing more is sent.
      await drainHook(t.app.ctx, s.team.id, id);
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  test('a failing receiver is retried on the schedule, logged each time, then delivered; redeliver sends it again', async () => {
    const { board, folder } = await place();
    const receiver = await startReceiver([503, 500, 200]);
    try {
      const id = uuid();
      await h.put(s.owner.token, id, hookBody(board.id, receiver.url));
      await api.newItem(s, folder.id);
      const [first] = await settled(id, 1);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
      // The attempt's outcome is written once the answer is in.
      await vi.waitFor(async () => {
        const [pending] = await t.app.ctx.db
          .select()
          .from(hookDeliveries)
          .where(eq(hookDeliveries.id, first!.id));
        expect(pending).toMatchObject({ state: 'pending', attempts: 1 });
      });
      // Not due before its 5 s.
      await drainHook(t.app.ctx, s.team.id, id);
      expect(receiver.received).toHaveLength(1);
      shift = 6_000;
      await drainHook(t.app.ctx, s.team.id, id);
      shift = 6_000 + 6 * 60_000;
      await drainHook(t.app.ctx, s.team.id, id);
      expect(receiver.received).toHaveLength(3);
      const logs = await h.logs(s.owner.token, id);
      expect(
        logs.body.data.map((entry: { attempt: number; response_status: number }) => [
          entry.attempt,
          entry.response_status,
        ]),
      ).toEqual([
        [3, 200],
        [2, 500],
        [1, 503],
      ]);
      expect(logs.body.data[0]).toMatchObject({
        delivery_state: 'delivered',
        event_type: 'item.created',
        response_body: 'answer 200',
      });
      expect(logs.body.data[2].request_headers['webhook-id']).toBe(
        logs.body.data[0].request_headers['webhook-id'],
      );
      const failures = await h.logs(s.owner.token, id, '?status=failure');
      expect(failures.body.data.map((entry: { attempt: number }) => entry.attempt)).toEqual([2, 1]);
      const page = await h.logs(s.owner.token, id, `?limit=1&before=${logs.body.data[0].id}`);
      expect(page.body).toMatchObject({ has_more: true, data: [{ attempt: 2 }] });
      const [hook] = await t.app.ctx.db.select().from(hooks).where(eq(hooks.id, id));
      expect(hook).toMatchObject({ failingSince: null, enabled: true });

      const again = await h.redeliver(s.owner.token, id, first!.id);
      expect(again.status).toBe(202);
      await settled(id, 2, 'delivered');
      await vi.waitFor(() => expect(receiver.received).toHaveLength(4));
      // The same message, so the receiver can tell it is the same event.
      expect(receiver.received[3]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
      expect(
        (await h.replay(s.owner.token, id, new Date(Date.now() - 3_600_000).toISOString())).body,
      ).toEqual({ deliveries: 1 });
    } finally {
      shift = 0;
      await receiver.close();
    }
  });

  test('a 410 switches the hook off and mails its creator; switched on, what waited goes out', async () => {
    const { board, folder } = await place();
    const receiver = await startReceiver([410]);
    try {
      const id = uuid();
      await h.put(s.owner.token, id, hookBody(board.id, receiver.url));
      await api.newItem(s, folder.id);
      await vi.waitFor(async () => {
        const [hook] = await t.app.ctx.db.select().from(hooks).where(eq(hooks.id, id));
        expect(hook).toMatchObject({ enabled: false, offReason: 'gone' });
      });
      await t.waitForMail(s.owner.email, /A webhook was switched off/);
      // Off: a new event makes no delivery.
      await api.newItem(s, folder.id);
      await t.app.dispatcher.settled();
      expect(
        await t.app.ctx.db.select().from(hookDeliveries).where(eq(hookDeliveries.hookId, id)),
      ).toHaveLength(1);
      receiver.answer([200]);
      shift = 6_000;
      const on = await h.patch(s.owner.token, id, { enabled: true });
      expect(on.body).toMatchObject({ enabled: true, off_reason: null, failing_since: null });
      await settled(id, 1, 'delivered');
    } finally {
      shift = 0;
      await receiver.close();
    }
  });

  test('a hook does not get what its creator does not see: a private folder of the board', async () => {
    const { board, folder } = await place();
    const secret = await api.newFolder(s, board.id, { name: 'Secret' });
    const saved = await api.send('PUT', `/api/${s.team.id}/folders/${secret.id}`, s.owner.token, {
      board_id: board.id,
      name: 'Secret',
      settings: { private: true, member_ids: [s.owner.id] },
      row_version: 2,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const receiver = await startReceiver();
    try {
      const id = uuid();
      await h.put(s['full-member'].token, id, hookBody(board.id, receiver.url));
      const open = await api.newItem(s, folder.id);
      await api.newItem(s, secret.id);
      const rows = await settled(id, 1, 'delivered');
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.body).payload.id).toBe(open.id);
      const other = await t.app.ctx.db
        .select()
        .from(hookDeliveries)
        .where(and(eq(hookDeliveries.hookId, id), eq(hookDeliveries.eventType, 'item.created')));
      expect(other).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('an automation sends to a webhook', () => {
  test('the item goes to the chosen hook, signed, naming the automation; an unknown hook cannot be chosen', async () => {
    const { board, folder, name } = await place();
    const receiver = await startReceiver();
    try {
      const id = uuid();
      const hook = await h.put(s.owner.token, id, hookBody(board.id, receiver.url, ['comment.created']));
      const save = (hookId: string) =>
        api.send('PUT', `/api/${s.team.id}/automations/${uuid()}`, s.owner.token, {
          board_id: board.id,
          name: 'Tell the tracker',
          enabled: true,
          recipe: { trigger: { kind: 'item_created' }, actions: [{ kind: 'call_webhook', hook_id: hookId }] },
          row_version: 1,
        });
      const refused = await save(uuid());
      expect(refused.status).toBe(422);
      expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual([
        'recipe.actions.0.hook_id',
      ]);
      expect((await save(id)).status).toBe(200);
      const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Ship it' } } });
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 15_000 });
      const body = new Webhook(hook.body.secret).verify(
        receiver.received[0]!.body,
        receiver.received[0]!.headers as Record<string, string>,
      ) as {
        type: string;
        payload: { id: string };
        automation: { name: string };
      };
      // Only the call: the hook did not ask for item events.
      expect(body).toMatchObject({
        type: 'automation.called',
        payload: { id: item.id },
        automation: { name: 'Tell the tracker' },
      });
      // The attempt is logged once its answer is in.
      await vi.waitFor(async () => {
        const logs = await h.logs(s.owner.token, id);
        expect(logs.body.data).toMatchObject([
          { event_type: 'automation.called', delivery_state: 'delivered' },
        ]);
      });
    } finally {
      await receiver.close();
    }
  });
});
