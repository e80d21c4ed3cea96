import { commonErrorResponses } from '@strata/contracts/common';
import {
  BOARD_UNLOCK_HEADER,
  boardSharingSchema,
  publicBoardParams,
  publicBoardPaths,
  publicBoardSchema,
  publicBoardUnlockSchema,
  publicFolderContentsSchema,
  publicFolderParams,
  saveBoardSharingBody,
  sharingParams,
  unlockPublicBoardBody,
} from '@strata/contracts/public-boards';
import { AppError } from '@strata/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { authRateLimit } from '../../http/security';
import { getBoardSharing, saveBoardSharing } from '../boards/board-sharing';
import { findPublicBoard, isLockedForVisitor, unlockPublicBoard, visitorFolders } from './public-board';
import { readPublicFolder, toPublicFolder } from './public-folder';

/** Reads of public boards per minute from one address: a visit reads the board and a few folders. */
const PUBLIC_READS_PER_MINUTE = 120;

const publicRead = {
  auth: 'public' as const,
  rateLimit: {
    max: PUBLIC_READS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `public-board:${request.ip}`,
  },
};

const unlockTokenOf = (request: FastifyRequest) => {
  const value = request.headers[BOARD_UNLOCK_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** What a visitor's copy may not be kept as: the board may close or change at any moment. */
const noStore = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');

/**
 * Public boards (docs/public-boards.md): a board's sharing settings for its managers, and the
 * narrow anonymous reads of a public board at b/{rootId}. Visitor reads are rate limited per
 * address; unlocking a password is throttled as the sign-in is.
 */
export function publicBoardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['public boards'];
  r.get(
    publicBoardPaths.sharing,
    {
      schema: { tags, params: sharingParams, response: { 200: boardSharingSchema, ...commonErrorResponses } },
    },
    async (request) => getBoardSharing({ ctx, user: requireUser(request).user, ...request.params }),
  );
  r.put(
    publicBoardPaths.sharing,
    {
      schema: {
        tags,
        params: sharingParams,
        body: saveBoardSharingBody,
        response: { 200: boardSharingSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      saveBoardSharing({ ctx, user: requireUser(request).user, ...request.params, body: request.body }),
  );
  r.get(
    publicBoardPaths.board,
    {
      config: publicRead,
      schema: {
        tags,
        params: publicBoardParams,
        response: { 200: publicBoardSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const scope = await findPublicBoard(ctx, request.params.boardId);
      const isLocked = await isLockedForVisitor(ctx, scope.board, unlockTokenOf(request));
      noStore(reply);
      return {
        board: {
          id: scope.board.id,
          name: scope.board.name,
          description: scope.board.description,
          color: scope.board.color,
        },
        workspace: { name: scope.access.team.name },
        show_folders: scope.showFolders,
        feature_image: scope.featureImage,
        is_locked: isLocked,
        folders: isLocked ? [] : visitorFolders(scope).map(toPublicFolder),
      };
    },
  );
  r.post(
    publicBoardPaths.unlock,
    {
      config: { auth: 'public' as const, rateLimit: authRateLimit(ctx.config) },
      schema: {
        tags,
        params: publicBoardParams,
        body: unlockPublicBoardBody,
        response: { 200: publicBoardUnlockSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const scope = await findPublicBoard(ctx, request.params.boardId);
      noStore(reply);
      return unlockPublicBoard(ctx, scope, request.body.password);
    },
  );
  r.get(
    publicBoardPaths.folder,
    {
      config: publicRead,
      schema: {
        tags,
        params: publicFolderParams,
        response: { 200: publicFolderContentsSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const scope = await findPublicBoard(ctx, request.params.boardId);
      if (await isLockedForVisitor(ctx, scope.board, unlockTokenOf(request)))
        throw new AppError('BOARD_LOCKED');
      noStore(reply);
      return readPublicFolder(ctx, scope, request.params.folderId);
    },
  );
}
