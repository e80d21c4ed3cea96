import type { Item, saveItemBody } from '@strata/contracts/items';
import { AppError } from '@strata/domain/errors';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { FolderSnapshot } from '../../cache/folder-snapshots';
import type { AppContext } from '../../context';
import { type ItemRow, items } from '../../db/schema/items';
import type { UserRow } from '../../db/schema/users';
import { boardCan } from '../boards/board-access';
import { asksForPassword } from '../boards/board-locks';
import type { WriteScope } from '../records/write-scope';
import { getTeamAccess } from '../teams/team-access';
import { prepareItemCreate, writeItemCreates } from './item-create';
import { prepareItemEdit } from './item-edit';
import { announceItems } from './item-events';
import { itemReads, requireVisibleFolder } from './item-reads';
import { planSave, writePlanMoves } from './item-schedule';
import type { ChangedValue } from './item-values';
import { readFolderItemsJson, readFolderItemTexts } from './items.read';
import { findDescendantIds, findItemAnyState } from './items.repo';
import { toItem } from './items.shapes';

type SaveItemBody = z.infer<typeof saveItemBody>;

/**
 * Every live item of a folder the caller sees (subitems too), by sort_order then id, as JSON text
 * with its hash, the newest updated_at among them and its change cursor: one indexed range read,
 * kept for every reader (`ctx.caches.folders`) and patched by the item changes that commit, so
 * readers neither query nor hold the connection between changes. Who
 * sees the folder is kept too, except for a board that asks the caller for its password (its
 * unlock expires by the database's clock). With `limit`, only the first that many top-level items
 * (what a view draws first while the rest loads), unless that is the whole folder.
 */
export async function listFolderItems(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  folderId: string;
  limit?: number;
}): Promise<FolderSnapshot> {
  const { ctx, user, folderId } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const teamId = access.team.id;
  await ctx.caches.folderViews.read(`${teamId}:${user.id}:${user.guest}:${folderId}`, async () => {
    const { board } = await requireVisibleFolder(ctx.db, access, folderId);
    return asksForPassword(access, board) ? null : true;
  });
  const key = `${teamId}:${folderId}:${options.limit ?? 'all'}`;
  const readList = async () => {
    const read = await readFolderItemsJson(ctx.database, teamId, folderId, options.limit);
    return new FolderSnapshot(read.json, read.lastModified, read.changeSeq, read.complete);
  };
  if (options.limit !== undefined) return ctx.caches.folders.read(teamId, key, readList);
  // The whole folder is kept as its items' texts, patched by the item changes that commit.
  return ctx.caches.folders.readWhole(
    teamId,
    key,
    folderId,
    async () => (await readFolderItemTexts(ctx.database, teamId, folderId)) ?? readList(),
  );
}

/**
 * Creates (row_version 1: CREATE_ITEMS) or updates (compare-and-set: EDIT_ALL_ITEMS, or
 * EDIT_OWN_ITEMS for the creator) an item in a folder the caller sees. Values are checked by the
 * domain against the board's attributes; a new item gets the attributes' default data and the
 * next custom ID. A move to another folder of the board takes the item's subitems along.
 */
export async function putItem(scope: WriteScope, id: string, body: SaveItemBody): Promise<Item> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const existing = await findItemAnyState(tx, teamId, id);
  if (existing?.deletedAt) throw new AppError('NOT_FOUND');
  if (!existing) {
    const reads = itemReads(scope);
    const prepared = await prepareItemCreate(scope, id, body, reads);
    const moves = prepared.plan
      ? await planSave(scope, reads, {
          boardId: prepared.row.boardId,
          id,
          values: prepared.row.values,
          changes: prepared.changes,
        })
      : [];
    const [row] = await writeItemCreates(scope, [prepared], reads.structure);
    if (!row) return itemConflict(scope, id);
    await writePlanMoves(scope, reads, moves);
    return toItem(row);
  }
  const reads = itemReads(scope);
  const edit = await prepareItemEdit(scope, existing, body, reads);
  const { next } = edit;
  // Its links or dates change the board's plan: checked, its own dates pushed if need be, and
  // the dependents it pushes moved in this transaction (item-schedule.ts).
  const moves = edit.plan
    ? await planSave(scope, reads, {
        boardId: existing.boardId,
        id,
        values: next.values,
        changes: edit.changes,
      })
    : [];
  // One conditional UPDATE: the check and the write are one step, also under concurrent saves.
  const [row] = await tx
    .update(items)
    .set({
      folderId: next.folderId,
      parentId: next.parentId,
      sortOrder: next.sortOrder,
      values: next.values,
      updatedAt: now,
      rowVersion: body.row_version,
    })
    .where(
      and(
        eq(items.teamId, teamId),
        eq(items.id, id),
        isNull(items.deletedAt),
        eq(items.rowVersion, body.row_version - 1),
      ),
    )
    .returning();
  if (!row) return itemConflict(scope, id);
  await announceItems(tx, 'item.updated', [row], user.id, withItem(row, edit.changes), {
    previous: [existing],
    boardFolders: await reads.structure.boardFolders(row.boardId),
  });
  await writePlanMoves(scope, reads, moves);
  if (edit.moved) await moveSubitems(scope, id, next.folderId);
  return toItem(row);
}

const withItem = (item: ItemRow, changes: readonly ChangedValue[]) =>
  changes.map((change) => ({ ...change, item }));

/** The subitems (at any depth) of a moved item follow it into its new folder. */
async function moveSubitems(scope: WriteScope, id: string, folderId: string): Promise<void> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const ids = await findDescendantIds(tx, teamId, [id]);
  if (ids.length === 0) return;
  const rows = await tx
    .update(items)
    .set({ folderId, updatedAt: now, rowVersion: sql`${items.rowVersion} + 1` })
    .where(and(eq(items.teamId, teamId), inArray(items.id, ids), isNull(items.deletedAt)))
    .returning();
  await announceItems(tx, 'item.updated', rows, user.id);
}

/** A save that lost its compare-and-set: 409 with the server's copy, or 404 if there is none to show. */
async function itemConflict(scope: WriteScope, id: string): Promise<never> {
  const current = await findItemAnyState(scope.tx, scope.access.team.id, id);
  if (!current || current.deletedAt) throw new AppError('NOT_FOUND');
  await requireVisibleFolder(scope.tx, scope.access, current.folderId);
  throw new AppError('CONFLICT', { current: toItem(current) });
}

/** Soft-deletes an item and its subitems at any depth (DELETE_ITEMS): they go to the trash together. */
export async function removeItem(scope: WriteScope, id: string): Promise<void> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const item = await findItemAnyState(tx, teamId, id);
  if (!item || item.deletedAt) throw new AppError('NOT_FOUND');
  const { board } = await requireVisibleFolder(tx, access, item.folderId);
  if (!boardCan(access, board)('DELETE_ITEMS')) throw new AppError('FORBIDDEN');
  const ids = [id, ...(await findDescendantIds(tx, teamId, [id]))];
  const gone = await tx
    .update(items)
    .set({ deletedAt: now, updatedAt: now, rowVersion: sql`${items.rowVersion} + 1` })
    .where(and(eq(items.teamId, teamId), inArray(items.id, ids), isNull(items.deletedAt)))
    .returning();
  if (!gone.some((row) => row.id === id)) throw new AppError('NOT_FOUND');
  await announceItems(tx, 'item.deleted', gone, user.id);
}
