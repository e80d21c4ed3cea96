import { commonErrorResponses } from '@strata/contracts/common';
import {
  trashPageSchema,
  trashParams,
  trashPaths,
  trashQuery,
  trashRecordsBody,
  trashResultSchema,
} from '@strata/contracts/trash';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { runWrite } from '../records/write-scope';
import { listTrash } from './trash.service';
import { purgeTrash } from './trash-purge.service';
import { restoreTrash } from './trash-restore.service';

/** A board's trash: list, restore, delete forever (MANAGE_TRASH; docs/trash.md). */
export function trashRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trash'];
  r.get(
    trashPaths.trash,
    {
      schema: {
        tags,
        params: trashParams,
        querystring: trashQuery,
        response: { 200: trashPageSchema, ...commonErrorResponses },
      },
    },
    (request) =>
      listTrash({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        boardId: request.params.boardId,
        cursor: request.query.cursor,
        limit: request.query.limit,
      }),
  );
  r.post(
    trashPaths.restore,
    {
      schema: {
        tags,
        params: trashParams,
        body: trashRecordsBody,
        response: { 200: trashResultSchema, ...commonErrorResponses },
      },
    },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        restoreTrash(scope, request.params.boardId, request.body.records),
      ),
  );
  r.delete(
    trashPaths.trash,
    {
      schema: {
        tags,
        params: trashParams,
        body: trashRecordsBody,
        response: { 200: trashResultSchema, ...commonErrorResponses },
      },
    },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        purgeTrash(scope, request.params.boardId, request.body.records),
      ),
  );
}
