import type { TrashRecordRef } from '@strata/contracts/trash';
import { AppError, type FieldError } from '@strata/domain/errors';
import { fieldError } from '@strata/domain/field-errors';
import type { DbOrTx } from '../../db/client';
import type { FolderRow } from '../../db/schema/boards';
import type { AttributeRow, ItemRow } from '../../db/schema/items';
import { invalidFields } from '../../http/field-errors';
import { boardCan } from '../boards/board-access';
import type { BoardWithRecord } from '../boards/boards.repo';
import { requireVisibleBoard } from '../boards/boards.service';
import type { TeamAccess } from '../teams/team-access-types';
import { findAllBoardFolders, findBoardAttributesAnyState, findBoardItemsAnyState } from './trash.repo';

/**
 * A live board the caller sees (else 404) whose trash they may manage: MANAGE_TRASH, and
 * VIEW_FOLDER since the trash shows the board's folders and items (else 403).
 */
export async function requireTrashBoard(
  db: DbOrTx,
  access: TeamAccess,
  boardId: string,
): Promise<BoardWithRecord> {
  const board = await requireVisibleBoard(db, access, boardId);
  const can = boardCan(access, board);
  if (!can('MANAGE_TRASH') || !can('VIEW_FOLDER')) throw new AppError('FORBIDDEN');
  return board;
}

/** The trashed records a restore or purge names, and every folder of the board (any state). */
export interface TrashedRecords {
  items: ItemRow[];
  folders: FolderRow[];
  attributes: AttributeRow[];
  boardFolders: FolderRow[];
}

/**
 * Reads the records named, each only on this board of this workspace: one that is not there (or
 * another board's, or another workspace's) is a 404, one that is not in the trash a 422 naming
 * every such record. Names repeated count once.
 */
export async function loadTrashedRecords(
  db: DbOrTx,
  teamId: number,
  boardId: string,
  refs: readonly TrashRecordRef[],
): Promise<TrashedRecords> {
  const idsOf = (type: TrashRecordRef['type']) => [
    ...new Set(refs.filter((ref) => ref.type === type).map((ref) => ref.id)),
  ];
  // One after the other: a transaction runs one statement at a time.
  const items = await findBoardItemsAnyState(db, teamId, boardId, idsOf('item'));
  const attributes = await findBoardAttributesAnyState(db, teamId, boardId, idsOf('attribute'));
  const boardFolders = await findAllBoardFolders(db, teamId, boardId);
  const found = {
    item: new Map(items.map((row) => [row.id, row])),
    attribute: new Map(attributes.map((row) => [row.id, row])),
    folder: new Map(boardFolders.map((row) => [row.id, row])),
  };
  const rows = refs.map((ref) => found[ref.type].get(ref.id));
  if (rows.some((row) => row === undefined)) throw new AppError('NOT_FOUND');
  const live: FieldError[] = [];
  refs.forEach((ref, index) => {
    if (rows[index]!.deletedAt === null)
      live.push(fieldError(`records.${index}.id`, 'NOT_IN_TRASH', { type: ref.type, id: ref.id }));
  });
  if (live.length > 0) throw invalidFields(live);
  const folderIds = new Set(idsOf('folder'));
  return {
    items,
    attributes,
    folders: boardFolders.filter((row) => folderIds.has(row.id)),
    boardFolders,
  };
}

/** Children by parent id, among one board's folders. */
export function folderChildren(boardFolders: readonly FolderRow[]): Map<string, FolderRow[]> {
  const children = new Map<string, FolderRow[]>();
  for (const folder of boardFolders) {
    if (folder.parentId === null) continue;
    children.set(folder.parentId, [...(children.get(folder.parentId) ?? []), folder]);
  }
  return children;
}

/**
 * A folder and the folders under it that `follows` lets through (a folder not let through
 * stops the walk below it too).
 */
export function folderSubtree(
  root: FolderRow,
  children: Map<string, FolderRow[]>,
  follows: (folder: FolderRow) => boolean = () => true,
): FolderRow[] {
  const found = new Map<string, FolderRow>();
  const queue = [root];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    if (found.has(folder.id)) continue;
    found.set(folder.id, folder);
    queue.push(...(children.get(folder.id) ?? []).filter(follows));
  }
  return [...found.values()];
}
