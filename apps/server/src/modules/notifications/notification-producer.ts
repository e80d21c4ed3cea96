import { htmlToPlainText } from '@strata/domain/attributes/html-text';
import { commentRecipients, reactionRecipient } from '@strata/domain/notifications/comment-recipients';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boards } from '../../db/schema/boards';
import { type CommentRow, commentReactions, comments } from '../../db/schema/comments';
import { attributes, type ItemRow, items } from '../../db/schema/items';
import { users } from '../../db/schema/users';
import type { DispatchedEvent } from '../../events/dispatched-event';
import type { EventSubscriber } from '../../events/dispatcher';
import { ADDED_USERS_KEY } from '../../events/value-events';
import { FORM_SUBMITTED_EVENT } from '../forms/form-answer-notes';
import { findItemAnyState } from '../items/items.repo';
import { findViewAnyState } from '../views/view-records';
import { onFormsSubmitted } from './form-submitted';
import { findItemViewers, readItemFollowing } from './item-audience';
import { ITEM_SUBSCRIBED_EVENT } from './item-followers';
import {
  keptStructure,
  type NotifyingEvent,
  type Produced,
  type SubjectNames,
  subjectNameColumns,
  writeAboutItem,
  writeNotifications,
} from './notification-writes';
import { readViewFollowersShowing } from './view-audience';
import { VIEW_SUBSCRIBED_EVENT, viewAudience } from './view-followers';

/** The longest excerpt of a comment a notification carries as its body. */
export const NOTIFICATION_BODY_MAX = 200;

/** A comment's text as a notification's body: plain, on one line, at most 200 characters. */
export function commentExcerpt(html: string): string {
  const text = htmlToPlainText(html).replace(/\s+/g, ' ').trim();
  return text.length > NOTIFICATION_BODY_MAX ? `${text.slice(0, NOTIFICATION_BODY_MAX - 1)}…` : text;
}

/** Notifications about a comment: its item's, with the comment's text as their body. */
function writeAboutComment(
  ctx: AppContext,
  comment: CommentRow,
  folderId: string,
  actorId: number,
  produced: readonly Produced[],
  names: SubjectNames,
) {
  const subject = {
    teamId: comment.teamId,
    boardId: comment.boardId,
    folderId,
    itemId: comment.itemId,
    commentId: comment.id,
  };
  return writeAboutItem(ctx, subject, actorId, produced, { body: commentExcerpt(comment.html) }, names);
}

/**
 * The comment of an event and its item, when both are still there, with the names its
 * notifications show (subjectNameColumns, in the same query): who acted (`actorId`, else the
 * comment's author), the board, the item's title.
 */
async function readComment(db: Db, event: NotifyingEvent, id: unknown, actorId: number | null = null) {
  if (event.teamId === null || typeof id !== 'string') return null;
  const [found] = await db
    .select({
      comment: comments,
      item: items,
      ...subjectNameColumns(sql`COALESCE(${actorId}::int, ${comments.createdBy})`),
    })
    .from(comments)
    .innerJoin(items, and(eq(items.teamId, comments.teamId), eq(items.id, comments.itemId)))
    .where(
      and(
        eq(comments.teamId, event.teamId),
        eq(comments.id, id),
        isNull(comments.deletedAt),
        isNull(items.deletedAt),
      ),
    )
    .limit(1);
  if (!found) return null;
  const { comment, item, actor, board, title } = found;
  return { comment, item, names: { actor, board, title } satisfies SubjectNames };
}

/** comment.created: the mentioned and the item's followers (domain's commentRecipients). */
async function onCommentCreated(ctx: AppContext, event: NotifyingEvent): Promise<void> {
  const db = ctx.db;
  const found = await readComment(db, event, event.payload.id);
  if (!found) return;
  const { comment, item } = found;
  // A visitor's comment is written in the sharer's name: it is told as the visitor's, and the
  // sharer hears of it as any follower does.
  const names = comment.visitorName === null ? found.names : { ...found.names, actor: comment.visitorName };
  const following = await readItemFollowing(db, item, { commentsBefore: comment.createdAt });
  const viewFollowerIds = await readViewFollowersShowing(db, item, ctx.clock.now());
  const candidates = [
    ...comment.mentions,
    ...(following.creatorId === null ? [] : [following.creatorId]),
    ...following.memberValueIds,
    ...following.commenterIds,
    ...following.followingIds,
    ...viewFollowerIds,
  ];
  const seeing = await findItemViewers(db, item, candidates, keptStructure(ctx, item.teamId));
  const recipients = commentRecipients({
    ...following,
    viewFollowerIds,
    actorId: comment.visitorName === null ? comment.createdBy : null,
    mentionedIds: comment.mentions,
    canSee: (id) => seeing.has(id),
  });
  if (comment.createdBy === null) return;
  const produced = [
    ...recipients.mentioned.map((userId) => ({ userId, notificationType: 'MentionedInCommentNotification' })),
    ...recipients.followers.map((userId) => ({ userId, notificationType: 'CommentCreatedNotification' })),
  ];
  await writeAboutComment(ctx, comment, item.folderId, comment.createdBy, produced, names);
}

/** comment.reaction.created: the comment's author. */
async function onReactionCreated(ctx: AppContext, event: NotifyingEvent): Promise<void> {
  const db = ctx.db;
  const data = event.payload.data as { comment_id?: unknown; reaction?: unknown } | undefined;
  // Without data (an item of a hidden or private folder) the reaction row tells which comment.
  const commentId = data?.comment_id ?? (await reactionCommentId(db, event));
  const found = await readComment(db, event, commentId, event.actorId);
  if (!found || event.actorId === null) return;
  const { comment, item, names } = found;
  const seeing = await findItemViewers(
    db,
    item,
    comment.createdBy === null ? [] : [comment.createdBy],
    keptStructure(ctx, item.teamId),
  );
  const recipient = reactionRecipient({
    actorId: event.actorId,
    authorId: comment.createdBy,
    canSee: (id) => seeing.has(id),
  });
  if (recipient === null) return;
  const reaction = typeof data?.reaction === 'string' ? data.reaction : await reactionText(db, event);
  const produced = [
    { userId: recipient, notificationType: 'CommentReactionCreatedNotification', data: { reaction } },
  ];
  await writeAboutComment(ctx, comment, item.folderId, event.actorId, produced, names);
}

/** The reaction row of a reaction event (its comment and emoji), while it is still given. */
async function reactionRow(db: Db, event: NotifyingEvent) {
  if (event.teamId === null || typeof event.payload.id !== 'string') return undefined;
  const [row] = await db
    .select({ commentId: commentReactions.commentId, reaction: commentReactions.reaction })
    .from(commentReactions)
    .where(and(eq(commentReactions.teamId, event.teamId), eq(commentReactions.id, event.payload.id)))
    .limit(1);
  return row;
}
const reactionCommentId = async (db: Db, event: NotifyingEvent) => (await reactionRow(db, event))?.commentId;
const reactionText = async (db: Db, event: NotifyingEvent) =>
  (await reactionRow(db, event))?.reaction ?? null;

/**
 * value.created and value.updated of a members attribute that gained people: each of them (not
 * the one who added them, and only who sees the item) is told AddedToMembersAttributeNotification.
 */
async function onPeopleAdded(ctx: AppContext, event: NotifyingEvent): Promise<void> {
  const db = ctx.db;
  const added = event.payload[ADDED_USERS_KEY];
  const itemId = event.payload.item_id;
  if (!Array.isArray(added) || typeof itemId !== 'string' || event.teamId === null || event.actorId === null)
    return;
  const item = await findItemAnyState(db, event.teamId, itemId);
  if (!item || item.deletedAt) return;
  const attributeId = Object.keys(item.values).find((id) => item.values[id]?.id === event.payload.id);
  if (!attributeId) return;
  const [attribute] = await db
    .select({ name: attributes.name, type: attributes.type })
    .from(attributes)
    .where(and(eq(attributes.teamId, event.teamId), eq(attributes.id, attributeId)))
    .limit(1);
  if (attribute?.type !== 'members') return;
  await tellPeopleNamed(ctx, item, event.actorId, added, 'AddedToMembersAttributeNotification', {
    attribute_name: attribute.name,
  });
}

/**
 * Tells the people an event names (user ids, as the event carries them) one kind of notification
 * about an item: each once, not the one who acted, and only who sees the item now.
 */
async function tellPeopleNamed(
  ctx: AppContext,
  item: ItemRow,
  actorId: number,
  named: readonly unknown[],
  notificationType: string,
  shown: Record<string, unknown> = {},
) {
  const candidates = [...new Set(named)].filter((id): id is number => Number.isInteger(id) && id !== actorId);
  const seeing = await findItemViewers(ctx.db, item, candidates, keptStructure(ctx, item.teamId));
  await writeAboutItem(
    ctx,
    { teamId: item.teamId, boardId: item.boardId, folderId: item.folderId, itemId: item.id },
    actorId,
    candidates.filter((id) => seeing.has(id)).map((userId) => ({ userId, notificationType })),
    shown,
  );
}

/** item.subscribed: the people someone subscribed to an item, who still see it. */
async function onSubscribed(ctx: AppContext, event: NotifyingEvent): Promise<void> {
  const db = ctx.db;
  const named = (event.payload.data as { user_ids?: unknown } | undefined)?.user_ids;
  const itemId = event.payload.item_id;
  if (!Array.isArray(named) || typeof itemId !== 'string' || event.teamId === null || event.actorId === null)
    return;
  const item = await findItemAnyState(db, event.teamId, itemId);
  if (!item || item.deletedAt) return;
  await tellPeopleNamed(ctx, item, event.actorId, named, 'UserSubscribedNotification');
}

/** view.subscribed: the people someone subscribed to a folder view, who still may follow it. */
async function onViewSubscribed(ctx: AppContext, event: NotifyingEvent): Promise<void> {
  const db = ctx.db;
  const named = (event.payload.data as { user_ids?: unknown } | undefined)?.user_ids;
  const viewId = event.payload.id;
  if (!Array.isArray(named) || typeof viewId !== 'string' || event.teamId === null || event.actorId === null)
    return;
  const actorId = event.actorId;
  const view = await findViewAnyState(db, event.teamId, viewId);
  if (!view || view.deletedAt) return;
  const candidates = [...new Set(named)].filter((id): id is number => Number.isInteger(id) && id !== actorId);
  const seeing = await viewAudience({ tx: db }, view, candidates);
  const [names] = await db
    .select({
      actor: sql<string | null>`(SELECT ${users.name} FROM ${users} WHERE ${users.id} = ${actorId})`,
      board: boards.name,
    })
    .from(boards)
    .where(and(eq(boards.teamId, view.teamId), eq(boards.id, view.boardId)));
  await writeNotifications(
    ctx,
    { teamId: view.teamId, boardId: view.boardId, folderId: view.folderId, itemId: null, viewId: view.id },
    actorId,
    candidates
      .filter((id) => seeing.has(id))
      .map((userId) => ({ userId, notificationType: 'UserSubscribedNotification' })),
    { actor: names?.actor ?? null, board: names?.board ?? null, title: null },
    { view_name: view.name },
  );
}

type Handlers = Record<string, (ctx: AppContext, event: NotifyingEvent) => Promise<void>>;

const HANDLERS: Handlers = {
  'comment.created': onCommentCreated,
  'comment.reaction.created': onReactionCreated,
  'value.created': onPeopleAdded,
  'value.updated': onPeopleAdded,
  [ITEM_SUBSCRIBED_EVENT]: onSubscribed,
  [VIEW_SUBSCRIBED_EVENT]: onViewSubscribed,
  [FORM_SUBMITTED_EVENT]: (ctx, event) => onFormsSubmitted(ctx, [event]),
};

type BatchHandlers = Record<string, (ctx: AppContext, events: readonly NotifyingEvent[]) => Promise<void>>;

/** Events produced a burst at a time: a form's answers arrive together (group commit). */
const BATCH_HANDLERS: BatchHandlers = {
  [FORM_SUBMITTED_EVENT]: onFormsSubmitted,
};

export type { NotifyingEvent } from './notification-writes';

export const NOTIFY_JOB = 'notifications.produce';

/**
 * Whether an event may concern anyone: a value event only when its people value gained someone
 * other than who acted (people who add themselves are not told).
 */
function mayNotify(event: DispatchedEvent): boolean {
  if (!(event.type in HANDLERS) && !(event.type in BATCH_HANDLERS)) return false;
  if (!event.type.startsWith('value.')) return true;
  const added = event.payload[ADDED_USERS_KEY];
  return Array.isArray(added) && added.some((id) => id !== event.actorId);
}

/**
 * The job that produces the notifications of an event whose production in the dispatcher failed
 * (createNotificationProducer), retried up to five times.
 */
export function registerNotificationProducer(ctx: AppContext): void {
  ctx.jobs.register<NotifyingEvent>({
    name: NOTIFY_JOB,
    retryLimit: 5,
    handler: async (event) => {
      await HANDLERS[event.type]?.(ctx, event);
    },
  });
}

/**
 * The producer of notifications (ARCHITECTURE.md section 7): an outbox subscriber that runs after
 * the change committed, so comments, automations, forms and templates reach people the same way
 * and the writer's request never waits for it. It produces each event's notifications at once, in
 * the process that claimed the event (writing them with their announcements on the recipients'
 * channels and scheduling their mail), one event after another in the order they came, without
 * holding up the dispatcher: the batch's other events (real-time messages) go out meanwhile, and
 * the next batch waits for them (afterBatch). An event whose production fails goes to a job
 * (NOTIFY_JOB), which retries it.
 */
export function createNotificationProducer(
  ctx: AppContext,
  handlers: Handlers = HANDLERS,
  batchHandlers: BatchHandlers = BATCH_HANDLERS,
): EventSubscriber {
  let chain: Promise<void> = Promise.resolve();
  const produce = async (type: string, events: readonly NotifyingEvent[]) => {
    try {
      const batch = batchHandlers[type];
      if (batch) await batch(ctx, events);
      else for (const event of events) await handlers[type]?.(ctx, event);
    } catch (error) {
      ctx.log.warn({ err: error, type }, 'notifications not produced: retried by a job');
      for (const event of events) await ctx.jobs.enqueue(ctx.db, NOTIFY_JOB, event);
      ctx.jobs.wake(NOTIFY_JOB);
    }
  };
  // Events of a batched type waiting for their turn in the chain: those that come meanwhile join.
  const gathering = new Map<string, NotifyingEvent[]>();
  const enqueue = (type: string, run: () => Promise<void>) => {
    // A chain that failed would run nothing after it: what even the job could not take is logged.
    chain = chain.then(run).catch((error) => ctx.log.error({ err: error, type }, 'notifications lost'));
  };
  return {
    name: 'notifications',
    types: [...new Set([...Object.keys(handlers), ...Object.keys(batchHandlers)])],
    handle(event) {
      if (!mayNotify(event)) return;
      const job: NotifyingEvent = {
        type: event.type,
        teamId: event.teamId,
        actorId: event.actorId,
        payload: event.payload,
      };
      if (!batchHandlers[job.type]) return enqueue(job.type, () => produce(job.type, [job]));
      const waiting = gathering.get(job.type);
      if (waiting) return void waiting.push(job);
      gathering.set(job.type, [job]);
      enqueue(job.type, () => {
        const events = gathering.get(job.type) ?? [];
        gathering.delete(job.type);
        return produce(job.type, events);
      });
    },
    afterBatch: () => chain,
  };
}
