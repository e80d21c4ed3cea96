import { htmlToPlainText } from '@strata/domain/attributes/html-text';
import { commentRecipients, reactionRecipient } from '@strata/domain/notifications/comment-recipients';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { boards } from '../../db/schema/boards';
import { type CommentRow, commentReactions } from '../../db/schema/comments';
import { type NotificationRow, notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import type { DispatchedEvent } from '../../events/dispatched-event';
import type { EventSubscriber } from '../../events/dispatcher';
import { recordEvents, userChannel } from '../../events/outbox';
import { findCommentAnyState } from '../comments/comments.repo';
import { findItemAnyState } from '../items/items.repo';
import { findItemTitles } from '../references/references.repo';
import { findItemViewers, readItemFollowing } from './item-audience';
import { toNotificationDto } from './notifications.service';

/** The longest excerpt of a comment a notification carries as its body. */
export const NOTIFICATION_BODY_MAX = 200;

interface Produced {
  userId: number;
  notificationType: string;
  data?: Record<string, unknown>;
}

/** A comment's text as a notification's body: plain, on one line, at most 200 characters. */
export function commentExcerpt(html: string): string {
  const text = htmlToPlainText(html).replace(/\s+/g, ' ').trim();
  return text.length > NOTIFICATION_BODY_MAX ? `${text.slice(0, NOTIFICATION_BODY_MAX - 1)}…` : text;
}

/**
 * Writes notifications about a comment, with the names they show (spec section 3: board_name,
 * item_name, created_by_name, body), and announces each on its recipient's channel
 * (`App.User.{id}`, `notification.created`) in the same transaction.
 */
async function writeAboutComment(
  db: Db,
  comment: CommentRow,
  folderId: string,
  actorId: number,
  produced: readonly Produced[],
): Promise<NotificationRow[]> {
  if (produced.length === 0) return [];
  const [actor] = await db.select({ name: users.name }).from(users).where(eq(users.id, actorId)).limit(1);
  const [board] = await db
    .select({ name: boards.name })
    .from(boards)
    .where(and(eq(boards.teamId, comment.teamId), eq(boards.id, comment.boardId)))
    .limit(1);
  const [title] = await findItemTitles(db, comment.teamId, [comment.itemId]);
  const shown = {
    created_by_name: actor?.name ?? null,
    board_name: board?.name ?? null,
    item_name: title?.title ?? null,
    body: commentExcerpt(comment.html),
  };
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(notifications)
      .values(
        produced.map((entry) => ({
          userId: entry.userId,
          notificationType: entry.notificationType,
          teamId: comment.teamId,
          boardId: comment.boardId,
          folderId,
          itemId: comment.itemId,
          commentId: comment.id,
          subscribeableType: 'item',
          subscribeableId: comment.itemId,
          data: { ...shown, ...entry.data },
        })),
      )
      .returning();
    await announceNotifications(tx, rows, actorId);
    return rows;
  });
}

/** Each new notification on its recipient's own channel, for the bell and the list. */
export function announceNotifications(tx: DbOrTx, rows: readonly NotificationRow[], actorId: number | null) {
  return recordEvents(
    tx,
    rows.map((row) => ({
      teamId: row.teamId,
      type: 'notification.created',
      channel: userChannel(row.userId),
      actorId,
      payload: { id: row.id, data: toNotificationDto(row) },
    })),
  );
}

/** The comment of an event and its item, when both are still there. */
async function readComment(db: Db, event: DispatchedEvent, id: unknown) {
  if (event.teamId === null || typeof id !== 'string') return null;
  const comment = await findCommentAnyState(db, event.teamId, id);
  if (!comment || comment.deletedAt) return null;
  const item = await findItemAnyState(db, event.teamId, comment.itemId);
  if (!item || item.deletedAt) return null;
  return { comment, item };
}

/** comment.created: the mentioned and the item's followers (domain's commentRecipients). */
async function onCommentCreated(db: Db, event: DispatchedEvent): Promise<void> {
  const found = await readComment(db, event, event.payload.id);
  if (!found) return;
  const { comment, item } = found;
  const following = await readItemFollowing(db, item);
  const candidates = [
    ...comment.mentions,
    ...(following.creatorId === null ? [] : [following.creatorId]),
    ...following.memberValueIds,
    ...following.commenterIds,
    ...following.followingIds,
  ];
  const seeing = await findItemViewers(db, item, candidates);
  const recipients = commentRecipients({
    ...following,
    actorId: comment.createdBy,
    mentionedIds: comment.mentions,
    canSee: (id) => seeing.has(id),
  });
  if (comment.createdBy === null) return;
  await writeAboutComment(db, comment, item.folderId, comment.createdBy, [
    ...recipients.mentioned.map((userId) => ({ userId, notificationType: 'MentionedInCommentNotification' })),
    ...recipients.followers.map((userId) => ({ userId, notificationType: 'CommentCreatedNotification' })),
  ]);
}

/** comment.reaction.created: the comment's author. */
async function onReactionCreated(db: Db, event: DispatchedEvent): Promise<void> {
  const data = event.payload.data as { comment_id?: unknown; reaction?: unknown } | undefined;
  // Without data (an item of a hidden or private folder) the reaction row tells which comment.
  const commentId = data?.comment_id ?? (await reactionCommentId(db, event));
  const found = await readComment(db, event, commentId);
  if (!found || event.actorId === null) return;
  const { comment, item } = found;
  const seeing = await findItemViewers(db, item, comment.createdBy === null ? [] : [comment.createdBy]);
  const recipient = reactionRecipient({
    actorId: event.actorId,
    authorId: comment.createdBy,
    canSee: (id) => seeing.has(id),
  });
  if (recipient === null) return;
  const reaction = typeof data?.reaction === 'string' ? data.reaction : await reactionText(db, event);
  await writeAboutComment(db, comment, item.folderId, event.actorId, [
    { userId: recipient, notificationType: 'CommentReactionCreatedNotification', data: { reaction } },
  ]);
}

/** The reaction row of a reaction event (its comment and emoji), while it is still given. */
async function reactionRow(db: Db, event: DispatchedEvent) {
  if (event.teamId === null || typeof event.payload.id !== 'string') return undefined;
  const [row] = await db
    .select({ commentId: commentReactions.commentId, reaction: commentReactions.reaction })
    .from(commentReactions)
    .where(and(eq(commentReactions.teamId, event.teamId), eq(commentReactions.id, event.payload.id)))
    .limit(1);
  return row;
}
const reactionCommentId = async (db: Db, event: DispatchedEvent) => (await reactionRow(db, event))?.commentId;
const reactionText = async (db: Db, event: DispatchedEvent) =>
  (await reactionRow(db, event))?.reaction ?? null;

const HANDLERS: Record<string, (db: Db, event: DispatchedEvent) => Promise<void>> = {
  'comment.created': onCommentCreated,
  'comment.reaction.created': onReactionCreated,
};

/**
 * The producer of notifications (ARCHITECTURE.md section 7): an outbox subscriber that runs after
 * the change committed, so comments, automations, forms and templates reach people the same way
 * and the writer's request never waits for it. Each notification is written with its announcement
 * on the recipient's channel, which the dispatcher hands out in its next pass.
 */
export function createNotificationProducer(options: { db: Db }): EventSubscriber {
  return {
    name: 'notifications',
    types: Object.keys(HANDLERS),
    async handle(event) {
      await HANDLERS[event.type]?.(options.db, event);
    },
  };
}
