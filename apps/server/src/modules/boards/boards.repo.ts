import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { boards, folders } from '../../db/schema/boards';
import { teamMembers } from '../../db/schema/teams';

/** A board of the workspace, deleted or not (undefined when the id is not the workspace's). */
export async function findBoardAnyState(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select()
    .from(boards)
    .where(and(eq(boards.teamId, teamId), eq(boards.id, id)))
    .limit(1);
  return row;
}

/** A live (not deleted) board of the workspace. */
export async function findBoard(db: DbOrTx, teamId: number, id: string) {
  const row = await findBoardAnyState(db, teamId, id);
  return row && !row.deletedAt ? row : undefined;
}

export function findBoards(db: DbOrTx, teamId: number, ids?: readonly string[]) {
  return db
    .select()
    .from(boards)
    .where(
      and(
        eq(boards.teamId, teamId),
        isNull(boards.deletedAt),
        ids ? inArray(boards.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(boards.sortOrder), asc(boards.createdAt), asc(boards.id));
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

/** Live folders of the workspace by id, with their (live) board. */
export function findFoldersWithBoards(db: DbOrTx, teamId: number, ids: readonly string[]) {
  return db
    .select({ folder: folders, board: boards })
    .from(folders)
    .innerJoin(boards, and(eq(boards.id, folders.boardId), eq(boards.teamId, teamId)))
    .where(
      and(
        eq(folders.teamId, teamId),
        inArray(folders.id, [...ids]),
        isNull(folders.deletedAt),
        isNull(boards.deletedAt),
      ),
    );
}

/** Which of these user ids are members of the workspace. */
export async function findMemberIds(db: DbOrTx, teamId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}
