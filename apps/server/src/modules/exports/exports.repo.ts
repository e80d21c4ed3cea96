import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemDocuments } from '../../db/schema/item-documents';
import { items } from '../../db/schema/items';
import { teamMembers } from '../../db/schema/teams';
import { users } from '../../db/schema/users';

/** The live items of a folder (subitems too), in the folder's order: sort_order, then id. */
export function findFolderItemRows(db: DbOrTx, teamId: number, folderId: string) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.folderId, folderId), isNull(items.deletedAt)))
    .orderBy(asc(items.sortOrder), asc(items.id));
}

/** The names of the workspace's members by user id (members cells are written as names). */
export async function findMemberNames(db: DbOrTx, teamId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The text of the documents of a folder's live items that have one (their page), by item id. */
export async function findPageTexts(
  db: DbOrTx,
  teamId: number,
  folderId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: itemDocuments.itemId, text: itemDocuments.text })
    .from(itemDocuments)
    .innerJoin(items, and(eq(items.teamId, itemDocuments.teamId), eq(items.id, itemDocuments.itemId)))
    .where(
      and(
        eq(itemDocuments.teamId, teamId),
        eq(items.folderId, folderId),
        isNull(items.deletedAt),
        ne(itemDocuments.text, ''),
      ),
    );
  return new Map(rows.map((row) => [row.id, row.text]));
}
