import type { DbOrTx } from '../../db/client';
import type { BoardRow, FolderRow } from '../../db/schema/boards';
import { type OutboxEvent, recordEvents, teamChannels } from '../../events/outbox';
import { folderActivity, recordActivity } from '../activity/activity-rows';
import { toFolder } from './boards.shapes';
import { findRestrictedFolderIds } from './folder-access';

/**
 * The board of folder events: its privacy, and its password hash where the caller has the row
 * (callers pass the board they looked up, which has it).
 */
type BoardOfEvents = Pick<BoardRow, 'isPrivate'> & Partial<Pick<BoardRow, 'passwordHash'>>;

/**
 * The events of folder changes, for the workspace's record channel. As a board's: that channel
 * reaches every member, so a private or password-protected board's folders, and folders hidden or
 * private (themselves or above: `restricted`), are announced without their data.
 */
export function folderEvents(
  type: 'folder.created' | 'folder.updated' | 'folder.deleted',
  rows: readonly FolderRow[],
  actorId: number,
  board: BoardOfEvents,
  restricted: ReadonlySet<string> = new Set(),
): OutboxEvent[] {
  // A password-protected board's folders are its contents: those it locks out must not hear them.
  const isQuiet = board.isPrivate || Boolean(board.passwordHash);
  return rows.map((row) => ({
    teamId: row.teamId,
    type,
    channel: teamChannels.records(row.teamId),
    actorId,
    payload: {
      id: row.id,
      row_version: row.rowVersion,
      ...(isQuiet || restricted.has(row.id) ? {} : { data: toFolder(row) }),
    },
  }));
}

/**
 * Records folder changes in the write's transaction: their events (`folderEvents`) and their rows
 * of the board's activity log (with `previous`, the copies before an update, what changed).
 */
export async function recordFolderEvents(
  tx: DbOrTx,
  type: 'folder.created' | 'folder.updated' | 'folder.deleted',
  rows: readonly FolderRow[],
  actorId: number,
  board: BoardOfEvents,
  previous?: readonly FolderRow[],
): Promise<void> {
  const restricted =
    board.isPrivate || rows.length === 0
      ? new Set<string>()
      : await findRestrictedFolderIds(
          tx,
          rows[0]!.teamId,
          rows.map((row) => row.boardId),
          rows.map((row) => row.id),
          rows,
        );
  await recordEvents(tx, folderEvents(type, rows, actorId, board, restricted));
  await recordActivity(tx, folderActivity(type, rows, actorId, previous));
}
