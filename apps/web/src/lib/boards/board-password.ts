import type { Board, BoardUnlock } from '@strata/contracts/boards';
import { HttpError } from '@strata/sync/http-client';
import type { RecordStore } from '@strata/sync/records/record-types';
import { api } from '../api';

/** Whether a failure is the server's answer for a board locked by its password (docs/board-password.md). */
export const isBoardLocked = (error: unknown): boolean =>
  error instanceof HttpError && error.code === 'BOARD_LOCKED';

/** POST .../unlock: opens the board to this user for 12 hours; a wrong password is INVALID_PASSWORD. */
export function unlockBoard(teamId: number, boardId: string, password: string): Promise<BoardUnlock> {
  return api.post<BoardUnlock>(`/api/${teamId}/boards/${encodeURIComponent(boardId)}/unlock`, { password });
}

/**
 * Sets (a string) or removes (null) a board's password: a save of the board with compare-and-set,
 * sent straight to the server and never through the record store, so that the password is neither
 * kept on this device nor queued offline. The saved board (is_password_protected) goes to the store.
 */
export async function saveBoardPassword(
  store: RecordStore<Board>,
  board: Board,
  password: string | null,
): Promise<Board> {
  const saved = await api.put<Board>(`/api/${board.team_id}/boards/${encodeURIComponent(board.id)}`, {
    name: board.name,
    password,
    row_version: board.row_version + 1,
  });
  store.receive(saved);
  return saved;
}
