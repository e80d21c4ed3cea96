import {
  boardFoldersParams,
  boardParams,
  boardPaths,
  boardPermissionRecordSchema,
  boardSchema,
  folderParams,
  folderSchema,
  saveBoardBody,
  saveFolderBody,
  teamParams,
} from '@strata/contracts/boards';
import { commonErrorResponses, okSchema } from '@strata/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { requireUser } from '../../http/authenticate';
import { deleteBoard, getBoardPermissionRecord, listBoards, saveBoard } from './boards.service';
import { deleteFolder, listFolders, saveFolder } from './folders.service';

/** Boards and folders of a workspace, and a board's permission record. */
export function boardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['boards'];
  r.get(
    boardPaths.boards,
    {
      schema: { tags, params: teamParams, response: { 200: z.array(boardSchema), ...commonErrorResponses } },
    },
    async (request) => listBoards({ ctx, user: requireUser(request).user, teamId: request.params.teamId }),
  );
  recordRoutes(r, ctx, {
    path: boardPaths.board,
    params: boardParams,
    body: saveBoardBody,
    record: boardSchema,
    save: saveBoard,
    remove: deleteBoard,
  });
  r.get(
    boardPaths.boardFolders,
    {
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
  recordRoutes(r, ctx, {
    path: boardPaths.folder,
    params: folderParams,
    body: saveFolderBody,
    record: folderSchema,
    save: saveFolder,
    remove: deleteFolder,
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

interface RecordTarget {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
}

/**
 * The generic routes of one record collection (ARCHITECTURE.md section 5): PUT saves with
 * compare-and-set (create at row_version 1), DELETE moves to the trash. Later collections (items,
 * attributes, views) register the same way.
 */
function recordRoutes<Body>(
  r: ReturnType<FastifyInstance['withTypeProvider']>,
  ctx: AppContext,
  collection: {
    path: string;
    params: z.ZodType<{ teamId: number; id: string }>;
    body: z.ZodType<Body>;
    record: z.ZodType;
    save(target: RecordTarget & { body: Body }): Promise<unknown>;
    remove(target: RecordTarget): Promise<void>;
  },
): void {
  const tags = ['boards'];
  const target = (request: FastifyRequest): RecordTarget => {
    const params = request.params as { teamId: number; id: string };
    return { ctx, user: requireUser(request).user, teamId: params.teamId, id: params.id };
  };
  r.put(
    collection.path,
    {
      schema: {
        tags,
        params: collection.params,
        body: collection.body,
        response: { 200: collection.record, ...commonErrorResponses },
      },
    },
    (request) => collection.save({ ...target(request), body: request.body as Body }),
  );
  r.delete(
    collection.path,
    { schema: { tags, params: collection.params, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      await collection.remove(target(request));
      return { ok: true as const };
    },
  );
}
