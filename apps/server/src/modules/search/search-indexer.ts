import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { isAnyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { itemTexts } from '../../db/schema/item-texts';
import { items } from '../../db/schema/items';
import type { DispatchedEvent } from '../../events/dispatched-event';
import type { EventSubscriber } from '../../events/dispatcher';
import { ITEM_TEXT_OF_ROW } from './search-text';

/** The events that may change an item's searchable text. */
export const TEXT_EVENT_TYPES = ['item.created', 'item.updated', 'value.created', 'value.updated'] as const;

/**
 * The item whose searchable text an event may have changed, or null. A created item always; an
 * item event without data (its folder is hidden or private, so its value events carry nothing to
 * decide by) always; a value event whose new data is text or cleared (a cleared value may have
 * been text). A value event with a number, a boolean, a list or an object, and an item event
 * with data (its value events decide), change no text.
 */
export function textItemOf(event: Pick<DispatchedEvent, 'type' | 'payload'>): string | null {
  const { payload } = event;
  if (event.type === 'item.created') return String(payload.id);
  if (event.type === 'item.updated') return payload.data === undefined ? String(payload.id) : null;
  if (event.type !== 'value.created' && event.type !== 'value.updated') return null;
  const value = payload.data as { item_id?: unknown; data?: unknown } | undefined;
  if (typeof value?.item_id !== 'string') return null;
  return typeof value.data === 'string' || value.data === null || value.data === undefined
    ? value.item_id
    : null;
}

/**
 * Writes the searchable text of the items `which` selects, as their rows hold it now, in one
 * statement: a stored text is replaced only when `replaces` holds for it (`excluded` is the new).
 */
function upsertItemTexts(db: DbOrTx, which: SQL | undefined, replaces: SQL) {
  return db.execute(sql`
    INSERT INTO ${itemTexts} (item_id, team_id, row_version, text)
    SELECT ${items.id}, ${items.teamId}, ${items.rowVersion}, ${ITEM_TEXT_OF_ROW} FROM ${items}
    WHERE ${which}
    ON CONFLICT (item_id) DO UPDATE SET text = excluded.text, row_version = excluded.row_version
    WHERE ${replaces}`);
}

/** A stored text that differs, read from the same or an older row_version than the new one. */
const DIFFERENT_TEXT = sql`${itemTexts.text} IS DISTINCT FROM excluded.text AND ${itemTexts.rowVersion} <= excluded.row_version`;

/**
 * Writes the searchable text of these items of a workspace as their rows hold it now, in one
 * statement. A text is replaced only by one read from a later row_version, so of two writers the
 * slower, with an older read, never wins.
 */
export async function writeItemTexts(db: DbOrTx, teamId: number, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await upsertItemTexts(
    db,
    and(eq(items.teamId, teamId), isAnyOf(items.id, ids)),
    sql`${itemTexts.rowVersion} < excluded.row_version`,
  );
}

/**
 * Writes the searchable text of these items of a workspace again after something else than their
 * row changed it (their documents): replaces a different text read from the same or a later
 * row_version.
 */
export async function refreshItemTexts(db: DbOrTx, teamId: number, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await upsertItemTexts(db, and(eq(items.teamId, teamId), isAnyOf(items.id, ids)), DIFFERENT_TEXT);
}

/**
 * Rewrites the text of every item changed since `since` whose stored text differs (the hourly
 * sweep): a process that stopped between claiming events and writing their texts leaves them
 * behind; this brings them back.
 */
export async function repairItemTexts(db: DbOrTx, since: Date): Promise<void> {
  await upsertItemTexts(db, gte(items.updatedAt, since), DIFFERENT_TEXT);
}

/**
 * Keeps `item_texts` after commit: gathers the items a batch of events may have changed the
 * text of (textItemOf), then writes their texts in one statement per workspace once the batch is
 * handed out. A write that changes no text (a number, a status, a move) costs search nothing.
 */
export function createSearchIndexer(db: DbOrTx): EventSubscriber {
  const pending = new Map<number, Set<string>>();
  return {
    name: 'search-indexer',
    types: TEXT_EVENT_TYPES,
    handle(event) {
      const itemId = textItemOf(event);
      if (itemId === null || event.teamId === null) return;
      const ids = pending.get(event.teamId) ?? new Set<string>();
      ids.add(itemId);
      pending.set(event.teamId, ids);
    },
    async afterBatch() {
      const batch = [...pending];
      pending.clear();
      for (const [teamId, ids] of batch) await writeItemTexts(db, teamId, [...ids]);
    },
  };
}
