import type { BoardRow, FolderRow } from '../../db/schema/boards';
import { type OutboxEvent, teamChannels } from '../../events/outbox';
import { toFolder } from './boards.shapes';

/**
 * The events of folder changes, for the workspace's record channel. As a board's: that channel
 * reaches every member, so a private board's folders are announced without their data.
 */
export function folderEvents(
  type: 'folder.created' | 'folder.updated' | 'folder.deleted',
  rows: readonly FolderRow[],
  actorId: number,
  board: Pick<BoardRow, 'isPrivate'>,
): OutboxEvent[] {
  return rows.map((row) => ({
    teamId: row.teamId,
    type,
    channel: teamChannels.records(row.teamId),
    actorId,
    payload: { id: row.id, row_version: row.rowVersion, ...(board.isPrivate ? {} : { data: toFolder(row) }) },
  }));
}
