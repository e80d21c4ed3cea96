import { AppError } from '@strata/domain/errors';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { boards, type FolderRow } from '../../db/schema/boards';
import { type TeamRow, teams } from '../../db/schema/teams';
import { verifyPassword } from '../auth/passwords';
import { canViewBoard } from '../boards/board-access';
import { UNLOCK_HOURS } from '../boards/board-locks';
import { sharingOf } from '../boards/board-sharing';
import type { BoardWithRecord } from '../boards/boards.repo';
import { folderCan } from '../boards/folder-access';
import { rememberStructure } from '../items/item-reads';
import { isLinkSigned, signLink } from '../notifications/link-signing';
import { standingOf } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { findWorkspaceLevel } from '../teams/teams.repo';

const UNLOCK_PURPOSE = 'public-board-unlock';

/** A public board as a visitor reaches it: the visitor's standing, the board, its live folders. */
export interface PublicBoardScope {
  access: TeamAccess;
  board: BoardWithRecord;
  /** Every live folder of the board (what folder rules are decided over). */
  boardFolders: readonly FolderRow[];
  showFolders: boolean;
  featureImage: string | null;
}

/**
 * The anonymous visitor's standing in a workspace: the workspace's chain of levels, judged for the
 * engine's actor without a user id, who matches only the guest user's rules (docs/public-boards.md).
 */
export function visitorAccess(team: TeamRow, workspaceLevel: TeamAccess['levels'][number]): TeamAccess {
  return standingOf(team, { userId: null, role: 'guest' }, workspaceLevel);
}

/**
 * A live board the guest user sees (a public board), by its id alone; anything else (no such
 * board, deleted, not public) is 404, the same answer for all. Read through the workspace's
 * structure caches once its workspace is known.
 */
export async function findPublicBoard(ctx: AppContext, boardId: string): Promise<PublicBoardScope> {
  // The one lookup without a workspace: a public address names only the board.
  const [owner] = await ctx.db
    .select({ teamId: boards.teamId })
    .from(boards)
    .where(eq(boards.id, boardId))
    .limit(1);
  if (!owner) throw new AppError('NOT_FOUND');
  const [team] = await ctx.db.select().from(teams).where(eq(teams.id, owner.teamId)).limit(1);
  if (!team || team.deletedAt) throw new AppError('NOT_FOUND');
  const access = visitorAccess(team, await findWorkspaceLevel(ctx.db, team.id));
  const structure = rememberStructure(ctx.db, team.id, ctx.caches.structure);
  const board = await structure.board(boardId);
  if (!board || !canViewBoard(access, board)) throw new AppError('NOT_FOUND');
  const boardFolders = (await structure.boardFolders(board.id)).filter((folder) => !folder.deletedAt);
  const sharing = sharingOf(board);
  return {
    access,
    board,
    boardFolders,
    showFolders: sharing.show_folders,
    featureImage: sharing.feature_image,
  };
}

/** The folders of the public board a visitor sees, in the board's order. */
export function visitorFolders(scope: PublicBoardScope): FolderRow[] {
  return scope.boardFolders.filter(
    (folder) => folderCan(scope.access, scope.board, folder.id, scope.boardFolders).canView,
  );
}

/**
 * A token that opens a password-protected public board to whoever holds it until `expires`:
 * signed over the board and its current password hash, so changing or removing the password
 * closes every token given before.
 */
async function unlockSignature(ctx: AppContext, board: BoardWithRecord, expiresMs: number) {
  return signLink(ctx, UNLOCK_PURPOSE, [board.id, board.passwordHash ?? '', expiresMs]);
}

/**
 * POST .../unlock: the board's password checked (argon2's verify, constant time; the route is
 * rate limited), answered with a token for X-Board-Unlock, good for UNLOCK_HOURS. A wrong password
 * is 422 INVALID_PASSWORD; a board without one has nothing to unlock, and gets a token all the same.
 */
export async function unlockPublicBoard(
  ctx: AppContext,
  scope: PublicBoardScope,
  password: string,
): Promise<{ token: string; expires_at: string }> {
  const { board } = scope;
  if (board.passwordHash !== null && !(await verifyPassword(board.passwordHash, password)))
    throw new AppError('INVALID_PASSWORD');
  const expiresMs = ctx.clock.now().getTime() + UNLOCK_HOURS * 3_600_000;
  const signature = await unlockSignature(ctx, board, expiresMs);
  return { token: `${expiresMs}.${signature}`, expires_at: new Date(expiresMs).toISOString() };
}

/** Whether the board asks the visitor for its password: it has one, and `token` does not open it. */
export async function isLockedForVisitor(
  ctx: AppContext,
  board: BoardWithRecord,
  token: string | undefined,
): Promise<boolean> {
  if (board.passwordHash === null) return false;
  const [expires, signature] = (token ?? '').split('.');
  const expiresMs = Number(expires);
  if (!signature || !/^\d{1,15}$/.test(expires ?? '') || expiresMs <= ctx.clock.now().getTime()) return true;
  return !(await isLinkSigned(ctx, UNLOCK_PURPOSE, [board.id, board.passwordHash, expiresMs], signature));
}
