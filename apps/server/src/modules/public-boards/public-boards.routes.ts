import { commonErrorResponses } from '@strata/contracts/common';
import {
  addPublicCommentBody,
  addPublicItemBody,
  BOARD_UNLOCK_HEADER,
  BOARD_VISITOR_HEADER,
  boardSharingSchema,
  editPublicItemBody,
  publicBoardParams,
  publicBoardPaths,
  publicBoardSchema,
  publicBoardUnlockSchema,
  publicCommentSchema,
  publicCommentsSchema,
  publicFolderContentsSchema,
  publicFolderParams,
  publicItemParams,
  publicItemSchema,
  publicVisitorSchema,
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
import {
  getBoardSharing,
  saveBoardSharing,
  visitorCommentsOf,
  visitorRightsOf,
} from '../boards/board-sharing';
import { createVisitor } from './board-visitors';
import { findPublicBoard, isLockedForVisitor, unlockPublicBoard, visitorFolders } from './public-board';
import { readPublicFolder, toPublicFolder } from './public-folder';
import { addVisitorComment, listVisitorComments } from './visitor-comments';
import { addVisitorItem, editVisitorItem } from './visitor-writes';

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

/** Writes of visitors per minute: from one address to one board, and to one board from everywhere. */
const VISITOR_WRITES_PER_ADDRESS = 30;
const VISITOR_WRITES_PER_BOARD = 300;
/** New visitors per minute from one address (a visitor makes themself known once per browser). */
const NEW_VISITORS_PER_ADDRESS = 10;

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};
const unlockTokenOf = (request: FastifyRequest) => headerOf(request, BOARD_UNLOCK_HEADER);
const visitorTokenOf = (request: FastifyRequest) => headerOf(request, BOARD_VISITOR_HEADER);
const boardIdOf = (request: { params: unknown }) => (request.params as { boardId?: string }).boardId ?? '';

/** A public board a visitor may read now: found, and unlocked if it has a password. */
async function openPublicBoard(ctx: AppContext, request: FastifyRequest & { params: { boardId: string } }) {
  const scope = await findPublicBoard(ctx, request.params.boardId);
  if (await isLockedForVisitor(ctx, scope.board, unlockTokenOf(request))) throw new AppError('BOARD_LOCKED');
  return scope;
}

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
        visitor_rights: visitorRightsOf(scope.board),
        visitor_comments: visitorCommentsOf(scope.board),
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
      const scope = await openPublicBoard(ctx, request);
      noStore(reply);
      return readPublicFolder(ctx, scope, request.params.folderId, visitorTokenOf(request));
    },
  );
  visitorWriteRoutes(app, ctx);
}

/**
 * What visitors write to a public board (docs/public-boards.md): they make themselves known once,
 * then add and edit items as the board's sharing lets the guest user. Rate limited per address
 * and per board.
 */
function visitorWriteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['public boards'];
  const writeLimits = [
    app.rateLimit({
      max: VISITOR_WRITES_PER_ADDRESS,
      timeWindow: '1 minute',
      keyGenerator: (request) => `visitor-write:${boardIdOf(request)}:${request.ip}`,
    }),
    app.rateLimit({
      max: VISITOR_WRITES_PER_BOARD,
      timeWindow: '1 minute',
      keyGenerator: (request) => `visitor-writes:${boardIdOf(request)}`,
    }),
  ];
  r.post(
    publicBoardPaths.visitors,
    {
      config: {
        auth: 'public' as const,
        rateLimit: {
          max: NEW_VISITORS_PER_ADDRESS,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `board-visitor:${request.ip}`,
        },
      },
      schema: {
        tags,
        params: publicBoardParams,
        response: { 201: publicVisitorSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const scope = await openPublicBoard(ctx, request);
      noStore(reply).code(201);
      return { token: await createVisitor(ctx, scope) };
    },
  );
  r.post(
    publicBoardPaths.items,
    {
      config: { auth: 'public' as const },
      preHandler: writeLimits,
      schema: {
        tags,
        params: publicFolderParams,
        body: addPublicItemBody,
        response: { 201: publicItemSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const scope = await openPublicBoard(ctx, request);
      const item = await addVisitorItem({
        ctx,
        scope,
        folderId: request.params.folderId,
        visitorToken: visitorTokenOf(request),
        body: request.body,
      });
      noStore(reply).code(201);
      return item;
    },
  );
  r.patch(
    publicBoardPaths.item,
    {
      config: { auth: 'public' as const },
      preHandler: writeLimits,
      schema: {
        tags,
        params: publicItemParams,
        body: editPublicItemBody,
        response: { 200: publicItemSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const scope = await openPublicBoard(ctx, request);
      const item = await editVisitorItem({
        ctx,
        scope,
        itemId: request.params.itemId,
        visitorToken: visitorTokenOf(request),
        body: request.body,
      });
      noStore(reply);
      return item;
    },
  );
  r.get(
    publicBoardPaths.comments,
    {
      config: publicRead,
      schema: {
        tags,
        params: publicItemParams,
        response: { 200: publicCommentsSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const scope = await openPublicBoard(ctx, request);
      noStore(reply);
      return listVisitorComments(ctx, scope, request.params.itemId);
    },
  );
  r.post(
    publicBoardPaths.comments,
    {
      config: { auth: 'public' as const },
      preHandler: writeLimits,
      schema: {
        tags,
        params: publicItemParams,
        body: addPublicCommentBody,
        response: { 201: publicCommentSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const scope = await openPublicBoard(ctx, request);
      const comment = await addVisitorComment({
        ctx,
        scope,
        itemId: request.params.itemId,
        visitorToken: visitorTokenOf(request),
        body: request.body,
      });
      noStore(reply).code(201);
      return comment;
    },
  );
}
