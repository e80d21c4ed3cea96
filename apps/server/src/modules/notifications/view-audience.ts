import { viewShowsItem } from '@strata/domain/views/view-rows';
import { readViewSettings } from '@strata/domain/views/view-settings';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ItemRow } from '../../db/schema/items';
import { users } from '../../db/schema/users';
import { viewFollowers } from '../../db/schema/view-followers';
import { folderViews } from '../../db/schema/views';
import { toViewItem } from '../exports/exports.service';
import { findItemAnyState } from '../items/items.repo';
import { readViewAttributes } from '../views/view-attributes';

/**
 * Who follows a view of the item's folder that shows the item (docs/notifications.md "Following a
 * view"): the view's filters judged as its follower sees them (`me`, their time zone and week,
 * `now`), a subitem by its parent. A personal view counts for its owner only. Whether each sees
 * the item is left to the caller (findItemViewers). One query when nobody follows a view there.
 */
export async function readViewFollowersShowing(db: DbOrTx, item: ItemRow, now: Date): Promise<number[]> {
  const followed = await db
    .select({
      userId: viewFollowers.userId,
      settings: folderViews.settings,
      visibility: folderViews.visibility,
      createdBy: folderViews.createdBy,
    })
    .from(viewFollowers)
    .innerJoin(
      folderViews,
      and(eq(folderViews.teamId, viewFollowers.teamId), eq(folderViews.id, viewFollowers.viewId)),
    )
    .where(
      and(
        eq(viewFollowers.teamId, item.teamId),
        eq(viewFollowers.folderId, item.folderId),
        isNull(folderViews.deletedAt),
      ),
    );
  const counted = followed.filter((row) => row.visibility === 'shared' || row.createdBy === row.userId);
  if (counted.length === 0) return [];
  const [attributes, parentRow, people] = await Promise.all([
    readViewAttributes(db, item.teamId, item.boardId),
    item.parentId ? findItemAnyState(db, item.teamId, item.parentId) : undefined,
    db
      .select({
        id: users.id,
        timezone: users.timezone,
        startOfWeek: users.startOfWeek,
        locale: users.locale,
      })
      .from(users)
      .where(inArray(users.id, [...new Set(counted.map((row) => row.userId))])),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const shown = toViewItem(item);
  const parent = parentRow && !parentRow.deletedAt ? toViewItem(parentRow) : undefined;
  const showing = new Set<number>();
  for (const row of counted) {
    const person = byId.get(row.userId);
    if (!person || showing.has(row.userId)) continue;
    const context = {
      locale: person.locale,
      timeZone: person.timezone ?? undefined,
      weekStartsOn: person.startOfWeek ?? null,
      currentUserId: person.id,
      now: now.getTime(),
    };
    if (viewShowsItem({ item: shown, parent, attributes, settings: readViewSettings(row.settings), context }))
      showing.add(row.userId);
  }
  return [...showing];
}
