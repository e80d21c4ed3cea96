import { commonErrorResponses } from '@strata/contracts/common';
import { itemParams } from '@strata/contracts/items';
import { itemFollowersAnswer, itemFollowersPath, itemSubscribeBody } from '@strata/contracts/notifications';
import type { CommentPermission } from '@strata/domain/comments/comment-rules';
import { AppError } from '@strata/domain/errors';
import { itemFollowers as followersOf } from '@strata/domain/notifications/comment-recipients';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { itemFollowers } from '../../db/schema/item-followers';
import type { ItemRow } from '../../db/schema/items';
import { requireUser } from '../../http/authenticate';
import { invalidField } from '../../http/field-errors';
import { boardCan } from '../boards/board-access';
import { requireVisibleFolder } from '../items/item-reads';
import { findItemAnyState } from '../items/items.repo';
import { runWrite, type WriteScope } from '../records/write-scope';
import { findItemViewers, readItemFollowing } from './item-audience';
import { recordSubscribed } from './subscribed-event';

/** The event that tells the producer whom someone subscribed to an item (UserSubscribedNotification). */
export const ITEM_SUBSCRIBED_EVENT = 'item.subscribed';

/** A live item the caller sees, and what they may do on its board; else 404. */
async function requireItem(scope: WriteScope, id: string) {
  const item = await findItemAnyState(scope.tx, scope.access.team.id, id);
  if (!item || item.deletedAt) throw new AppError('NOT_FOUND');
  const { board } = await requireVisibleFolder(scope.tx, scope.access, item.folderId);
  const can = boardCan(scope.access, board) as (permission: CommentPermission) => boolean;
  return { item, can };
}

/** The item's followers (domain's itemFollowers) who see it, in ascending order. */
async function visibleFollowers(scope: WriteScope, item: ItemRow): Promise<number[]> {
  const following = followersOf(await readItemFollowing(scope.tx, item));
  return seenInOrder(following, await findItemViewers(scope.tx, item, following));
}

/** Those of the ids who see the item, ascending. */
const seenInOrder = (ids: readonly number[], seeing: Set<number>) =>
  ids.filter((id) => seeing.has(id)).sort((a, b) => a - b);

/**
 * Subscribes people to an item: each follows it from now on, as if they had chosen to (which
 * outranks having stopped). The caller must be allowed to comment on the board (subscribing is
 * joining people to the item's conversation); every person must see the item, else nothing
 * changes. Those who did not follow it yet, other than the caller, are told so by the producer
 * (UserSubscribedNotification) through the `item.subscribed` event.
 */
async function subscribe(scope: WriteScope, id: string, userIds: readonly number[]) {
  const { item, can } = await requireItem(scope, id);
  if (!can('ADD_COMMENTS')) throw new AppError('FORBIDDEN');
  const wanted = [...new Set(userIds)];
  const before = followersOf(await readItemFollowing(scope.tx, item));
  // One look at who sees the item, for the people named and for the answer's followers.
  const after = [...new Set([...before, ...wanted])];
  const seeing = await findItemViewers(scope.tx, item, after);
  if (wanted.some((userId) => !seeing.has(userId))) throw invalidField('user_ids', 'FIELD_INVALID');
  await scope.tx
    .insert(itemFollowers)
    .values(
      wanted.map((userId) => ({
        teamId: item.teamId,
        itemId: item.id,
        userId,
        following: true,
        updatedAt: scope.now,
      })),
    )
    .onConflictDoUpdate({
      target: [itemFollowers.itemId, itemFollowers.userId],
      set: { following: true, updatedAt: scope.now },
    });
  await recordSubscribed(scope, {
    teamId: item.teamId,
    type: ITEM_SUBSCRIBED_EVENT,
    named: wanted,
    followersBefore: before,
    seeing,
    subject: { id: item.id, item_id: item.id },
  });
  return { user_ids: seenInOrder(after, seeing) };
}

/**
 * `GET /api/{teamId}/items/{id}/followers`: who follows an item (and sees it);
 * `POST` with `{ user_ids }`: subscribes them (docs/notifications.md).
 */
export function itemFollowersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  r.get(
    itemFollowersPath,
    { schema: { tags, params: itemParams, response: { 200: itemFollowersAnswer, ...commonErrorResponses } } },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, async (scope) => ({
        user_ids: await visibleFollowers(scope, (await requireItem(scope, request.params.id)).item),
      })),
  );
  r.post(
    itemFollowersPath,
    {
      schema: {
        tags,
        params: itemParams,
        body: itemSubscribeBody,
        response: { 200: itemFollowersAnswer, ...commonErrorResponses },
      },
    },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        subscribe(scope, request.params.id, request.body.user_ids),
      ),
  );
}
