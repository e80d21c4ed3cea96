import type { Board, saveBoardBody } from '@strata/contracts/boards';
import { AppError } from '@strata/domain/errors';
import { fieldError } from '@strata/domain/field-errors';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type BoardRow, boards, folders } from '../../db/schema/boards';
import type { UserRow } from '../../db/schema/users';
import { type NotedChange, noteChanges } from '../../events/change-log';
import { recordEvent, teamChannels } from '../../events/outbox';
import { invalidFields } from '../../http/field-errors';
import { boardActivity, recordActivity } from '../activity/activity-rows';
import { hashPassword } from '../auth/passwords';
import { findBoardAttributeIds, findBoardItemIds } from '../items/items.repo';
import type { WriteScope } from '../records/write-scope';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { boardCan, canViewBoard } from './board-access';
import { recordFolderEvents } from './board-events';
import { clearUnlocks, requireUnlockedBoard } from './board-locks';
import {
  type BoardWithRecord,
  findBoard,
  findBoardAnyState,
  findBoardFolders,
  findBoards,
  findMemberIds,
} from './boards.repo';
import { toBoard } from './boards.shapes';

type SaveBoardBody = z.infer<typeof saveBoardBody>;

/**
 * Announces a board's change on the workspace's record channel (team.{id}.records; a per-board channel comes later) and notes
 * it for delta sync, in the write's transaction. `also` notes other records with it: the board's
 * folders deleted with it, or its contents when who sees them changed with the board's members or
 * privacy (delta sync carries only records that were noted).
 */
async function announceBoard(
  tx: DbOrTx,
  type: 'board.created' | 'board.updated' | 'board.deleted',
  row: BoardRow,
  actorId: number,
  also: readonly NotedChange[] = [],
  previous?: BoardRow,
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
    ...also,
  ]);
  // The board's activity log (with `previous`, the copy before an update: what changed).
  await recordActivity(tx, boardActivity(type, row, actorId, previous));
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

/**
 * A live board the caller sees, else 404 (another workspace's, deleted or private: all the same),
 * as a record only: its name and settings, what the board list shows, also while it is locked for
 * them. For its contents, requireVisibleBoard. It comes with its saved permission record, so
 * `boardCan(access, board)` reads the board's rules.
 */
export async function requireListedBoard(
  db: DbOrTx,
  access: TeamAccess,
  id: string,
): Promise<BoardWithRecord> {
  const board = await findBoard(db, access.team.id, id);
  if (!board || !canViewBoard(access, board)) throw new AppError('NOT_FOUND');
  return board;
}

/**
 * A live board whose contents the caller may open: one they see (else 404), and, when it has a
 * password, one they need not or did unlock (else 403 BOARD_LOCKED, docs/board-password.md). Every
 * read and write of folders, attributes, items, views, trash, activity and attachments passes here.
 */
export async function requireVisibleBoard(
  db: DbOrTx,
  access: TeamAccess,
  id: string,
): Promise<BoardWithRecord> {
  const board = await requireListedBoard(db, access, id);
  await requireUnlockedBoard(db, access, board);
  return board;
}

async function validateMembers(db: DbOrTx, teamId: number, userIds: readonly number[]): Promise<void> {
  const members = await findMemberIds(db, teamId, userIds);
  const strangers = userIds.filter((id) => !members.has(id));
  if (strangers.length > 0) {
    throw invalidFields(
      strangers.map((id) => fieldError('user_ids', 'USER_NOT_MEMBER', { id })),
      'Board members must be members of the workspace.',
    );
  }
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/**
 * Creates (row_version 1, new id) or updates (compare-and-set: stored row_version + 1) a board.
 * Creating takes CREATE_BOARDS, and the creator becomes a member; changing name, description,
 * color, order or password takes UPDATE_BOARD_DETAILS; changing members or privacy
 * UPDATE_BOARD_MEMBERS. A changed password clears the board's unlocks, and its contents are noted
 * for delta sync, which then answers them as deleted to those it locks out.
 */
export async function putBoard(scope: WriteScope, id: string, body: SaveBoardBody): Promise<Board> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const userIds = body.user_ids === undefined ? undefined : [...new Set(body.user_ids)];
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
        passwordHash: body.password
          ? await hashPassword(body.password, scope.ctx.config.passwordHashing)
          : null,
        sortOrder: body.sort_order ?? null,
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
        rowVersion: 1,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return boardConflict(scope, id);
    await announceBoard(tx, 'board.created', row, user.id);
    return toBoard(row);
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
  // Any password sent is a change (a new salt, and a relock), but removing none is not.
  const passwordChanged =
    body.password !== undefined && (body.password !== null || existing.passwordHash !== null);
  const detailsChanged =
    next.name !== existing.name ||
    next.description !== existing.description ||
    next.color !== existing.color ||
    next.sortOrder !== existing.sortOrder ||
    passwordChanged;
  const membersChanged = !sameIds(next.userIds, existing.userIds) || next.isPrivate !== existing.isPrivate;
  if (detailsChanged && !can('UPDATE_BOARD_DETAILS')) throw new AppError('FORBIDDEN');
  if (membersChanged && !can('UPDATE_BOARD_MEMBERS')) throw new AppError('FORBIDDEN');
  if (membersChanged) await validateMembers(tx, teamId, next.userIds);
  // Hashed only once the caller may change it: argon2 is the costly step of a save.
  const passwordHash = !passwordChanged
    ? existing.passwordHash
    : body.password
      ? await hashPassword(body.password, scope.ctx.config.passwordHashing)
      : null;
  // One conditional UPDATE: the check and the write are one step, also under concurrent saves.
  const [row] = await tx
    .update(boards)
    .set({ ...next, passwordHash, updatedAt: now, rowVersion: body.row_version })
    .where(
      and(
        eq(boards.teamId, teamId),
        eq(boards.id, id),
        isNull(boards.deletedAt),
        eq(boards.rowVersion, body.row_version - 1),
      ),
    )
    .returning();
  if (!row) return boardConflict(scope, id);
  // A new or removed password relocks the board for everyone who had unlocked it.
  if (passwordChanged) await clearUnlocks(tx, teamId, id);
  await announceBoard(
    tx,
    'board.updated',
    row,
    user.id,
    membersChanged || passwordChanged ? await boardContents(tx, teamId, id) : [],
    existing,
  );
  return toBoard(row);
}

/** A save that lost its compare-and-set: 409 with the server's copy, or 404 if there is none to show. */
async function boardConflict(scope: WriteScope, id: string): Promise<never> {
  const current = await findBoard(scope.tx, scope.access.team.id, id);
  if (!current || !canViewBoard(scope.access, current)) throw new AppError('NOT_FOUND');
  throw new AppError('CONFLICT', { current: toBoard(current) });
}

/**
 * The board's live folders, attributes and items, as changes to note when who sees the board
 * changed (members, privacy, password): delta sync then carries them to those who gain the board,
 * and answers them as deleted to those who lose it.
 */
async function boardContents(tx: DbOrTx, teamId: number, boardId: string): Promise<NotedChange[]> {
  const folderIds = (await findBoardFolders(tx, teamId, boardId)).map((folder) => folder.id);
  return [
    ...folderIds.map((id) => ({ type: 'folder' as const, id })),
    ...(await findBoardAttributeIds(tx, teamId, boardId)).map((id) => ({ type: 'attribute' as const, id })),
    ...(await findBoardItemIds(tx, teamId, boardId)).map((id) => ({ type: 'item' as const, id })),
  ];
}

/** Soft-deletes a board (DELETE_BOARDS) and its folders, which go to the trash with it. */
export async function removeBoard(scope: WriteScope, id: string): Promise<void> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  // Deleting reads nothing of its contents: a board locked for the caller may go too.
  const board = await requireListedBoard(tx, access, id);
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
  await recordFolderEvents(tx, 'folder.deleted', gone, user.id, row);
  await announceBoard(
    tx,
    'board.deleted',
    row,
    user.id,
    gone.map((folder) => ({ type: 'folder' as const, id: folder.id, deleted: true })),
  );
}
