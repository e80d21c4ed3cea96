import { commonErrorResponses } from '@strata/contracts/common';
import { itemParams } from '@strata/contracts/items';
import { itemFollowAnswer, itemFollowBody, itemFollowPath } from '@strata/contracts/notifications';
import { AppError } from '@strata/domain/errors';
import { itemFollowers as followersOf } from '@strata/domain/notifications/comment-recipients';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { itemFollowers } from '../../db/schema/item-followers';
import { requireUser } from '../../http/authenticate';
import { requireVisibleFolder } from '../items/item-reads';
import { findItemAnyState } from '../items/items.repo';
import { runWrite, type WriteScope } from '../records/write-scope';
import { readItemFollowing } from './item-audience';

/** A live item the caller sees; else 404. */
async function requireItem(scope: WriteScope, id: string) {
  const item = await findItemAnyState(scope.tx, scope.access.team.id, id);
  if (!item || item.deletedAt) throw new AppError('NOT_FOUND');
  await requireVisibleFolder(scope.tx, scope.access, item.folderId);
  return item;
}

/** Whether the caller follows the item now (domain's itemFollowers). */
async function isFollowing(scope: WriteScope, id: string): Promise<{ following: boolean }> {
  const item = await requireItem(scope, id);
  return { following: followersOf(await readItemFollowing(scope.tx, item)).includes(scope.user.id) };
}

/** Follows the item or stops following it; the choice outranks being a follower by other means. */
async function setFollowing(scope: WriteScope, id: string, following: boolean) {
  const item = await requireItem(scope, id);
  await scope.tx
    .insert(itemFollowers)
    .values({ teamId: item.teamId, itemId: item.id, userId: scope.user.id, following, updatedAt: scope.now })
    .onConflictDoUpdate({
      target: [itemFollowers.itemId, itemFollowers.userId],
      set: { following, updatedAt: scope.now },
    });
  return { following };
}

/** `GET` and `PUT /api/{teamId}/items/{id}/follow`: the caller's following of an item. */
export function itemFollowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  r.get(
    itemFollowPath,
    { schema: { tags, params: itemParams, response: { 200: itemFollowAnswer, ...commonErrorResponses } } },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        isFollowing(scope, request.params.id),
      ),
  );
  r.put(
    itemFollowPath,
    {
      schema: {
        tags,
        params: itemParams,
        body: itemFollowBody,
        response: { 200: itemFollowAnswer, ...commonErrorResponses },
      },
    },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        setFollowing(scope, request.params.id, request.body.following),
      ),
  );
}
