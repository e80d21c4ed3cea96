import type { DbOrTx } from '../db/client';
import { findBoardAudience } from '../modules/boards/board-audience';

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
  const viewers = new Map(options.boardIds.map((id) => [id, new Set<number>()]));
  for (const { board, seeing } of await findBoardAudience(db, { ...options, guests: false }))
    viewers.set(board.id, new Set(seeing.map((access) => access.userId)));
  return viewers;
}
