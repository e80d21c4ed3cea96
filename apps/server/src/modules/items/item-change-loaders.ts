import { canViewBoard } from '../boards/board-access';
import { findLockedBoardIds } from '../boards/board-locks';
import { findBoards } from '../boards/boards.repo';
import { findVisibleFolderIds } from '../boards/folder-access';
import type { ChangeLoader } from '../changes/change-loader-types';
import { findAttributes, findItems } from './items.repo';
import { toAttribute, toItem } from './items.shapes';

/**
 * Attributes, as GET .../boards/{boardId}/attributes: of live boards the caller sees, and not locked
 * for them by a password.
 */
export const attributeChangeLoader: ChangeLoader = {
  isVisible: () => true,
  toApiId: String,
  async load(db, access, refs) {
    const rows = await findAttributes(
      db,
      access.team.id,
      refs.map((ref) => ref.id),
    );
    if (rows.length === 0) return [];
    const boardIds = [...new Set(rows.map((row) => row.boardId))];
    const seen = (await findBoards(db, access.team.id, boardIds)).filter((board) =>
      canViewBoard(access, board),
    );
    const locked = await findLockedBoardIds(db, access, seen);
    const visible = new Set(seen.filter((board) => !locked.has(board.id)).map((board) => board.id));
    return rows
      .filter((row) => visible.has(row.boardId))
      .map((row) => ({
        type: 'attribute' as const,
        id: row.id,
        row_version: row.rowVersion,
        data: toAttribute(row),
      }));
  },
};

/**
 * Items, as GET .../folders/{folderId}/items: in live folders the caller sees (folder-access.ts:
 * hidden and private folders too). An item whose folder or board went to the trash is answered as
 * deleted.
 */
export const itemChangeLoader: ChangeLoader = {
  isVisible: () => true,
  toApiId: String,
  async load(db, access, refs) {
    const rows = await findItems(
      db,
      access.team.id,
      refs.map((ref) => ref.id),
    );
    if (rows.length === 0) return [];
    const folderIds = [...new Set(rows.map((row) => row.folderId))];
    const visible = await findVisibleFolderIds(db, access, folderIds);
    return rows
      .filter((row) => visible.has(row.folderId))
      .map((row) => ({ type: 'item' as const, id: row.id, row_version: row.rowVersion, data: toItem(row) }));
  },
};
