import {
  boardFoldersParams,
  boardParams,
  boardPaths,
  boardPermissionRecordSchema,
  boardSchema,
  boardUnlockSchema,
  folderParams,
  folderSchema,
  teamParams,
  unlockBoardBody,
} from '@strata/contracts/boards';
import { commonErrorResponses } from '@strata/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { authRateLimit } from '../../http/security';
import { RECORD_COLLECTIONS } from '../records/record-collections';
import { recordRoutes } from '../records/record-routes';
import { getBoardPermissionRecord } from './board-permissions.service';
import { unlockBoard } from './board-unlock.service';
import { listBoards } from './boards.service';
import { listFolders } from './folders.service';

/** Boards and folders of a workspace, a board's permission record, and unlocking a board's password. */
export function boardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['boards'];
  r.get(
    boardPaths.boards,
    {
      config: { changeCursor: true },
      schema: { tags, params: teamParams, response: { 200: z.array(boardSchema), ...commonErrorResponses } },
    },
    async (request) => listBoards({ ctx, user: requireUser(request).user, teamId: request.params.teamId }),
  );
  recordRoutes(r, ctx, {
    path: boardPaths.board,
    params: boardParams,
    record: boardSchema,
    collection: RECORD_COLLECTIONS.board,
    tags,
  });
  r.get(
    boardPaths.boardFolders,
    {
      config: { changeCursor: true },
      schema: {
        tags,
        params: boardFoldersParams,
        response: { 200: z.array(folderSchema), ...commonErrorResponses },
      },
    },
    async (request) =>
      listFolders({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        boardId: request.params.boardId,
      }),
  );
  // Password guessing is throttled as the sign-in is: per client address.
  r.post(
    boardPaths.boardUnlock,
    {
      config: { rateLimit: authRateLimit(ctx.config) },
      schema: {
        tags,
        params: boardFoldersParams,
        body: unlockBoardBody,
        response: { 200: boardUnlockSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      unlockBoard({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        boardId: request.params.boardId,
        password: request.body.password,
      }),
  );
  recordRoutes(r, ctx, {
    path: boardPaths.folder,
    params: folderParams,
    record: folderSchema,
    collection: RECORD_COLLECTIONS.folder,
    tags,
  });
  r.get(
    boardPaths.boardPermissions,
    {
      schema: {
        tags: ['permissions'],
        params: boardFoldersParams,
        response: { 200: boardPermissionRecordSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      getBoardPermissionRecord({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        boardId: request.params.boardId,
      }),
  );
}
