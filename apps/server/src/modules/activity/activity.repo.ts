import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activityLog } from '../../db/schema/activity';
import { folders } from '../../db/schema/boards';
import { formAnswers } from '../../db/schema/form-answers';
import { attributes, items } from '../../db/schema/items';
import { users } from '../../db/schema/users';
import { folderViews } from '../../db/schema/views';

/**
 * One page of a board's activity (or of one item of it), newest first: entries older than
 * `before` (an entry id), one more than `limit` so the caller knows whether more follow. One range
 * of the (team, board, id) or (team, item, id) index, with the author's name and photo.
 */
export function findActivityPage(
  db: DbOrTx,
  options: { teamId: number; boardId: string; itemId?: string; before?: number; limit: number },
) {
  return db
    .select({
      entry: activityLog,
      user: { id: users.id, name: users.name, photoPath: users.photoPath },
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .where(
      and(
        eq(activityLog.teamId, options.teamId),
        eq(activityLog.boardId, options.boardId),
        options.itemId === undefined ? undefined : itemEntries(db, options.teamId, options.itemId),
        options.before === undefined ? undefined : lt(activityLog.id, options.before),
      ),
    )
    .orderBy(desc(activityLog.id))
    .limit(options.limit + 1);
}

/**
 * An item's entries, and the creation of each of its subitems ("created X as a subitem of this"):
 * a subitem added from the item's panel belongs to the item's story. The subitems' own later
 * changes stay in their own logs. Both halves use the (team, item, id) index.
 */
function itemEntries(db: DbOrTx, teamId: number, itemId: string) {
  const subitems = db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.parentId, itemId)));
  return or(
    eq(activityLog.itemId, itemId),
    and(eq(activityLog.event, 'item.created'), inArray(activityLog.itemId, subitems)),
  );
}

/** Attributes of one board by id, deleted or not. */
export function findBoardAttributesAnyState(
  db: DbOrTx,
  teamId: number,
  boardId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(attributes)
    .where(
      and(eq(attributes.teamId, teamId), eq(attributes.boardId, boardId), inArray(attributes.id, [...ids])),
    );
}

/**
 * Current names of items of one board (deleted or not): the data of the board's name attribute,
 * read out of the values in SQL rather than loading every value of every item.
 */
export function findItemNames(
  db: DbOrTx,
  teamId: number,
  boardId: string,
  nameAttributeId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: items.id,
      name: sql<string | null>`${items.values} -> ${nameAttributeId}::text ->> 'data'`,
    })
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.boardId, boardId), inArray(items.id, [...ids])));
}

/** Current names of folders of one board, deleted or not. */
export function findFolderNames(db: DbOrTx, teamId: number, boardId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: folders.id, name: folders.name })
    .from(folders)
    .where(and(eq(folders.teamId, teamId), eq(folders.boardId, boardId), inArray(folders.id, [...ids])));
}

/**
 * Of these items, those that came in as answers to a form: the form's id and name, and whether
 * the answer was anonymous (a visitor; the form's owner is then the item's creator).
 */
export async function findFormAnswersOf(db: DbOrTx, teamId: number, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: formAnswers.itemId,
      formId: folderViews.id,
      formName: folderViews.name,
      userId: formAnswers.userId,
    })
    .from(formAnswers)
    .innerJoin(
      folderViews,
      and(eq(folderViews.teamId, formAnswers.teamId), eq(folderViews.id, formAnswers.viewId)),
    )
    .where(and(eq(formAnswers.teamId, teamId), inArray(formAnswers.itemId, [...itemIds])));
}
