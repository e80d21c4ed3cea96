import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { itemDocuments } from '../../db/schema/item-documents';
import { refreshItemTexts } from '../search/search-indexer';
import type { DocumentSnapshot } from './document-html';
import { checkpointDocument } from './document-versions';

/** The stored Yjs state of an item's document, or undefined before its first save. */
export async function readDocumentState(
  ctx: AppContext,
  teamId: number,
  itemId: string,
): Promise<Uint8Array | undefined> {
  const [row] = await ctx.db
    .select({ state: itemDocuments.state })
    .from(itemDocuments)
    .where(and(eq(itemDocuments.itemId, itemId), eq(itemDocuments.teamId, teamId)))
    .limit(1);
  return row?.state;
}

/**
 * Keeps an item's document: its whole Yjs state and its snapshot, replacing the ones stored, the
 * item's searchable text with the document's in it, and a checkpoint in its history when the last
 * one is old enough (document-versions.ts), in one transaction.
 */
export async function writeDocument(
  ctx: AppContext,
  place: { teamId: number; itemId: string; userId: number | null },
  state: Uint8Array,
  snapshot: DocumentSnapshot,
): Promise<void> {
  const now = ctx.clock.now();
  const stored = { state, html: snapshot.html, text: snapshot.text, updatedBy: place.userId, updatedAt: now };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(itemDocuments)
      .values({ itemId: place.itemId, teamId: place.teamId, ...stored })
      .onConflictDoUpdate({
        target: itemDocuments.itemId,
        set: stored,
        // An item id is one workspace's: the row of another is never written over.
        setWhere: sql`${itemDocuments.teamId} = ${place.teamId}`,
      });
    await refreshItemTexts(tx, place.teamId, [place.itemId]);
    await checkpointDocument(tx, place, state, snapshot, now);
  });
}
