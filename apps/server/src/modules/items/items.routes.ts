import { commonErrorResponses } from '@strata/contracts/common';
import {
  attributeParams,
  attributeSchema,
  boardAttributesParams,
  folderItemsParams,
  folderItemsQuery,
  itemParams,
  itemPaths,
  itemSchema,
  type saveItemBody,
  saveMultipleBody,
  saveMultipleResponse,
} from '@strata/contracts/items';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { setChangeCursor } from '../../http/change-cursor';
import { sendSnapshot } from '../../http/conditional-get';
import { claimDeferred, JSON_TYPE } from '../../http/idempotency';
import { RECORD_COLLECTIONS } from '../records/record-collections';
import { recordRoutes } from '../records/record-routes';
import { saveMultiple } from '../records/save-multiple.service';
import { runWrite } from '../records/write-scope';
import { listAttributes } from './attributes.service';
import { createItemCreateBatcher } from './item-create-batcher';
import { createItemEditBatcher } from './item-edit-batcher';
import { listFolderItems, putItem } from './items.service';

type SaveItemBody = z.infer<typeof saveItemBody>;

/** A board's attributes, a folder's items, and the batch write of synced records. */
export function itemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['items'];
  r.get(
    itemPaths.boardAttributes,
    {
      config: { changeCursor: true },
      schema: {
        tags,
        params: boardAttributesParams,
        response: { 200: z.array(attributeSchema), ...commonErrorResponses },
      },
    },
    (request) =>
      listAttributes({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        boardId: request.params.boardId,
      }),
  );
  recordRoutes(r, ctx, {
    path: itemPaths.attribute,
    params: attributeParams,
    record: attributeSchema,
    collection: RECORD_COLLECTIONS.attribute,
    tags,
  });
  // The 200 schema documents the answer; the body is sent as the database built it (no
  // re-validation of 10,000 items), kept until the workspace's records change, with X-Content-Hash
  // and a 304 for a matching If-None-Match answered from memory.
  r.get(
    itemPaths.folderItems,
    {
      config: { changeCursor: 'route' },
      schema: {
        tags,
        params: folderItemsParams,
        querystring: folderItemsQuery,
        response: { 200: z.array(itemSchema), 304: z.null(), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const snapshot = await listFolderItems({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        folderId: request.params.folderId,
        limit: request.query.limit,
      });
      setChangeCursor(request, snapshot.changeSeq);
      return sendSnapshot(request, reply, snapshot);
    },
  );
  const creates = createItemCreateBatcher(ctx);
  const edits = createItemEditBatcher(ctx);
  recordRoutes(r, ctx, {
    path: itemPaths.item,
    params: itemParams,
    record: itemSchema,
    collection: RECORD_COLLECTIONS.item,
    tags,
    // Concurrent saves are written together (creates at row_version 1, edits above it), each with
    // its idempotency key and answer in the batch's transaction.
    deferIdempotency: () => true,
    save: async ({ user, teamId, id, body, request, reply }) => {
      const save = body as SaveItemBody;
      const deferred = request.idempotency?.deferred;
      const claim = deferred && { userId: user.id, key: deferred.key, requestHash: deferred.requestHash };
      const batcher = save.row_version === 1 ? creates : edits;
      let outcome: Awaited<ReturnType<typeof batcher.submit>>;
      try {
        outcome = await batcher.submit(user, teamId, id, save, claim);
      } catch (error) {
        // A refused save keeps its answer for a retry, as every route does.
        if (await claimDeferred(ctx, request, reply)) return reply;
        throw error;
      }
      if (outcome.kind === 'written')
        return outcome.body === undefined ? outcome.item : reply.type(JSON_TYPE).send(outcome.body);
      if (await claimDeferred(ctx, request, reply)) return reply;
      return runWrite(ctx, user, teamId, (scope) => putItem(scope, id, save));
    },
  });
  r.post(
    itemPaths.saveMultiple,
    {
      schema: {
        tags: ['records'],
        params: folderItemsParams.pick({ teamId: true }),
        body: saveMultipleBody,
        response: { 200: saveMultipleResponse, ...commonErrorResponses },
      },
    },
    (request) =>
      saveMultiple({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        operations: request.body,
      }),
  );
}
