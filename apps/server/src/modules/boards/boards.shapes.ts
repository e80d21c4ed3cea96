import type { Board, Folder } from '@strata/contracts/boards';
import type { BoardRow, FolderRow } from '../../db/schema/boards';

/** A board as the API shows it. */
export function toBoard(row: BoardRow): Board {
  return {
    id: row.id,
    object: 'board',
    team_id: row.teamId,
    name: row.name,
    description: row.description,
    color: row.color,
    user_ids: row.userIds,
    is_private: row.isPrivate,
    // The hash itself never leaves the server.
    is_password_protected: row.passwordHash !== null,
    sort_order: row.sortOrder,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    row_version: row.rowVersion,
  };
}

/** A folder as the API shows it. */
export function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    object: 'folder',
    team_id: row.teamId,
    board_id: row.boardId,
    parent_id: row.parentId,
    name: row.name,
    color: row.color,
    attribute_ids: row.attributeIds,
    settings: row.settings,
    sort_order: row.sortOrder,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    row_version: row.rowVersion,
  };
}
