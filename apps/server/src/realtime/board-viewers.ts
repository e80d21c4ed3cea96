import type { DbOrTx } from '../db/client';
import { canViewBoard } from '../modules/boards/board-access';
import { asksForPassword, findUnlockedUsers } from '../modules/boards/board-locks';
import { findBoards } from '../modules/boards/boards.repo';
import { teamAccessOf } from '../modules/teams/team-access';
import { findTeamMembersOf, findWorkspaceLevel } from '../modules/teams/teams.repo';

/**
 * Which of these users still see which of these boards of a workspace (VIEW_BOARD, and not locked
 * by its password, as multi-auth decides it): members only, never guest accounts (they get no
 * real-time at all), and only live boards of a live workspace. Five queries whatever the number of
 * users and boards, so the hub can re-check every subscriber of a board at once.
 */
export async function findBoardViewers(
  db: DbOrTx,
  options: { teamId: number; boardIds: readonly string[]; userIds: readonly number[] },
): Promise<Map<string, Set<number>>> {
  const { teamId } = options;
  const viewers = new Map(options.boardIds.map((id) => [id, new Set<number>()]));
  if (options.boardIds.length === 0 || options.userIds.length === 0) return viewers;
  const found = await findTeamMembersOf(db, teamId, options.userIds);
  if (!found) return viewers;
  const workspaceLevel = await findWorkspaceLevel(db, teamId);
  const accesses = found.members
    .filter((member) => !member.user.guest)
    .map(({ user, memberRole }) => teamAccessOf({ team: found.team, user, memberRole, workspaceLevel }));
  const boards = await findBoards(db, teamId, options.boardIds);
  // A password-protected board is seen only by those it does not ask, or who unlocked it.
  const unlocked = await findUnlockedUsers(
    db,
    teamId,
    boards.filter((board) => board.passwordHash !== null).map((board) => board.id),
    accesses.map((access) => access.userId),
  );
  for (const board of boards) {
    const seeing = viewers.get(board.id)!;
    for (const access of accesses) {
      const isLocked = asksForPassword(access, board) && !unlocked.get(board.id)?.has(access.userId);
      if (canViewBoard(access, board) && !isLocked) seeing.add(access.userId);
    }
  }
  return viewers;
}
