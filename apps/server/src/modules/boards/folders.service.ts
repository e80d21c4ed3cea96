import type { Folder, saveFolderBody } from '@strata/contracts/boards';
import { AppError } from '@strata/domain/errors';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type BoardRow, type FolderRow, folders } from '../../db/schema/boards';
import type { UserRow } from '../../db/schema/users';
import { noteChanges } from '../../events/change-log';
import { recordEvents } from '../../events/outbox';
import { getTeamAccess } from '../teams/team-access';
import { boardCan } from './board-access';
import { folderEvents } from './board-events';
import { findBoardFolders, findFolderAnyState } from './boards.repo';
import { requireVisibleBoard } from './boards.service';
import { toFolder } from './boards.shapes';

type SaveFolderBody = z.infer<typeof saveFolderBody>;

/** Announces folder changes on the workspace channel and notes them for delta sync, in the write's transaction. */
async function announceFolders(
  tx: DbOrTx,
  type: 'folder.created' | 'folder.updated' | 'folder.deleted',
  rows: readonly FolderRow[],
  actorId: number,
  board: Pick<BoardRow, 'isPrivate'>,
): Promise<void> {
  if (rows.length === 0) return;
  await recordEvents(tx, folderEvents(type, rows, actorId, board));
  await noteChanges(
    tx,
    rows[0]!.teamId,
    rows.map((row) => ({ type: 'folder' as const, id: row.id, deleted: row.deletedAt !== null })),
  );
}

/** The folders of a board the caller sees (404 for a board they do not see). */
export async function listFolders(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
}): Promise<Folder[]> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const board = await requireVisibleBoard(options.ctx.db, access, options.boardId);
  if (!boardCan(access, board)('VIEW_FOLDER')) return [];
  return (await findBoardFolders(options.ctx.db, access.team.id, board.id)).map(toFolder);
}

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, errors: [{ path, message }] });

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
 * workspace's that the caller sees (else 404); the parent a live folder of the same board, never
 * the folder itself or one under it.
 */
export async function saveFolder(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
  body: SaveFolderBody;
}): Promise<Folder> {
  const { ctx, user, id, body } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const teamId = access.team.id;
  const now = ctx.clock.now();

  const saved = await ctx.db.transaction(async (tx) => {
    const existing = await findFolderAnyState(tx, teamId, id);
    if (existing?.deletedAt) throw new AppError('NOT_FOUND');
    const board = await requireVisibleBoard(tx, access, existing?.boardId ?? body.board_id);
    const can = boardCan(access, board);
    if (!can('VIEW_FOLDER')) throw new AppError('NOT_FOUND');
    if (existing && existing.boardId !== body.board_id)
      throw invalid('board_id', 'A folder cannot move to another board.');
    if (!existing && body.row_version !== 1) throw new AppError('NOT_FOUND');
    if (!can(existing ? 'EDIT_FOLDERS' : 'CREATE_FOLDERS')) throw new AppError('FORBIDDEN');

    const parentId = body.parent_id === undefined ? (existing?.parentId ?? null) : body.parent_id;
    if (parentId !== null) {
      const boardFolders = await findBoardFolders(tx, teamId, board.id);
      if (!boardFolders.some((folder) => folder.id === parentId))
        throw invalid('parent_id', 'The parent must be a folder of the same board.');
      if (subtree(id, boardFolders).includes(parentId))
        throw invalid('parent_id', 'A folder cannot be inside itself.');
    }
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
      if (row) await announceFolders(tx, 'folder.created', [row], user.id, board);
      return row;
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
    if (row) await announceFolders(tx, 'folder.updated', [row], user.id, board);
    return row;
  });
  if (!saved) {
    const current = await findFolderAnyState(ctx.db, teamId, id);
    if (!current || current.deletedAt) throw new AppError('NOT_FOUND');
    const board = await requireVisibleBoard(ctx.db, access, current.boardId);
    if (!boardCan(access, board)('VIEW_FOLDER')) throw new AppError('NOT_FOUND');
    throw new AppError('CONFLICT', { current: toFolder(current) });
  }
  return toFolder(saved);
}

/** Soft-deletes a folder and every folder under it (DELETE_FOLDERS). */
export async function deleteFolder(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
}): Promise<void> {
  const { ctx, user, id } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const teamId = access.team.id;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const folder = await findFolderAnyState(tx, teamId, id);
    if (!folder || folder.deletedAt) throw new AppError('NOT_FOUND');
    const board = await requireVisibleBoard(tx, access, folder.boardId);
    const can = boardCan(access, board);
    if (!can('VIEW_FOLDER')) throw new AppError('NOT_FOUND');
    if (!can('DELETE_FOLDERS')) throw new AppError('FORBIDDEN');
    const ids = subtree(id, await findBoardFolders(tx, teamId, board.id));
    const gone = await tx
      .update(folders)
      .set({ deletedAt: now, updatedAt: now, rowVersion: sql`${folders.rowVersion} + 1` })
      .where(and(eq(folders.teamId, teamId), inArray(folders.id, ids), isNull(folders.deletedAt)))
      .returning();
    await announceFolders(tx, 'folder.deleted', gone, user.id, board);
  });
}
