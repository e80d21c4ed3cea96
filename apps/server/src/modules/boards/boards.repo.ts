import { isUserId } from '@strata/domain/attributes/ids';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type BoardRow, boards, folders } from '../../db/schema/boards';
import { permissionRecords, teamMembers } from '../../db/schema/teams';
import type { StoredBoardRecord } from './board-access';

/** A board with its saved permission record attached (null: none saved), as boardCan reads it. */
export type BoardWithRecord = BoardRow & { permissionRecord: StoredBoardRecord | null };

/** The board's own permission record, joined by the table's primary key (no query per board). */
const recordOfBoard = and(
  eq(permissionRecords.teamId, boards.teamId),
  eq(permissionRecords.resourceType, 'board'),
  eq(permissionRecords.resourceId, boards.id),
);

const boardWithRecordColumns = {
  board: boards,
  permissions: permissionRecords.permissions,
  finalPermissions: permissionRecords.finalPermissions,
  recordVersion: permissionRecords.rowVersion,
};

function withRecord(row: {
  board: BoardRow;
  permissions: string[] | null;
  finalPermissions: string[] | null;
  recordVersion: number | null;
}): BoardWithRecord {
  const permissionRecord =
    row.recordVersion === null
      ? null
      : {
          permissions: row.permissions ?? [],
          final_permissions: row.finalPermissions ?? [],
          row_version: row.recordVersion,
        };
  return { ...row.board, permissionRecord };
}

/** A board of the workspace, deleted or not (undefined when the id is not the workspace's). */
export async function findBoardAnyState(
  db: DbOrTx,
  teamId: number,
  id: string,
): Promise<BoardWithRecord | undefined> {
  const [row] = await db
    .select(boardWithRecordColumns)
    .from(boards)
    .leftJoin(permissionRecords, recordOfBoard)
    .where(and(eq(boards.teamId, teamId), eq(boards.id, id)))
    .limit(1);
  return row && withRecord(row);
}

/** A live (not deleted) board of the workspace. */
export async function findBoard(db: DbOrTx, teamId: number, id: string) {
  const row = await findBoardAnyState(db, teamId, id);
  return row && !row.deletedAt ? row : undefined;
}

/** The live boards of the workspace (all, or these ids), each with its permission record. */
export async function findBoards(
  db: DbOrTx,
  teamId: number,
  ids?: readonly string[],
): Promise<BoardWithRecord[]> {
  const rows = await db
    .select(boardWithRecordColumns)
    .from(boards)
    .leftJoin(permissionRecords, recordOfBoard)
    .where(
      and(
        eq(boards.teamId, teamId),
        isNull(boards.deletedAt),
        ids ? inArray(boards.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(boards.sortOrder), asc(boards.createdAt), asc(boards.id));
  return rows.map(withRecord);
}

/** The live boards of the workspace that have a saved permission record (all, or these ids). */
export async function findBoardsWithRecords(
  db: DbOrTx,
  teamId: number,
  ids?: readonly string[],
): Promise<BoardWithRecord[]> {
  const rows = await db
    .select(boardWithRecordColumns)
    .from(boards)
    .innerJoin(permissionRecords, recordOfBoard)
    .where(
      and(
        eq(boards.teamId, teamId),
        isNull(boards.deletedAt),
        ids ? inArray(boards.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(boards.sortOrder), asc(boards.createdAt), asc(boards.id));
  return rows.map(withRecord);
}

export async function findFolderAnyState(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.teamId, teamId), eq(folders.id, id)))
    .limit(1);
  return row;
}

/** The live folders of one board of the workspace. */
export function findBoardFolders(db: DbOrTx, teamId: number, boardId: string) {
  return db
    .select()
    .from(folders)
    .where(and(eq(folders.teamId, teamId), eq(folders.boardId, boardId), isNull(folders.deletedAt)))
    .orderBy(asc(folders.sortOrder), asc(folders.createdAt), asc(folders.id));
}

/** The live folders of several boards of the workspace (a folder's ancestors, for its visibility). */
export function findFoldersOfBoards(db: DbOrTx, teamId: number, boardIds: readonly string[]) {
  if (boardIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(folders)
    .where(
      and(eq(folders.teamId, teamId), inArray(folders.boardId, [...boardIds]), isNull(folders.deletedAt)),
    );
}

/** The live folders of every board of the workspace. */
export function findTeamFolders(db: DbOrTx, teamId: number) {
  return db
    .select()
    .from(folders)
    .where(and(eq(folders.teamId, teamId), isNull(folders.deletedAt)));
}

/** Live folders of the workspace by id, with their (live) board and its permission record. */
export async function findFoldersWithBoards(db: DbOrTx, teamId: number, ids: readonly string[]) {
  const rows = await db
    .select({ folder: folders, ...boardWithRecordColumns })
    .from(folders)
    .innerJoin(boards, and(eq(boards.id, folders.boardId), eq(boards.teamId, teamId)))
    .leftJoin(permissionRecords, recordOfBoard)
    .where(
      and(
        eq(folders.teamId, teamId),
        inArray(folders.id, [...ids]),
        isNull(folders.deletedAt),
        isNull(boards.deletedAt),
      ),
    );
  return rows.map(({ folder, ...board }) => ({ folder, board: withRecord(board) }));
}

/**
 * Which of these user ids are members of the workspace. An id the user id column cannot hold is
 * nobody's (and would make PostgreSQL refuse the whole query).
 */
export async function findMemberIds(db: DbOrTx, teamId: number, userIds: readonly number[]) {
  const ids = userIds.filter(isUserId);
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, ids)));
  return new Set(rows.map((row) => row.userId));
}
