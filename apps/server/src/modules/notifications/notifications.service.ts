import { randomUUID } from 'node:crypto';
import type { NotificationDto, NotificationsPage } from '@strata/contracts/notifications';
import { AppError } from '@strata/domain/errors';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx, rowsOf } from '../../db/client';
import { type NotificationRow, notifications } from '../../db/schema/notifications';
import { insertJsonRows } from '../../events/json-rows';
import {
  countUnread,
  type Keyset,
  listNotifications,
  markAllRead,
  markRead,
  markUnread,
} from './notifications.repo';

/** How far in the future read-all's read_at may be (clock skew between client and server). */
const READ_ALL_SKEW_MS = 60_000;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** A notification's fields that its table's columns and the API's answer name alike. */
export const commonFields = (row: NotificationRow) => ({
  id: row.id,
  notification_type: row.notificationType,
  item_id: row.itemId,
  folder_id: row.folderId,
  board_id: row.boardId,
  comment_id: row.commentId,
  template_id: row.templateId,
  team_id: row.teamId,
  subscribeable_type: row.subscribeableType,
  subscribeable_id: row.subscribeableId,
});

export function toNotificationDto(row: NotificationRow): NotificationDto {
  const d = row.data ?? {};
  return {
    ...commonFields(row),
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    data: d,
    created_by_name: str(d.created_by_name),
    board_name: str(d.board_name),
    attribute_name: str(d.attribute_name),
    item_name: str(d.item_name),
    template_name: str(d.template_name),
    form_name: str(d.form_name),
    body: str(d.body),
    usage: num(d.usage),
    limit: num(d.limit),
  };
}

/** The opaque list cursor: base64url of `<created_at ISO>|<id>` of the page's last row. */
export function encodeCursor(row: Keyset): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(cursor: string): Keyset {
  const [iso, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (rest.length > 0 || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'after is not a cursor of this list.',
      errors: [{ path: 'after', message: 'after is not a cursor of this list.' }],
    });
  }
  return { createdAt, id };
}

export async function getNotifications(input: {
  ctx: AppContext;
  userId: number;
  after?: string;
  unreadOnly: boolean;
  limit: number;
}): Promise<NotificationsPage> {
  const after = input.after === undefined ? undefined : decodeCursor(input.after);
  const rows = await listNotifications(input.ctx.db, input.userId, {
    after,
    unreadOnly: input.unreadOnly,
    limit: input.limit + 1,
  });
  const hasMore = rows.length > input.limit;
  const page = hasMore ? rows.slice(0, input.limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map(toNotificationDto),
    has_more: hasMore,
    after: hasMore && last ? encodeCursor(last) : null,
  };
}

export async function getUnreadCount(ctx: AppContext, userId: number): Promise<{ count: number }> {
  return { count: await countUnread(ctx.db, userId) };
}

export async function readNotifications(ctx: AppContext, userId: number, ids: string[]) {
  return { ok: true as const, updated: await markRead(ctx.db, userId, ids, ctx.clock.now()) };
}

export async function unreadNotifications(ctx: AppContext, userId: number, ids: string[]) {
  return { ok: true as const, updated: await markUnread(ctx.db, userId, ids) };
}

/** read-all: the caller's unread notifications created at or before `readAt` become read (now). */
export async function readAllNotifications(ctx: AppContext, userId: number, readAt: string) {
  const upTo = new Date(readAt);
  const now = ctx.clock.now();
  if (upTo.getTime() > now.getTime() + READ_ALL_SKEW_MS) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'read_at must not be in the future.',
      errors: [{ path: 'read_at', message: 'read_at must not be in the future.' }],
    });
  }
  return { ok: true as const, updated: await markAllRead(ctx.db, userId, upTo, now) };
}

export interface NewNotification {
  userId: number;
  notificationType: string;
  teamId?: number | null;
  itemId?: string | null;
  folderId?: string | null;
  boardId?: string | null;
  commentId?: string | null;
  templateId?: string | null;
  subscribeableType?: 'item' | 'folder_view' | null;
  subscribeableId?: string | null;
  /** Display names and figures (created_by_name, board_name, item_name, body, usage, limit...). */
  data?: Record<string, unknown>;
  /** Defaults to the database's now (millisecond precision). */
  createdAt?: Date;
}

const NOTIFICATION_COLUMNS = {
  id: 'uuid',
  user_id: 'integer',
  team_id: 'integer',
  notification_type: 'text',
  item_id: 'text',
  folder_id: 'text',
  board_id: 'text',
  comment_id: 'text',
  template_id: 'text',
  subscribeable_type: 'text',
  subscribeable_id: 'text',
  data: 'jsonb',
  created_at: 'timestamptz',
} as const;

/**
 * For producers (comments, automations, storage): writes notifications, each for its recipient,
 * inside the producer's transaction, and answers the stored rows. One statement whatever their
 * number, the rows sent as one JSON parameter (events/json-rows.ts) and not read back: a comment
 * 200 people follow costs about what 200 bare rows do. Ids are made here; the time is the
 * database's (millisecond precision, as the list's cursor carries it) unless given.
 */
export async function insertNotifications(
  tx: DbOrTx,
  inputs: readonly NewNotification[],
): Promise<NotificationRow[]> {
  if (inputs.length === 0) return [];
  const [clock] = rowsOf<{ ms: number | string }>(
    await tx.execute(sql`SELECT floor(extract(epoch FROM now()) * 1000)::float8 AS ms`),
  ).rows;
  const now = new Date(Number(clock!.ms));
  const rows: NotificationRow[] = inputs.map((input) => ({
    id: randomUUID(),
    userId: input.userId,
    notificationType: input.notificationType,
    teamId: input.teamId ?? null,
    itemId: input.itemId ?? null,
    folderId: input.folderId ?? null,
    boardId: input.boardId ?? null,
    commentId: input.commentId ?? null,
    templateId: input.templateId ?? null,
    subscribeableType: input.subscribeableType ?? null,
    subscribeableId: input.subscribeableId ?? null,
    data: input.data ?? {},
    readAt: null,
    emailedAt: null,
    createdAt: input.createdAt ? new Date(Math.floor(input.createdAt.getTime())) : now,
  }));
  await tx.execute(
    insertJsonRows(
      notifications,
      NOTIFICATION_COLUMNS,
      rows.map((row) => ({
        ...commonFields(row),
        user_id: row.userId,
        data: row.data,
        created_at: row.createdAt.toISOString(),
      })),
    ),
  );
  return rows;
}

/** One notification (insertNotifications). */
export async function createNotification(tx: DbOrTx, input: NewNotification): Promise<NotificationRow> {
  const [row] = await insertNotifications(tx, [input]);
  return row!;
}
