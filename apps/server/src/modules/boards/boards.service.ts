import type { Board, BoardPermissionRecord, saveBoardBody } from '@strata/contracts/boards';
import type { PermissionRecord } from '@strata/contracts/permissions';
import { AppError } from '@strata/domain/errors';
import { inheritedKeys } from '@strata/domain/permissions/engine';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type BoardRow, boards, folders } from '../../db/schema/boards';
import type { UserRow } from '../../db/schema/users';
import { noteChanges } from '../../events/change-log';
import { recordEvent, recordEvents, teamChannels } from '../../events/outbox';
import { getTeamAccess, type TeamAccess } from '../teams/team-access';
import { boardCan, boardLevel, canViewBoard } from './board-access';
import { folderEvents } from './board-events';
import { findBoard, findBoardAnyState, findBoardFolders, findBoards, findMemberIds } from './boards.repo';
import { toBoard } from './boards.shapes';

type SaveBoardBody = z.infer<typeof saveBoardBody>;

/**
 * Announces a board's change on the workspace's record channel (team.{id}.records; a per-board channel comes later) and notes
 * it for delta sync, in the write's transaction. `alsoFolders` notes the board's folders as well:
 * who sees them changed with the board's members or privacy, and delta sync carries only records
 * that were noted.
 */
async function announceBoard(
  tx: DbOrTx,
  type: 'board.created' | 'board.updated' | 'board.deleted',
  row: BoardRow,
  actorId: number,
  alsoFolders: readonly string[] = [],
): Promise<void> {
  await recordEvent(tx, {
    teamId: row.teamId,
    type,
    channel: teamChannels.records(row.teamId),
    actorId,
    // The workspace channel reaches every member: a private board's event carries no data, and its
    // members read the board (GET or delta sync) as they may.
    payload: { id: row.id, row_version: row.rowVersion, ...(row.isPrivate ? {} : { data: toBoard(row) }) },
  });
  await noteChanges(tx, row.teamId, [
    { type: 'board', id: row.id, deleted: row.deletedAt !== null },
    ...alsoFolders.map((id) => ({ type: 'folder' as const, id, deleted: row.deletedAt !== null })),
  ]);
}

/** The boards the caller may see (a private board only to its members and the owner). */
export async function listBoards(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
}): Promise<Board[]> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const rows = await findBoards(options.ctx.db, access.team.id);
  return rows.filter((row) => canViewBoard(access, row)).map(toBoard);
}

/** A live board the caller sees, else 404 (another workspace's, deleted or private: all the same). */
export async function requireVisibleBoard(db: DbOrTx, access: TeamAccess, id: string): Promise<BoardRow> {
  const board = await findBoard(db, access.team.id, id);
  if (!board || !canViewBoard(access, board)) throw new AppError('NOT_FOUND');
  return board;
}

async function validateMembers(db: DbOrTx, teamId: number, userIds: readonly number[]): Promise<void> {
  const members = await findMemberIds(db, teamId, userIds);
  const strangers = userIds.filter((id) => !members.has(id));
  if (strangers.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Board members must be members of the workspace.',
      errors: strangers.map((id) => ({
        path: 'user_ids',
        message: `User ${id} is not a member of the workspace.`,
      })),
    });
  }
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/**
 * Creates (row_version 1, new id) or updates (compare-and-set: stored row_version + 1) a board.
 * Creating takes CREATE_BOARDS, and the creator becomes a member; changing name, description,
 * color or order takes UPDATE_BOARD_DETAILS; changing members or privacy UPDATE_BOARD_MEMBERS.
 */
export async function saveBoard(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
  body: SaveBoardBody;
}): Promise<Board> {
  const { ctx, user, id, body } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const teamId = access.team.id;
  const now = ctx.clock.now();
  const userIds = body.user_ids === undefined ? undefined : [...new Set(body.user_ids)];

  const saved = await ctx.db.transaction(async (tx) => {
    const existing = await findBoardAnyState(tx, teamId, id);
    if (!existing) {
      if (body.row_version !== 1) throw new AppError('NOT_FOUND');
      if (!access.can('CREATE_BOARDS')) throw new AppError('FORBIDDEN');
      const members = [...new Set([...(userIds ?? []), user.id])];
      await validateMembers(tx, teamId, members);
      // A taken id (a concurrent create, or another workspace's board) writes nothing.
      const [row] = await tx
        .insert(boards)
        .values({
          id,
          teamId,
          name: body.name,
          description: body.description ?? null,
          color: body.color ?? null,
          userIds: members,
          isPrivate: body.is_private ?? false,
          sortOrder: body.sort_order ?? null,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
          rowVersion: 1,
        })
        .onConflictDoNothing()
        .returning();
      if (row) await announceBoard(tx, 'board.created', row, user.id);
      return row;
    }
    if (existing.deletedAt) throw new AppError('NOT_FOUND');
    const can = boardCan(access, existing);
    if (!can('VIEW_BOARD')) throw new AppError('NOT_FOUND');
    const next = {
      name: body.name,
      description: body.description === undefined ? existing.description : body.description,
      color: body.color === undefined ? existing.color : body.color,
      sortOrder: body.sort_order === undefined ? existing.sortOrder : body.sort_order,
      userIds: userIds ?? existing.userIds,
      isPrivate: body.is_private ?? existing.isPrivate,
    };
    const detailsChanged =
      next.name !== existing.name ||
      next.description !== existing.description ||
      next.color !== existing.color ||
      next.sortOrder !== existing.sortOrder;
    const membersChanged = !sameIds(next.userIds, existing.userIds) || next.isPrivate !== existing.isPrivate;
    if (detailsChanged && !can('UPDATE_BOARD_DETAILS')) throw new AppError('FORBIDDEN');
    if (membersChanged && !can('UPDATE_BOARD_MEMBERS')) throw new AppError('FORBIDDEN');
    if (membersChanged) await validateMembers(tx, teamId, next.userIds);
    // One conditional UPDATE: the check and the write are one step, also under concurrent saves.
    const [row] = await tx
      .update(boards)
      .set({ ...next, updatedAt: now, rowVersion: body.row_version })
      .where(
        and(
          eq(boards.teamId, teamId),
          eq(boards.id, id),
          isNull(boards.deletedAt),
          eq(boards.rowVersion, body.row_version - 1),
        ),
      )
      .returning();
    if (!row) return undefined;
    const folderIds = membersChanged
      ? (await findBoardFolders(tx, teamId, id)).map((folder) => folder.id)
      : [];
    await announceBoard(tx, 'board.updated', row, user.id, folderIds);
    return row;
  });
  if (!saved) {
    const current = await findBoard(ctx.db, teamId, id);
    if (!current || !canViewBoard(access, current)) throw new AppError('NOT_FOUND');
    throw new AppError('CONFLICT', { current: toBoard(current) });
  }
  return toBoard(saved);
}

/** Soft-deletes a board (DELETE_BOARDS) and its folders, which go to the trash with it. */
export async function deleteBoard(options: {
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
    const board = await requireVisibleBoard(tx, access, id);
    if (!boardCan(access, board)('DELETE_BOARDS')) throw new AppError('FORBIDDEN');
    const [row] = await tx
      .update(boards)
      .set({ deletedAt: now, updatedAt: now, rowVersion: sql`${boards.rowVersion} + 1` })
      .where(and(eq(boards.teamId, teamId), eq(boards.id, id), isNull(boards.deletedAt)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    const gone = await tx
      .update(folders)
      .set({ deletedAt: now, updatedAt: now, rowVersion: sql`${folders.rowVersion} + 1` })
      .where(and(eq(folders.teamId, teamId), eq(folders.boardId, id), isNull(folders.deletedAt)))
      .returning();
    await recordEvents(tx, folderEvents('folder.deleted', gone, user.id, row));
    await announceBoard(
      tx,
      'board.deleted',
      row,
      user.id,
      gone.map((folder) => folder.id),
    );
  });
}

/**
 * A board's permission record (spec section 3), as GET /api/{teamId}/permissions shows the
 * workspace's. Board records are not stored yet: a private board's record holds the private rules
 * of the domain defaults, and its row_version follows the board's (privacy changes with it).
 */
export function toBoardPermissionRecord(access: TeamAccess, board: BoardRow): BoardPermissionRecord {
  const level = boardLevel(board);
  return {
    resource_type: 'board',
    resource_id: board.id,
    permissions: [...level.permissions],
    final_permissions: [...level.final_permissions] as PermissionRecord['final_permissions'],
    inherited_permissions: inheritedKeys(access.levels),
    row_version: board.rowVersion,
    team_id: access.team.id,
  };
}

export async function getBoardPermissionRecord(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
}): Promise<BoardPermissionRecord> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const board = await requireVisibleBoard(options.ctx.db, access, options.boardId);
  return toBoardPermissionRecord(access, board);
}
