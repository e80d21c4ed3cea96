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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
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
  r.put(
    boardPaths.board,
    {
      schema: {
        tags,
        params: boardParams,
        body: saveBoardBody,
        response: { 200: boardSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      saveBoard({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        id: request.params.id,
        body: request.body,
      }),
  );
  r.delete(
    boardPaths.board,
    { schema: { tags, params: boardParams, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      await deleteBoard({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        id: request.params.id,
      });
      return { ok: true as const };
    },
  );
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
  r.put(
    boardPaths.folder,
    {
      schema: {
        tags,
        params: folderParams,
        body: saveFolderBody,
        response: { 200: folderSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      saveFolder({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        id: request.params.id,
        body: request.body,
      }),
  );
  r.delete(
    boardPaths.folder,
    { schema: { tags, params: folderParams, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      await deleteFolder({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        id: request.params.id,
      });
      return { ok: true as const };
    },
  );
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
