import { VIEW_SUBSCRIBEABLE_TYPE } from '@strata/domain/notifications/notification-path';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx, rowsOf } from '../../db/client';
import { boards } from '../../db/schema/boards';
import { attributes, items } from '../../db/schema/items';
import type { NotificationRow } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import type { DispatchedEvent } from '../../events/dispatched-event';
import { FANOUT_KEY, type FanoutEntry, recordEvents, userChannel } from '../../events/outbox';
import { rememberStructure } from '../items/item-reads';
import { scheduleNotificationEmails } from './notification-email';
import { NOTIFICATION_PUSH_JOB, schedulePushNotifications } from './notification-push';
import {
  commonFields,
  insertNotifications,
  type NewNotification,
  toNotificationDto,
} from './notifications.service';

/** What the producer reads of an event: it travels in a job, so no more than this. */
export type NotifyingEvent = Pick<DispatchedEvent, 'type' | 'teamId' | 'actorId' | 'payload'>;

/** The folders and boards the producer judges who sees an item by, kept by the process. */
export const keptStructure = (ctx: AppContext, teamId: number) =>
  rememberStructure(ctx.db, teamId, ctx.caches.structure);

/**
 * How notifications are written (the producer's handlers share it, notification-producer.ts):
 * with the names they show, announced on their recipients' channels, their mail and push
 * scheduled, in the transaction that writes them.
 */

export interface Produced {
  userId: number;
  notificationType: string;
  data?: Record<string, unknown>;
}

/** What notifications about an item are about: the item, and the comment if one. */
export interface ItemSubject {
  teamId: number;
  boardId: string;
  folderId: string;
  itemId: string;
  commentId?: string;
}

/** What notifications are about: an item (and a comment), or a folder view (no item). */
export type Subject =
  | (ItemSubject & { viewId?: undefined })
  | (Omit<ItemSubject, 'itemId'> & { itemId: null; viewId: string });

/** The names a notification about an item shows. */
export interface SubjectNames {
  actor: string | null;
  board: string | null;
  title: string | null;
}

/**
 * The outer item's columns, written qualified: a one-table select of the query builder leaves its
 * columns bare, and inside a subquery over boards or attributes a bare column is theirs.
 */
const outerItem = {
  teamId: sql.raw('"items"."team_id"'),
  boardId: sql.raw('"items"."board_id"'),
  values: sql.raw('"items"."values"'),
};

/**
 * The names as columns of a query over an `items` row (joined or alone): the name of the user
 * `actorId` gives, the item's board, and the item's title (its value of the board's name attribute).
 */
export const subjectNameColumns = (actorId: SQL) => ({
  actor: sql<string | null>`(SELECT ${users.name} FROM ${users} WHERE ${users.id} = ${actorId})`,
  board: sql<string | null>`(SELECT ${boards.name} FROM ${boards}
    WHERE ${boards.teamId} = ${outerItem.teamId} AND ${boards.id} = ${outerItem.boardId})`,
  title: sql<string | null>`(SELECT ${outerItem.values} -> ${attributes.id} ->> 'data' FROM ${attributes}
    WHERE ${attributes.teamId} = ${outerItem.teamId} AND ${attributes.boardId} = ${outerItem.boardId}
      AND ${attributes.type} = 'text' AND ${attributes.deletedAt} IS NULL
      AND ${attributes.settings} -> 'primary' = 'true'::jsonb LIMIT 1)`,
});

/** The names a notification about an item shows, in one query (null when the item is gone). */
export async function readSubjectNames(
  db: DbOrTx,
  subject: ItemSubject,
  actorId: number | null,
): Promise<SubjectNames> {
  const names = await readSubjectNamesOf(db, subject.teamId, [subject.itemId], actorId);
  return names.get(subject.itemId) ?? { actor: null, board: null, title: null };
}

/** readSubjectNames for several items of a workspace, in one query (an item that is gone is missing). */
export async function readSubjectNamesOf(
  db: DbOrTx,
  teamId: number,
  itemIds: readonly string[],
  actorId: number | null,
): Promise<Map<string, SubjectNames>> {
  if (itemIds.length === 0) return new Map();
  const { actor, board, title } = subjectNameColumns(sql`${actorId}::int`);
  const { rows } = rowsOf<SubjectNames & { id: string }>(
    await db.execute(sql`SELECT ${items.id} AS id, ${actor} AS actor, ${board} AS board, ${title} AS title
      FROM ${items} WHERE ${items.teamId} = ${teamId} AND ${inArray(items.id, [...new Set(itemIds)])}`),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { actor: row.actor ?? null, board: row.board ?? null, title: row.title ?? null },
    ]),
  );
}

/**
 * Writes notifications about an item, with the names they show (spec section 3: board_name,
 * item_name, created_by_name, and what `shown` adds: a comment's body, an attribute's name), and
 * announces each on its recipient's channel (`App.User.{id}`, `notification.created`) and
 * schedules its mail and push in the same transaction.
 */
export async function writeAboutItem(
  ctx: AppContext,
  subject: ItemSubject,
  actorId: number | null,
  produced: readonly Produced[],
  shown: Record<string, unknown> = {},
  known?: SubjectNames,
): Promise<NotificationRow[]> {
  if (produced.length === 0) return [];
  const names = known ?? (await readSubjectNames(ctx.db, subject, actorId));
  return writeNotifications(ctx, subject, actorId, produced, names, shown);
}

/** Notifications about one subject: whom, why, who acted, and the names they show. */
export interface NotificationEntry {
  subject: Subject;
  actorId: number | null;
  produced: readonly Produced[];
  names: SubjectNames;
  shown: Record<string, unknown>;
}

/**
 * Writes notifications about a subject with the names they show, announces each on its
 * recipient's channel and schedules its mail and push, in one transaction.
 */
export function writeNotifications(
  ctx: AppContext,
  subject: Subject,
  actorId: number | null,
  produced: readonly Produced[],
  names: SubjectNames,
  shown: Record<string, unknown>,
): Promise<NotificationRow[]> {
  return writeNotificationEntries(ctx, [{ subject, actorId, produced, names, shown }]);
}

/** The rows of an entry's notifications, before their ids are given. */
function newRows(entry: NotificationEntry): NewNotification[] {
  const { subject, produced, shown } = entry;
  const names = {
    created_by_name: entry.names.actor,
    board_name: entry.names.board,
    item_name: entry.names.title,
    ...shown,
  };
  return produced.map((one) => ({
    userId: one.userId,
    notificationType: one.notificationType,
    teamId: subject.teamId,
    boardId: subject.boardId,
    folderId: subject.folderId,
    itemId: subject.itemId,
    commentId: subject.commentId ?? null,
    ...(subject.viewId === undefined
      ? { subscribeableType: 'item', subscribeableId: subject.itemId }
      : { subscribeableType: VIEW_SUBSCRIBEABLE_TYPE, subscribeableId: subject.viewId }),
    // One object for every entry without data of its own: announceNotifications groups by it.
    data: one.data ? { ...names, ...one.data } : names,
  }));
}

/**
 * Writes the notifications of several subjects at once (a burst of form answers): one INSERT,
 * their announcements (by who acted), one scheduling of mail and push, in one transaction.
 */
export async function writeNotificationEntries(
  ctx: AppContext,
  entries: readonly NotificationEntry[],
): Promise<NotificationRow[]> {
  const inputs = entries.map(newRows);
  if (inputs.every((rows) => rows.length === 0)) return [];
  const { rows: written, pushes } = await ctx.db.transaction(async (tx) => {
    const rows = await insertNotifications(tx, inputs.flat());
    // The rows come back in the order given: each entry's are the next of them.
    const byActor = new Map<number | null, NotificationRow[]>();
    let at = 0;
    entries.forEach((entry, index) => {
      const own = rows.slice(at, at + inputs[index]!.length);
      at += own.length;
      byActor.set(entry.actorId, [...(byActor.get(entry.actorId) ?? []), ...own]);
    });
    for (const [actorId, own] of byActor) await announceNotifications(tx, own, actorId);
    await scheduleNotificationEmails(
      ctx,
      tx,
      rows.map((row) => row.userId),
    );
    return { rows, pushes: await schedulePushNotifications(ctx, tx, rows) };
  });
  // The push jobs are seen once committed: sent now rather than at the next poll.
  if (pushes > 0) ctx.jobs.wake(NOTIFICATION_PUSH_JOB);
  return written;
}

/**
 * Each new notification on its recipient's own channel, for the bell and the list. Notifications
 * that differ only in id and recipient (a comment's 200 followers) are one fan-out event
 * (outbox.ts FANOUT_KEY), not one event each; their answer is made once, from the first of them.
 */
export function announceNotifications(tx: DbOrTx, rows: readonly NotificationRow[], actorId: number | null) {
  type Group = { row: NotificationRow; fanout: FanoutEntry[] };
  // By the data's text (written once per data object: one producer's rows share theirs), then by
  // the other fields the answer shows.
  const byData = new Map<string, Map<string, Group>>();
  const dataKeys = new Map<object, string>();
  const groups: Group[] = [];
  for (const row of rows) {
    const data = row.data ?? {};
    let dataKey = dataKeys.get(data);
    if (dataKey === undefined) {
      dataKey = JSON.stringify(data);
      dataKeys.set(data, dataKey);
    }
    let sameData = byData.get(dataKey);
    if (!sameData) {
      sameData = new Map();
      byData.set(dataKey, sameData);
    }
    const { id, ...common } = commonFields(row);
    const key = JSON.stringify([common, row.readAt?.getTime() ?? null, row.createdAt.getTime()]);
    let group = sameData.get(key);
    if (!group) {
      group = { row, fanout: [] };
      sameData.set(key, group);
      groups.push(group);
    }
    group.fanout.push({ channel: userChannel(row.userId), id });
  }
  return recordEvents(
    tx,
    groups.map(({ row, fanout }) => {
      const { id, ...shared } = toNotificationDto(row);
      return {
        teamId: row.teamId,
        type: 'notification.created',
        channel: userChannel(row.userId),
        actorId,
        payload:
          fanout.length === 1 ? { id, data: { id, ...shared } } : { id, data: shared, [FANOUT_KEY]: fanout },
      };
    }),
  );
}
