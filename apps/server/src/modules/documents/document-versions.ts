import { randomUUID } from 'node:crypto';
import { AppError } from '@strata/domain/errors';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { itemDocumentVersions } from '../../db/schema/item-documents';
import { users } from '../../db/schema/users';
import type { DocumentSnapshot } from './document-html';

/** A new checkpoint of a document at most this often while it is being edited. */
export const DOCUMENT_VERSION_EVERY_MS = 10 * 60_000;
/** The newest versions of a document that are kept. */
export const DOCUMENT_VERSIONS_KEPT = 100;
/** The characters of a version's text its list entry shows. */
const PREVIEW_CHARS = 140;

export interface VersionPlace {
  teamId: number;
  itemId: string;
  userId: number | null;
}

/** Stores a version of the document as it is now, and drops the oldest beyond DOCUMENT_VERSIONS_KEPT. */
export async function addDocumentVersion(
  tx: DbOrTx,
  place: VersionPlace,
  state: Uint8Array,
  snapshot: DocumentSnapshot,
  now: Date,
): Promise<void> {
  await tx.insert(itemDocumentVersions).values({
    id: randomUUID(),
    teamId: place.teamId,
    itemId: place.itemId,
    state,
    html: snapshot.html,
    text: snapshot.text,
    createdBy: place.userId,
    createdAt: now,
  });
  await tx.execute(sql`
    DELETE FROM ${itemDocumentVersions}
    WHERE ${itemDocumentVersions.teamId} = ${place.teamId} AND ${itemDocumentVersions.itemId} = ${place.itemId}
      AND ${itemDocumentVersions.id} NOT IN (
        SELECT ${itemDocumentVersions.id} FROM ${itemDocumentVersions}
        WHERE ${itemDocumentVersions.teamId} = ${place.teamId} AND ${itemDocumentVersions.itemId} = ${place.itemId}
        ORDER BY ${itemDocumentVersions.createdAt} DESC LIMIT ${DOCUMENT_VERSIONS_KEPT}
      )`);
}

/**
 * After a save: a checkpoint of the saved state when the document's newest version is older than
 * DOCUMENT_VERSION_EVERY_MS (or it has none), so that an hour of typing leaves a handful of
 * versions, not one per keystroke burst.
 */
export async function checkpointDocument(
  tx: DbOrTx,
  place: VersionPlace,
  state: Uint8Array,
  snapshot: DocumentSnapshot,
  now: Date,
): Promise<void> {
  const [newest] = await tx
    .select({ createdAt: itemDocumentVersions.createdAt })
    .from(itemDocumentVersions)
    .where(and(eq(itemDocumentVersions.teamId, place.teamId), eq(itemDocumentVersions.itemId, place.itemId)))
    .orderBy(desc(itemDocumentVersions.createdAt))
    .limit(1);
  if (newest && now.getTime() - newest.createdAt.getTime() < DOCUMENT_VERSION_EVERY_MS) return;
  await addDocumentVersion(tx, place, state, snapshot, now);
}

/** A document's versions, newest first: when, by whom (by name), and the start of its text. */
export async function listDocumentVersions(ctx: AppContext, teamId: number, itemId: string) {
  const rows = await ctx.db
    .select({
      id: itemDocumentVersions.id,
      createdAt: itemDocumentVersions.createdAt,
      createdBy: itemDocumentVersions.createdBy,
      preview: sql<string>`left(${itemDocumentVersions.text}, ${PREVIEW_CHARS})`,
    })
    .from(itemDocumentVersions)
    .where(and(eq(itemDocumentVersions.teamId, teamId), eq(itemDocumentVersions.itemId, itemId)))
    .orderBy(desc(itemDocumentVersions.createdAt), desc(itemDocumentVersions.id));
  const authorIds = [...new Set(rows.map((row) => row.createdBy).filter((id): id is number => id !== null))];
  const authors = new Map(
    authorIds.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, authorIds))
        ).map((user) => [user.id, user]),
  );
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy === null ? null : (authors.get(row.createdBy) ?? null),
    preview: row.preview,
  }));
}

/** One version of a document of this workspace's item; 404 for any other id. */
export async function findDocumentVersion(
  ctx: AppContext,
  teamId: number,
  itemId: string,
  versionId: string,
) {
  const [row] = await ctx.db
    .select()
    .from(itemDocumentVersions)
    .where(
      and(
        eq(itemDocumentVersions.teamId, teamId),
        eq(itemDocumentVersions.itemId, itemId),
        eq(itemDocumentVersions.id, versionId),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
