import type { TrashRecordRef, TrashResult } from '@strata/contracts/trash';
import { validateAttributeDefinition } from '@strata/domain/attributes/attribute-definition';
import { AppError, type FieldError } from '@strata/domain/errors';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type FolderRow, folders } from '../../db/schema/boards';
import { type AttributeRow, attributes, type ItemRow, items } from '../../db/schema/items';
import { noteChanges } from '../../events/change-log';
import { recordFolderEvents } from '../boards/board-events';
import { announceAttributes, announceItems } from '../items/item-events';
import { findBoardAttributes } from '../items/items.repo';
import { toDefinition } from '../items/items.shapes';
import type { WriteScope } from '../records/write-scope';
import { findDeletedWithItems, findItemsWithAncestors, findLiveItemIdsInFolders } from './trash.repo';
import { folderChildren, folderSubtree, loadTrashedRecords, requireTrashBoard } from './trash-records';

/**
 * Restores records of a board's trash (MANAGE_TRASH): deleted_at cleared, row_version + 1, and
 * announced as a save of them is (`*.updated`), so open screens pick them up. What comes back
 * with a record (docs/trash.md):
 * - an item brings its subitems deleted with it, and the deleted items above it (a subitem needs
 *   its parent); it comes back into its top item's folder;
 * - a folder brings its subfolders deleted with it, and the deleted folders above it;
 * - an item whose folder is deleted brings that folder back (as monday.com does with a group).
 * An attribute whose name (or one-per-board type) a live attribute has taken meanwhile is a 422.
 */
export async function restoreTrash(
  scope: WriteScope,
  boardId: string,
  refs: readonly TrashRecordRef[],
): Promise<TrashResult> {
  const { tx, access } = scope;
  const teamId = access.team.id;
  const board = await requireTrashBoard(tx, access, boardId);
  const trashed = await loadTrashedRecords(tx, teamId, board.id, refs);
  await checkAttributeRestores(scope, board.id, trashed.attributes, refs);

  const itemFolders = await planItems(scope, trashed.items);
  const folderIds = planFolders(trashed.boardFolders, trashed.folders, new Set(itemFolders.values()));

  const restoredFolders = await restoreFolders(scope, board.id, [...folderIds]);
  await recordFolderEvents(tx, 'folder.updated', restoredFolders, scope.user.id, board);
  // Delta sync does not note the items of a folder that goes to the trash (clients drop them with
  // it): those that stayed live in it are noted now, so that clients catching up get them back.
  const reappearing = await findLiveItemIdsInFolders(
    tx,
    teamId,
    board.id,
    restoredFolders.map((row) => row.id),
  );
  await noteChanges(tx, teamId, [
    ...restoredFolders.map((row) => ({ type: 'folder' as const, id: row.id })),
    ...reappearing.map((id) => ({ type: 'item' as const, id })),
  ]);
  const restoredAttributes = await restoreAttributes(
    scope,
    board.id,
    trashed.attributes.map((row) => row.id),
  );
  await announceAttributes(tx, 'attribute.updated', restoredAttributes, scope.user.id);
  const restoredItems = await restoreItems(scope, board.id, itemFolders);
  await announceItems(tx, 'item.updated', restoredItems, scope.user.id);
  return {
    records: [
      ...restoredFolders.map((row) => ({ type: 'folder' as const, id: row.id })),
      ...restoredAttributes.map((row) => ({ type: 'attribute' as const, id: row.id })),
      ...restoredItems.map((row) => ({ type: 'item' as const, id: row.id })),
    ],
  };
}

/**
 * Attributes are unique by name and type on a board, and some types exist once per board: a
 * restore must not make a second (the stored definition was valid when saved; only these rules
 * depend on what the board holds now).
 */
const UNIQUENESS_CODES: ReadonlySet<string> = new Set([
  'ATTRIBUTE_TYPE_EXISTS',
  'ATTRIBUTE_NAME_TAKEN',
  'NAME_ATTRIBUTE_EXISTS',
]);

async function checkAttributeRestores(
  scope: WriteScope,
  boardId: string,
  rows: readonly AttributeRow[],
  refs: readonly TrashRecordRef[],
): Promise<void> {
  if (rows.length === 0) return;
  const board = (await findBoardAttributes(scope.tx, scope.access.team.id, boardId)).map(toDefinition);
  const errors: FieldError[] = [];
  for (const row of rows) {
    const index = refs.findIndex((ref) => ref.type === 'attribute' && ref.id === row.id);
    const checked = validateAttributeDefinition({ ...toDefinition(row), default_data: null }, board);
    const clashes = checked.ok ? [] : checked.errors.filter((e) => UNIQUENESS_CODES.has(e.code));
    errors.push(
      ...clashes.map((e) => ({
        path: `records.${index}.${e.path ?? 'id'}`,
        message: e.message,
        code: e.code,
        params: e.params,
      })),
    );
    board.push(toDefinition(row));
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { message: errors[0]!.message, errors });
}

/**
 * The items a restore brings back, each with the folder it comes back into: the items named,
 * the deleted items above them, and the subitems deleted with them. A subitem lives in its top
 * item's folder, which may have moved since the subitem was deleted.
 */
async function planItems(scope: WriteScope, named: readonly ItemRow[]): Promise<Map<string, string>> {
  const teamId = scope.access.team.id;
  const ids = named.map((row) => row.id);
  const links = await findItemsWithAncestors(scope.tx, teamId, ids);
  const folderOf = new Map<string, string>();
  for (const item of named) {
    const chain = [item.id];
    let top = links.get(item.id)!;
    const seen = new Set([item.id]);
    while (top.parent_id !== null && links.has(top.parent_id) && !seen.has(top.parent_id)) {
      top = links.get(top.parent_id)!;
      seen.add(top.id);
      if (top.is_deleted) chain.push(top.id);
    }
    for (const id of chain) folderOf.set(id, top.folder_id);
  }
  for (const { root, id } of await findDeletedWithItems(scope.tx, teamId, ids))
    if (!folderOf.has(id)) folderOf.set(id, folderOf.get(root)!);
  return folderOf;
}

/**
 * The folders a restore brings back: those named with their subfolders deleted with them, and
 * every deleted folder above those or above a folder an item comes back into.
 */
function planFolders(
  boardFolders: readonly FolderRow[],
  named: readonly FolderRow[],
  itemFolderIds: ReadonlySet<string>,
): Set<string> {
  const byId = new Map(boardFolders.map((row) => [row.id, row]));
  const children = folderChildren(boardFolders);
  const restore = new Set<string>();
  const withAncestors = (id: string) => {
    const seen = new Set<string>();
    for (let folder = byId.get(id); folder && !seen.has(folder.id); ) {
      seen.add(folder.id);
      if (folder.deletedAt) restore.add(folder.id);
      folder = folder.parentId === null ? undefined : byId.get(folder.parentId);
    }
  };
  for (const folder of named) {
    const when = folder.deletedAt?.getTime();
    for (const below of folderSubtree(folder, children, (child) => child.deletedAt?.getTime() === when))
      restore.add(below.id);
    withAncestors(folder.id);
  }
  for (const id of itemFolderIds) withAncestors(id);
  return restore;
}

const restoredValues = (scope: WriteScope) => ({ deletedAt: null, updatedAt: scope.now });

function restoreFolders(scope: WriteScope, boardId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return scope.tx
    .update(folders)
    .set({ ...restoredValues(scope), rowVersion: sql`${folders.rowVersion} + 1` })
    .where(
      and(
        eq(folders.teamId, scope.access.team.id),
        eq(folders.boardId, boardId),
        inArray(folders.id, [...ids]),
        isNotNull(folders.deletedAt),
      ),
    )
    .returning();
}

function restoreAttributes(scope: WriteScope, boardId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return scope.tx
    .update(attributes)
    .set({ ...restoredValues(scope), rowVersion: sql`${attributes.rowVersion} + 1` })
    .where(
      and(
        eq(attributes.teamId, scope.access.team.id),
        eq(attributes.boardId, boardId),
        inArray(attributes.id, [...ids]),
        isNotNull(attributes.deletedAt),
      ),
    )
    .returning();
}

/** One UPDATE per folder the items come back into. */
async function restoreItems(
  scope: WriteScope,
  boardId: string,
  folderOf: ReadonlyMap<string, string>,
): Promise<ItemRow[]> {
  const byFolder = new Map<string, string[]>();
  for (const [id, folderId] of folderOf) {
    const ids = byFolder.get(folderId);
    if (ids) ids.push(id);
    else byFolder.set(folderId, [id]);
  }
  const restored: ItemRow[] = [];
  for (const [folderId, ids] of byFolder) {
    const rows = await scope.tx
      .update(items)
      .set({ ...restoredValues(scope), folderId, rowVersion: sql`${items.rowVersion} + 1` })
      .where(
        and(
          eq(items.teamId, scope.access.team.id),
          eq(items.boardId, boardId),
          inArray(items.id, ids),
          isNotNull(items.deletedAt),
        ),
      )
      .returning();
    restored.push(...rows);
  }
  return restored;
}
