import type { BoardUnlock } from '@strata/contracts/boards';
import { AppError } from '@strata/domain/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { boardUnlocks } from '../../db/schema/board-unlocks';
import { boards } from '../../db/schema/boards';
import type { UserRow } from '../../db/schema/users';
import { noteChanges } from '../../events/change-log';
import { verifyPassword } from '../auth/passwords';
import { getTeamAccess } from '../teams/team-access';
import { UNLOCK_HOURS } from './board-locks';
import { requireListedBoard } from './boards.service';

/**
 * Opens a password-protected board to the caller for UNLOCK_HOURS (docs/board-password.md). The
 * board must be one they see (else 404); a wrong password is 422 INVALID_PASSWORD. argon2's verify
 * compares in constant time, and the route is rate limited as the sign-in is. A board without a
 * password has nothing to unlock: `expires_at` null.
 *
 * The unlock is written only if the password verified is still the board's (read FOR UPDATE: a
 * change committed meanwhile makes it wrong). It is noted as a change of the caller's membership,
 * which is how delta sync learns that what they may see changed: their next pull starts over and
 * carries the board's contents.
 */
export async function unlockBoard(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
  password: string;
}): Promise<BoardUnlock> {
  const { ctx, user } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const teamId = access.team.id;
  const board = await requireListedBoard(ctx.db, access, options.boardId);
  if (board.passwordHash === null) return { board_id: board.id, expires_at: null };
  if (!(await verifyPassword(board.passwordHash, options.password))) throw new AppError('INVALID_PASSWORD');
  const expiresAt = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ passwordHash: boards.passwordHash })
      .from(boards)
      .where(and(eq(boards.teamId, teamId), eq(boards.id, board.id)))
      .for('update');
    if (current?.passwordHash !== board.passwordHash) throw new AppError('INVALID_PASSWORD');
    const until = sql`now() + make_interval(hours => ${UNLOCK_HOURS})`;
    const [row] = await tx
      .insert(boardUnlocks)
      .values({ teamId, boardId: board.id, userId: user.id, expiresAt: until })
      .onConflictDoUpdate({
        target: [boardUnlocks.teamId, boardUnlocks.boardId, boardUnlocks.userId],
        set: { expiresAt: until },
      })
      .returning({ expiresAt: boardUnlocks.expiresAt });
    await noteChanges(tx, teamId, [{ type: 'member', id: user.id }]);
    return row!.expiresAt;
  });
  return { board_id: board.id, expires_at: expiresAt.toISOString() };
}
