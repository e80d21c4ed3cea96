import { teamParams } from '@strata/contracts/boards';
import { commonErrorResponses } from '@strata/contracts/common';
import {
  boardItemsSearchQuery,
  boardItemsSearchResponse,
  itemTitlesQuery,
  itemTitlesResponse,
  referenceBody,
  referenceParams,
  referencePaths,
  referenceSchema,
} from '@strata/contracts/references';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { runWrite } from '../records/write-scope';
import { findBoardItemsByTitle, listItemTitles } from './item-titles.service';
import { addReference, removeReference } from './references.service';

/**
 * References between items (docs/attributes.md, "References"): add and remove a link, the titles
 * of referenced items, and the picker's search of a board's items.
 */
export function referenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['references'];
  const write = { tags, params: referenceParams, body: referenceBody };
  r.post(
    referencePaths.references,
    { schema: { ...write, response: { 200: referenceSchema, ...commonErrorResponses } } },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        addReference(scope, request.params.boardId, request.body),
      ),
  );
  r.delete(
    referencePaths.references,
    { schema: { ...write, response: { 200: referenceSchema, ...commonErrorResponses } } },
    (request) =>
      runWrite(ctx, requireUser(request).user, request.params.teamId, (scope) =>
        removeReference(scope, request.params.boardId, request.body),
      ),
  );
  r.get(
    referencePaths.titles,
    {
      schema: {
        tags,
        params: teamParams,
        querystring: itemTitlesQuery,
        response: { 200: itemTitlesResponse, ...commonErrorResponses },
      },
    },
    (request) =>
      listItemTitles({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        ids: request.query.ids,
      }),
  );
  r.get(
    referencePaths.boardItems,
    {
      schema: {
        tags,
        params: referenceParams,
        querystring: boardItemsSearchQuery,
        response: { 200: boardItemsSearchResponse, ...commonErrorResponses },
      },
    },
    (request) =>
      findBoardItemsByTitle({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        boardId: request.params.boardId,
        q: request.query.q,
        limit: request.query.limit,
      }),
  );
}
