import type { Folder, saveFolderBody } from '@strata/contracts/boards';
import { AppError } from '@strata/domain/errors';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type BoardRow, type FolderRow, folders } from '../../db/schema/boards';
import type { UserRow } from '../../db/schema/users';
import { noteChanges } from '../../events/change-log';
import { invalidField } from '../../http/field-errors';
import type { WriteScope } from '../records/write-scope';
import { getTeamAccess } from '../teams/team-access';
import { boardCan } from './board-access';
import { recordFolderEvents } from './board-events';
import { findBoardFolders, findFolderAnyState } from './boards.repo';
import { requireVisibleBoard } from './boards.service';
import { toFolder } from './boards.shapes';
import { folderCan, visibleFolders } from './folder-access';
import { checkFolderSettings } from './folder-settings';

type SaveFolderBody = z.infer<typeof saveFolderBody>;

/**
 * Announces folder changes on the workspace channel, notes them for delta sync and records them in
 * the board's activity log (`previous`: the copies before an update), in the write's transaction.
 */
async function announceFolders(
  tx: DbOrTx,
  type: 'folder.created' | 'folder.updated' | 'folder.deleted',
  rows: readonly FolderRow[],
  actorId: number,
  board: Pick<BoardRow, 'isPrivate'>,
  previous?: readonly FolderRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await recordFolderEvents(tx, type, rows, actorId, board, previous);
  await noteChanges(
    tx,
    rows[0]!.teamId,
    rows.map((row) => ({ type: 'folder' as const, id: row.id, deleted: row.deletedAt !== null })),
  );
}

/**
 * The folders of a board the caller sees (404 for a board they do not see): those they see
 * (folder-access.ts; hidden folders only with EDIT_FOLDERS, private ones only to their people).
 */
export async function listFolders(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
}): Promise<Folder[]> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const board = await requireVisibleBoard(options.ctx.db, access, options.boardId);
  return visibleFolders(access, board, await findBoardFolders(options.ctx.db, access.team.id, board.id)).map(
    toFolder,
  );
}

/** The ids of a folder and every folder under it, among one board's folders. */
function subtree(rootId: string, boardFolders: readonly FolderRow[]): string[] {
  const children = new Map<string, string[]>();
  for (const folder of boardFolders) {
    if (folder.parentId === null) continue;
    children.set(folder.parentId, [...(children.get(folder.parentId) ?? []), folder.id]);
  }
  const found: string[] = [];
  const queue = [rootId];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (found.includes(id)) continue;
    found.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return found;
}

/**
 * Creates (row_version 1) or updates (compare-and-set) a folder. The board must be one of the
 * workspace's that the caller sees, and an existing folder one they see (else 404); the parent a
 * live folder of the same board that they see, never the folder itself or one under it. Its
 * visibility settings are checked by checkFolderSettings.
 */
export async function putFolder(scope: WriteScope, id: string, body: SaveFolderBody): Promise<Folder> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const existing = await findFolderAnyState(tx, teamId, id);
  if (existing?.deletedAt) throw new AppError('NOT_FOUND');
  const board = await requireVisibleBoard(tx, access, existing?.boardId ?? body.board_id);
  const boardFolders = await findBoardFolders(tx, teamId, board.id);
  const boardLevel = boardCan(access, board);
  const here = existing ? folderCan(access, board, existing.id, boardFolders) : undefined;
  if (here ? !here.canView : !boardLevel('VIEW_FOLDER')) throw new AppError('NOT_FOUND');
  if (existing && existing.boardId !== body.board_id) throw invalidField('board_id', 'FOLDER_BOARD_FIXED');
  if (!existing && body.row_version !== 1) throw new AppError('NOT_FOUND');

  const parentId = body.parent_id === undefined ? (existing?.parentId ?? null) : body.parent_id;
  // A new folder is judged where it will sit: below its parent, or at the board's top level.
  const can =
    here?.can ?? (parentId === null ? boardLevel : folderCan(access, board, parentId, boardFolders).can);
  if (!can(existing ? 'EDIT_FOLDERS' : 'CREATE_FOLDERS')) throw new AppError('FORBIDDEN');
  if (parentId !== null) {
    if (!visibleFolders(access, board, boardFolders).some((folder) => folder.id === parentId))
      throw invalidField('parent_id', 'FOLDER_PARENT_INVALID');
    if (subtree(id, boardFolders).includes(parentId)) throw invalidField('parent_id', 'FOLDER_INSIDE_ITSELF');
  }
  if (body.settings)
    await checkFolderSettings({ db: tx, teamId, settings: body.settings, before: existing?.settings, can });
  const values = {
    parentId,
    name: body.name,
    color: body.color === undefined ? (existing?.color ?? null) : body.color,
    attributeIds: body.attribute_ids ?? existing?.attributeIds ?? [],
    settings: body.settings ?? existing?.settings ?? {},
    sortOrder: body.sort_order === undefined ? (existing?.sortOrder ?? null) : body.sort_order,
    updatedAt: now,
    rowVersion: body.row_version,
  };
  if (!existing) {
    // A taken id (a concurrent create, or another workspace's folder) writes nothing.
    const [row] = await tx
      .insert(folders)
      .values({ id, teamId, boardId: board.id, createdBy: user.id, createdAt: now, ...values })
      .onConflictDoNothing()
      .returning();
    if (!row) return folderConflict(scope, id);
    await announceFolders(tx, 'folder.created', [row], user.id, board);
    return toFolder(row);
  }
  // One conditional UPDATE: the check and the write are one step, also under concurrent saves.
  const [row] = await tx
    .update(folders)
    .set(values)
    .where(
      and(
        eq(folders.teamId, teamId),
        eq(folders.id, id),
        isNull(folders.deletedAt),
        eq(folders.rowVersion, body.row_version - 1),
      ),
    )
    .returning();
  if (!row) return folderConflict(scope, id);
  await announceFolders(tx, 'folder.updated', [row], user.id, board, [existing]);
  return toFolder(row);
}

/** A save that lost its compare-and-set: 409 with the server's copy, or 404 if there is none to show. */
async function folderConflict(scope: WriteScope, id: string): Promise<never> {
  const current = await findFolderAnyState(scope.tx, scope.access.team.id, id);
  if (!current || current.deletedAt) throw new AppError('NOT_FOUND');
  const board = await requireVisibleBoard(scope.tx, scope.access, current.boardId);
  const boardFolders = await findBoardFolders(scope.tx, scope.access.team.id, board.id);
  if (!folderCan(scope.access, board, current.id, boardFolders).canView) throw new AppError('NOT_FOUND');
  throw new AppError('CONFLICT', { current: toFolder(current) });
}

/** Soft-deletes a folder and every folder under it (DELETE_FOLDERS). */
export async function removeFolder(scope: WriteScope, id: string): Promise<void> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const folder = await findFolderAnyState(tx, teamId, id);
  if (!folder || folder.deletedAt) throw new AppError('NOT_FOUND');
  const board = await requireVisibleBoard(tx, access, folder.boardId);
  const boardFolders = await findBoardFolders(tx, teamId, board.id);
  const { canView, can } = folderCan(access, board, folder.id, boardFolders);
  if (!canView) throw new AppError('NOT_FOUND');
  if (!can('DELETE_FOLDERS')) throw new AppError('FORBIDDEN');
  const ids = subtree(id, boardFolders);
  const gone = await tx
    .update(folders)
    .set({ deletedAt: now, updatedAt: now, rowVersion: sql`${folders.rowVersion} + 1` })
    .where(and(eq(folders.teamId, teamId), inArray(folders.id, ids), isNull(folders.deletedAt)))
    .returning();
  await announceFolders(tx, 'folder.deleted', gone, user.id, board);
}
