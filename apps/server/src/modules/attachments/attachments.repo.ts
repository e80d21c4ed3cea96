import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type AttachmentRow, attachments } from '../../db/schema/attachments';

export async function insertAttachment(
  db: DbOrTx,
  row: typeof attachments.$inferInsert,
): Promise<AttachmentRow> {
  const [saved] = await db.insert(attachments).values(row).returning();
  return saved!;
}

/** One attachment of the workspace (undefined when the id is not the workspace's). */
export async function findAttachment(
  db: DbOrTx,
  teamId: number,
  id: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.teamId, teamId), eq(attachments.id, id)))
    .limit(1);
  return row;
}

/** The workspace's attachments among these ids, in one query; other workspaces' ids find nothing. */
export async function findAttachments(
  db: DbOrTx,
  teamId: number,
  ids: readonly string[],
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.teamId, teamId), inArray(attachments.id, [...ids])));
}
