import { commonErrorResponses } from '@strata/contracts/common';
import {
  itemFollowAnswer,
  itemFollowBody,
  itemFollowersAnswer,
  itemSubscribeBody,
  viewFollowersPath,
  viewFollowPath,
} from '@strata/contracts/notifications';
import { viewIdParams } from '@strata/contracts/views';
import type { CommentPermission } from '@strata/domain/comments/comment-rules';
import { AppError } from '@strata/domain/errors';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { viewFollowers } from '../../db/schema/view-followers';
import type { FolderViewRow } from '../../db/schema/views';
import { requireUser } from '../../http/authenticate';
import { invalidField } from '../../http/field-errors';
import { boardCan } from '../boards/board-access';
import { requireVisibleFolder } from '../items/item-reads';
import { runWrite, type WriteScope } from '../records/write-scope';
import { findViewAnyState, seesView } from '../views/view-records';
import { findItemViewers } from './item-audience';
import { recordSubscribed } from './subscribed-event';

/** The event that tells the producer whom someone subscribed to a view (UserSubscribedNotification). */
export const VIEW_SUBSCRIBED_EVENT = 'view.subscribed';

/** A live view the caller sees, in a folder they see, and what they may do on its board; else 404. */
async function requireView(scope: WriteScope, viewId: string) {
  const view = await findViewAnyState(scope.tx, scope.access.team.id, viewId);
  if (!view || view.deletedAt || !seesView(scope.access, view)) throw new AppError('NOT_FOUND');
  const { board } = await requireVisibleFolder(scope.tx, scope.access, view.folderId);
  const can = boardCan(scope.access, board) as (permission: CommentPermission) => boolean;
  return { view, can };
}

/** Who may follow a view: those who see its folder, and for a personal view only its owner. */
export async function viewAudience(
  scope: Pick<WriteScope, 'tx'>,
  view: FolderViewRow,
  userIds: readonly number[],
): Promise<Set<number>> {
  const candidates = view.visibility === 'shared' ? userIds : userIds.filter((id) => id === view.createdBy);
  return findItemViewers(scope.tx, { teamId: view.teamId, boardId: view.boardId, folderId: view.folderId }, [
    ...new Set(candidates),
  ]);
}

/** The view's followers who may follow it now, ascending. */
async function currentFollowers(scope: WriteScope, view: FolderViewRow): Promise<number[]> {
  const rows = await scope.tx
    .select({ userId: viewFollowers.userId })
    .from(viewFollowers)
    .where(and(eq(viewFollowers.teamId, view.teamId), eq(viewFollowers.viewId, view.id)))
    .orderBy(asc(viewFollowers.userId));
  const ids = rows.map((row) => row.userId);
  const seeing = await viewAudience(scope, view, ids);
  return ids.filter((id) => seeing.has(id));
}

const addFollowers = (scope: WriteScope, view: FolderViewRow, userIds: readonly number[]) =>
  scope.tx
    .insert(viewFollowers)
    .values(
      userIds.map((userId) => ({
        teamId: view.teamId,
        viewId: view.id,
        folderId: view.folderId,
        userId,
        createdAt: scope.now,
      })),
    )
    .onConflictDoNothing();

/** Follows the view or stops following it; following needs being able to follow it (viewAudience). */
async function setFollowing(scope: WriteScope, viewId: string, following: boolean) {
  const { view } = await requireView(scope, viewId);
  if (!following) {
    await scope.tx
      .delete(viewFollowers)
      .where(
        and(
          eq(viewFollowers.teamId, view.teamId),
          eq(viewFollowers.viewId, view.id),
          eq(viewFollowers.userId, scope.user.id),
        ),
      );
    return { following };
  }
  if (!(await viewAudience(scope, view, [scope.user.id])).has(scope.user.id))
    throw new AppError('VALIDATION_FAILED', { message: 'Only its owner follows a personal view.' });
  await addFollowers(scope, view, [scope.user.id]);
  return { following };
}

/**
 * Subscribes people to a view: each follows it from now on. The caller must be allowed to comment
 * on the board; every person must be able to follow the view (viewAudience), else nothing changes.
 * Those who did not follow it yet, other than the caller, are told so by the producer
 * (UserSubscribedNotification) through the `view.subscribed` event.
 */
async function subscribe(scope: WriteScope, viewId: string, userIds: readonly number[]) {
  const { view, can } = await requireView(scope, viewId);
  if (!can('ADD_COMMENTS')) throw new AppError('FORBIDDEN');
  const wanted = [...new Set(userIds)];
  const seeing = await viewAudience(scope, view, wanted);
  if (wanted.some((userId) => !seeing.has(userId))) throw invalidField('user_ids', 'FIELD_INVALID');
  const before = await currentFollowers(scope, view);
  await addFollowers(scope, view, wanted);
  await recordSubscribed(scope, {
    teamId: view.teamId,
    type: VIEW_SUBSCRIBED_EVENT,
    named: wanted,
    followersBefore: before,
    seeing,
    subject: { id: view.id },
  });
  return { user_ids: [...new Set([...before, ...wanted])].sort((a, b) => a - b) };
}

/**
 * `GET`/`PUT /api/{teamId}/views/{viewId}/follow`: the caller's following of a view;
 * `GET`/`POST .../followers`: who follows it, and subscribing people (docs/notifications.md).
 */
export function viewFollowersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const params = viewIdParams;
  r.get(
    viewFollowPath,
    { schema: { tags, params, response: { 200: itemFollowAnswer, ...commonErrorResponses } } },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, async (scope) => {
        const { view } = await requireView(scope, request.params.viewId);
        return { following: (await currentFollowers(scope, view)).includes(scope.user.id) };
      }),
  );
  r.put(
    viewFollowPath,
    {
      schema: {
        tags,
        params,
        body: itemFollowBody,
        response: { 200: itemFollowAnswer, ...commonErrorResponses },
      },
    },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        setFollowing(scope, request.params.viewId, request.body.following),
      ),
  );
  r.get(
    viewFollowersPath,
    { schema: { tags, params, response: { 200: itemFollowersAnswer, ...commonErrorResponses } } },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, async (scope) => ({
        user_ids: await currentFollowers(scope, (await requireView(scope, request.params.viewId)).view),
      })),
  );
  r.post(
    viewFollowersPath,
    {
      schema: {
        tags,
        params,
        body: itemSubscribeBody,
        response: { 200: itemFollowersAnswer, ...commonErrorResponses },
      },
    },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        subscribe(scope, request.params.viewId, request.body.user_ids),
      ),
  );
}
