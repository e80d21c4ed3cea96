import type { DbOrTx } from '../../db/client';
import { teamAccessOf } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { findTeamMembersOf } from '../teams/teams.repo';
import { canViewBoard } from './board-access';
import { asksForPassword, findUnlockedUsers } from './board-locks';
import { type BoardWithRecord, findBoards } from './boards.repo';

/**
 * Which of these users see which of these boards of a workspace: members of a live workspace
 * (guest accounts only when `guests`), VIEW_BOARD, and not kept out by the board's password (as
 * multi-auth decides it). Two queries whatever the number of users and boards (three when one has a password). Each board comes
 * with the standings of those who see it, for a reader that decides more (its folders).
 */
export async function findBoardAudience(
  db: DbOrTx,
  options: {
    teamId: number;
    boardIds: readonly string[];
    userIds: readonly number[];
    guests: boolean;
    /** The live boards of `boardIds` when the caller has them already (else read here). */
    boards?: readonly BoardWithRecord[];
  },
): Promise<{ board: BoardWithRecord; seeing: TeamAccess[] }[]> {
  const { teamId } = options;
  if (options.boardIds.length === 0 || options.userIds.length === 0) return [];
  const found = await findTeamMembersOf(db, teamId, [...new Set(options.userIds)]);
  if (!found) return [];
  const { workspaceLevel } = found;
  const accesses = found.members
    .filter((member) => options.guests || !member.user.guest)
    .map(({ user, memberRole }) => teamAccessOf({ team: found.team, user, memberRole, workspaceLevel }));
  const boards = options.boards ?? (await findBoards(db, teamId, options.boardIds));
  const locked = boards.filter((board) => board.passwordHash !== null).map((board) => board.id);
  const unlocked =
    locked.length === 0
      ? new Map<string, Set<number>>()
      : await findUnlockedUsers(
          db,
          teamId,
          locked,
          accesses.map((access) => access.userId),
        );
  return boards.map((board) => ({
    board,
    seeing: accesses.filter(
      (access) =>
        canViewBoard(access, board) &&
        !(asksForPassword(access, board) && !unlocked.get(board.id)?.has(access.userId)),
    ),
  }));
}
