import type { NotificationDto, NotificationsPage } from '@strata/contracts/notifications';
import { AppError } from '@strata/domain/errors';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type NotificationRow, notifications } from '../../db/schema/notifications';
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

export function toNotificationDto(row: NotificationRow): NotificationDto {
  const d = row.data ?? {};
  return {
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

/**
 * For producers (comments, automations, storage): writes one notification for its recipient,
 * inside the producer's transaction. Answers the stored row.
 */
export async function createNotification(tx: DbOrTx, input: NewNotification): Promise<NotificationRow> {
  const [row] = await tx
    .insert(notifications)
    .values({
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
      ...(input.createdAt ? { createdAt: new Date(Math.floor(input.createdAt.getTime())) } : {}),
    })
    .returning();
  return row!;
}
