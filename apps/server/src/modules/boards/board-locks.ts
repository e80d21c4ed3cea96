import { AppError } from '@strata/domain/errors';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { boardUnlocks } from '../../db/schema/board-unlocks';
import type { BoardRow } from '../../db/schema/boards';
import type { TeamAccess } from '../teams/team-access-types';
import { type BoardForAccess, boardCan } from './board-access';

/** How long an unlock opens a board for its user (docs/board-password.md). */
export const UNLOCK_HOURS = 12;

/** A board as the lock reads it: what deciding about it takes, its id and its password hash. */
export type BoardForLock = BoardForAccess & Pick<BoardRow, 'id' | 'passwordHash'>;

/**
 * Whether the board asks this caller for its password: it has one, and they may not change it.
 * Whoever holds UPDATE_BOARD_DETAILS there (the owner always) could remove the password at will,
 * so asking them would protect nothing: they pass without unlocking.
 */
export function asksForPassword(access: TeamAccess, board: BoardForLock): boolean {
  return board.passwordHash !== null && !boardCan(access, board)('UPDATE_BOARD_DETAILS');
}

/**
 * Per board, which of these users hold a live unlock. Expiry is judged by the database's clock,
 * the one that wrote it (unlockBoard), so that the two can never disagree.
 */
export async function findUnlockedUsers(
  db: DbOrTx,
  teamId: number,
  boardIds: readonly string[],
  userIds: readonly number[],
): Promise<Map<string, Set<number>>> {
  const unlocked = new Map<string, Set<number>>();
  if (boardIds.length === 0 || userIds.length === 0) return unlocked;
  const rows = await db
    .select({ boardId: boardUnlocks.boardId, userId: boardUnlocks.userId })
    .from(boardUnlocks)
    .where(
      and(
        eq(boardUnlocks.teamId, teamId),
        inArray(boardUnlocks.boardId, [...new Set(boardIds)]),
        inArray(boardUnlocks.userId, [...new Set(userIds)]),
        gt(boardUnlocks.expiresAt, sql`now()`),
      ),
    );
  for (const row of rows) {
    const users = unlocked.get(row.boardId) ?? new Set<number>();
    users.add(row.userId);
    unlocked.set(row.boardId, users);
  }
  return unlocked;
}

/**
 * Of these boards (all of the caller's workspace), the ids locked for the caller: asking them for
 * the password, with no live unlock of theirs. No query unless one of them asks.
 */
export async function findLockedBoardIds(
  db: DbOrTx,
  access: TeamAccess,
  boards: readonly BoardForLock[],
): Promise<Set<string>> {
  const asking = boards.filter((board) => asksForPassword(access, board)).map((board) => board.id);
  if (asking.length === 0) return new Set();
  const unlocked = await findUnlockedUsers(db, access.team.id, asking, [access.userId]);
  return new Set(asking.filter((id) => !unlocked.get(id)?.has(access.userId)));
}

/** Throws BOARD_LOCKED (403) when the board is locked for the caller. */
export async function requireUnlockedBoard(
  db: DbOrTx,
  access: TeamAccess,
  board: BoardForLock,
): Promise<void> {
  if ((await findLockedBoardIds(db, access, [board])).size > 0) throw new AppError('BOARD_LOCKED');
}

/** Takes back every unlock of a board (its password changed or went), in the write's transaction. */
export async function clearUnlocks(tx: DbOrTx, teamId: number, boardId: string): Promise<void> {
  await tx
    .delete(boardUnlocks)
    .where(and(eq(boardUnlocks.teamId, teamId), eq(boardUnlocks.boardId, boardId)));
}
