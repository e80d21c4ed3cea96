import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { NotificationRow } from '../../db/schema/notifications';
import { FANOUT_KEY } from '../../events/outbox';
import { deliveriesOf } from '../../realtime/realtime-subscriber';
import { createTestApp, type TestApp } from '../../test/test-app';
import { announceNotifications } from './notification-writes';
import { toNotificationDto } from './notifications.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const createdAt = new Date('2026-11-27T10:00:00.000Z');

function row(
  userId: number,
  data: Record<string, unknown>,
  type = 'CommentCreatedNotification',
): NotificationRow {
  return {
    id: randomUUID(),
    userId,
    notificationType: type,
    teamId: 1,
    itemId: 'item-1',
    folderId: 'folder-1',
    boardId: 'board-1',
    commentId: 'comment-1',
    templateId: null,
    subscribeableType: 'item',
    subscribeableId: 'item-1',
    data,
    readAt: null,
    emailedAt: null,
    createdAt,
  };
}

/** The announcement events one call wrote, as the real-time subscriber sends them. */
async function announce(rows: NotificationRow[]) {
  const actorId = 9_000 + Math.floor(Math.random() * 1_000_000);
  await t.app.ctx.db.transaction((tx) => announceNotifications(tx, rows, actorId));
  const { rows: events } = await t.app.ctx.database.executeSql(
    `SELECT id, team_id, type, channel, actor_id, payload, created_at FROM events
      WHERE type = 'notification.created' AND actor_id = $1 ORDER BY id`,
    [actorId],
  );
  return events.map((event) => ({
    id: Number(event.id),
    teamId: event.team_id as number,
    type: event.type as string,
    channel: event.channel as string,
    actorId,
    payload: event.payload as Record<string, unknown>,
    createdAt: new Date(event.created_at as string),
  }));
}

test('notifications that differ only in id and recipient are one fan-out event; each recipient gets its own answer', async () => {
  const names = { created_by_name: 'Ann', board_name: 'Board', item_name: 'Item', body: 'Hello' };
  const shared = [row(1, names), row(2, names), row(3, names)];
  // Equal data in another object, and a reaction with data of its own, for two more people.
  const sameText = row(4, { ...names });
  const reaction = row(5, { ...names, reaction: '👍' }, 'CommentReactionCreatedNotification');
  const rows = [...shared, sameText, reaction];
  const events = await announce(rows);
  expect(events).toHaveLength(2);
  expect((events[0]!.payload[FANOUT_KEY] as unknown[]).length).toBe(4);
  expect(events[1]!.payload[FANOUT_KEY]).toBeUndefined();
  const sent = events.flatMap((event) => deliveriesOf(event));
  expect(sent.map((delivery) => delivery.channel)).toEqual(rows.map((r) => `App.User.${r.userId}`));
  for (const [at, delivery] of sent.entries()) {
    expect(delivery.data).toMatchObject({ id: rows[at]!.id, data: toNotificationDto(rows[at]!) });
  }
});

test('notifications that differ in what their answer shows are announced apart', async () => {
  const names = { created_by_name: 'Ann', board_name: 'Board', item_name: 'Item' };
  const read = { ...row(2, names), readAt: new Date('2026-11-27T11:00:00.000Z') };
  const later = { ...row(3, names), createdAt: new Date('2026-11-27T10:00:00.001Z') };
  const otherItem = { ...row(4, names), itemId: 'item-2', subscribeableId: 'item-2' };
  const events = await announce([row(1, names), read, later, otherItem]);
  expect(events).toHaveLength(4);
  for (const event of events) expect(event.payload[FANOUT_KEY]).toBeUndefined();
});
