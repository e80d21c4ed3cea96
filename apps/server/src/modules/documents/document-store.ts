import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { itemDocuments } from '../../db/schema/item-documents';

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

/** Keeps an item's document: its whole Yjs state, replacing the one stored. */
export async function writeDocumentState(
  ctx: AppContext,
  place: { teamId: number; itemId: string; userId: number | null },
  state: Uint8Array,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(itemDocuments)
    .values({ itemId: place.itemId, teamId: place.teamId, state, updatedBy: place.userId, updatedAt: now })
    .onConflictDoUpdate({
      target: itemDocuments.itemId,
      set: { state, updatedBy: place.userId, updatedAt: now },
      // An item id is one workspace's: the row of another is never written over.
      setWhere: sql`${itemDocuments.teamId} = ${place.teamId}`,
    });
}
