import { teamParams } from '@strata/contracts/boards';
import {
  commentParams,
  commentPaths,
  commentReactionAnswer,
  commentReactionBody,
  commentSchema,
  commentsMultipleQuery,
  commentsPageSchema,
  pinCommentBody,
} from '@strata/contracts/comments';
import { commonErrorResponses } from '@strata/contracts/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { RECORD_COLLECTIONS } from '../records/record-collections';
import { recordRoutes } from '../records/record-routes';
import { runWrite } from '../records/write-scope';
import { listComments, pinComment, toggleReaction } from './comments.service';

/** Comments (spec section 7): the list of several items', the generic PUT and DELETE, pin and reactions. */
export function commentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['comments'];
  r.get(
    commentPaths.multiple,
    {
      schema: {
        tags,
        params: teamParams,
        querystring: commentsMultipleQuery,
        response: { 200: commentsPageSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const page = await listComments({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        itemIds: request.query.item_ids,
        limit: request.query.limit,
        after: request.query.after,
      });
      // Shaped field by field by toComment already: sent as its JSON, without the schema's
      // check of every comment again (the comments-read bench, docs/comments.md).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify(page));
    },
  );
  r.put(
    commentPaths.pin,
    {
      schema: {
        tags,
        params: commentParams,
        body: pinCommentBody,
        response: { 200: commentSchema, ...commonErrorResponses },
      },
    },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        pinComment(scope, request.params.id, request.body.pinned),
      ),
  );
  r.put(
    commentPaths.reaction,
    {
      schema: {
        tags,
        params: commentParams,
        body: commentReactionBody,
        response: { 200: commentReactionAnswer, ...commonErrorResponses },
      },
    },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        toggleReaction(scope, request.params.id, request.body),
      ),
  );
  recordRoutes(r, ctx, {
    path: commentPaths.comment,
    params: commentParams,
    record: commentSchema,
    collection: RECORD_COLLECTIONS.comment,
    tags,
  });
}
