import type { DbOrTx } from '../../db/client';
import type { AttributeRow, ItemRow } from '../../db/schema/items';
import { type OutboxEvent, teamChannels } from '../../events/outbox';
import { recordWrite } from '../../events/record-write';
import { type CompactValueChange, VALUE_CHANGES_KEY } from '../../events/value-events';
import { attributeActivity, itemActivity } from '../activity/activity-rows';
import { findRestrictedFolderIds } from '../boards/folder-access';
import { toAttribute, toItem } from './items.shapes';

/** A value that a write created, changed or cleared (`data` null). */
export interface ValueChange {
  item: ItemRow;
  attributeId: string;
  valueId: string;
  data: unknown;
  /** The item had no value for the attribute before. */
  created: boolean;
  /** The data before the write (absent or null: none), for the activity log. */
  before?: unknown;
}

/** What a write knew before it changed the records it announces: the activity log's "before". */
export interface AnnounceOptions<Row> {
  /** The records' copies before the write (updates); the activity log records what differs. */
  previous?: readonly Row[];
}

/**
 * Announces attribute changes on their board's channel (team.{id}.board.{boardId}: only those who
 * see the board may listen, so the events carry the full record), notes them for delta sync and
 * records them in the board's activity log, in the write's transaction (one statement for the three).
 */
export async function announceAttributes(
  tx: DbOrTx,
  type: 'attribute.created' | 'attribute.updated' | 'attribute.deleted',
  rows: readonly AttributeRow[],
  actorId: number,
  options: AnnounceOptions<AttributeRow> = {},
): Promise<void> {
  if (rows.length === 0) return;
  await recordWrite(tx, {
    teamId: rows[0]!.teamId,
    events: rows.map((row) => ({
      teamId: row.teamId,
      type,
      channel: teamChannels.board(row.teamId, row.boardId),
      actorId,
      payload: { id: row.id, row_version: row.rowVersion, data: toAttribute(row) },
    })),
    changes: rows.map((row) => ({ type: 'attribute' as const, id: row.id, deleted: row.deletedAt !== null })),
    activity: attributeActivity(type, rows, actorId, options.previous),
  });
}

/**
 * Announces item changes as attributes are: one event row per item, which carries the values the
 * write created, changed or cleared (a cleared value is a value.updated with null data). The
 * dispatcher hands subscribers that event and then a value.created or value.updated event per
 * value, as if each had its own row (events/value-events.ts): a create of 8 values writes one
 * outbox row, not 9. The events, the delta-sync notes and the board's activity rows (docs/activity.md:
 * a value's data before and after; a move when `previous` copies are given) go in one statement.
 */
export async function announceItems(
  tx: DbOrTx,
  type: 'item.created' | 'item.updated' | 'item.deleted',
  rows: readonly ItemRow[],
  actorId: number,
  valueChanges: readonly ValueChange[] = [],
  options: AnnounceOptions<ItemRow> = {},
): Promise<void> {
  if (rows.length === 0) return;
  // Everyone who sees the board hears its channel: items of a hidden or private folder go out
  // without data, and clients reload through delta sync what they may see.
  const restricted = await findRestrictedFolderIds(
    tx,
    rows[0]!.teamId,
    rows.map((row) => row.boardId),
    [...new Set([...rows, ...valueChanges.map((change) => change.item)].map((row) => row.folderId))],
  );
  const compact = new Map<string, CompactValueChange[]>();
  const strays: OutboxEvent[] = [];
  const announced = new Set(rows.map((row) => row.id));
  for (const change of valueChanges) {
    const { item } = change;
    const valueType = change.created ? 'value.created' : 'value.updated';
    const data = restricted.has(item.folderId)
      ? undefined
      : { id: change.valueId, item_id: item.id, attribute_id: change.attributeId, data: change.data };
    if (announced.has(item.id)) {
      const list = compact.get(item.id) ?? [];
      list.push({ type: valueType, id: change.valueId, ...(data === undefined ? {} : { data }) });
      compact.set(item.id, list);
      continue;
    }
    // A value of an item this write does not announce keeps a row of its own.
    strays.push({
      teamId: item.teamId,
      type: valueType,
      channel: teamChannels.board(item.teamId, item.boardId),
      actorId,
      payload: { id: change.valueId, row_version: item.rowVersion, ...(data === undefined ? {} : { data }) },
    });
  }
  const events: OutboxEvent[] = rows.map((row) => {
    const values = compact.get(row.id);
    return {
      teamId: row.teamId,
      type,
      channel: teamChannels.board(row.teamId, row.boardId),
      actorId,
      payload: {
        id: row.id,
        row_version: row.rowVersion,
        ...(restricted.has(row.folderId) ? {} : { data: toItem(row) }),
        ...(values ? { [VALUE_CHANGES_KEY]: values } : {}),
      },
    };
  });
  await recordWrite(tx, {
    teamId: rows[0]!.teamId,
    events: [...events, ...strays],
    changes: rows.map((row) => ({ type: 'item' as const, id: row.id, deleted: row.deletedAt !== null })),
    activity: itemActivity(type, rows, actorId, valueChanges, options.previous),
  });
}
