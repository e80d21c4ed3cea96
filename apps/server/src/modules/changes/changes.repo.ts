import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recordChanges } from '../../db/schema/changes';

export type ChangeRow = Pick<
  typeof recordChanges.$inferSelect,
  'recordType' | 'recordId' | 'changeSeq' | 'deleted'
>;

/**
 * The workspace's records changed after `since`, oldest change first, at most `limit`. Tombstones
 * are left out on request (a client starting from nothing has nothing to delete).
 */
export function findChangesSince(
  db: DbOrTx,
  teamId: number,
  options: { since: number; limit: number; withDeleted: boolean },
): Promise<ChangeRow[]> {
  return db
    .select({
      recordType: recordChanges.recordType,
      recordId: recordChanges.recordId,
      changeSeq: recordChanges.changeSeq,
      deleted: recordChanges.deleted,
    })
    .from(recordChanges)
    .where(
      and(
        eq(recordChanges.teamId, teamId),
        gt(recordChanges.changeSeq, options.since),
        options.withDeleted ? undefined : eq(recordChanges.deleted, false),
      ),
    )
    .orderBy(asc(recordChanges.changeSeq))
    .limit(options.limit);
}

/**
 * Whether anything that decides what this user may see changed after `since`: their own
 * membership (role, removal, re-joining) or a permission record.
 */
export async function hasAccessChangedSince(
  db: DbOrTx,
  teamId: number,
  userId: number,
  since: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(recordChanges)
    .where(
      and(
        eq(recordChanges.teamId, teamId),
        gt(recordChanges.changeSeq, since),
        or(
          and(eq(recordChanges.recordType, 'member'), eq(recordChanges.recordId, String(userId))),
          eq(recordChanges.recordType, 'permission_record'),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
