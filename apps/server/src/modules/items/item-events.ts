import type { DbOrTx } from '../../db/client';
import type { AttributeRow, ItemRow } from '../../db/schema/items';
import { noteChanges } from '../../events/change-log';
import { type OutboxEvent, recordEvents, teamChannels } from '../../events/outbox';
import { attributeActivity, itemActivity, recordActivity } from '../activity/activity-rows';
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
 * records them in the board's activity log, in the write's transaction.
 */
export async function announceAttributes(
  tx: DbOrTx,
  type: 'attribute.created' | 'attribute.updated' | 'attribute.deleted',
  rows: readonly AttributeRow[],
  actorId: number,
  options: AnnounceOptions<AttributeRow> = {},
): Promise<void> {
  if (rows.length === 0) return;
  await recordEvents(
    tx,
    rows.map((row) => ({
      teamId: row.teamId,
      type,
      channel: teamChannels.board(row.teamId, row.boardId),
      actorId,
      payload: { id: row.id, row_version: row.rowVersion, data: toAttribute(row) },
    })),
  );
  await noteChanges(
    tx,
    rows[0]!.teamId,
    rows.map((row) => ({ type: 'attribute' as const, id: row.id, deleted: row.deletedAt !== null })),
  );
  await recordActivity(tx, attributeActivity(type, rows, actorId, options.previous));
}

/**
 * Announces item changes as attributes are, with a value.created or value.updated event for
 * every value that changed (a cleared value is a value.updated with null data), and records them
 * in the board's activity log (docs/activity.md: a value's data before and after; a move when
 * `previous` copies are given).
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
  const events: OutboxEvent[] = rows.map((row) => ({
    teamId: row.teamId,
    type,
    channel: teamChannels.board(row.teamId, row.boardId),
    actorId,
    payload: {
      id: row.id,
      row_version: row.rowVersion,
      ...(restricted.has(row.folderId) ? {} : { data: toItem(row) }),
    },
  }));
  for (const change of valueChanges) {
    const { item } = change;
    const data = {
      id: change.valueId,
      item_id: item.id,
      attribute_id: change.attributeId,
      data: change.data,
    };
    events.push({
      teamId: item.teamId,
      type: change.created ? 'value.created' : 'value.updated',
      channel: teamChannels.board(item.teamId, item.boardId),
      actorId,
      payload: {
        id: change.valueId,
        row_version: item.rowVersion,
        ...(restricted.has(item.folderId) ? {} : { data }),
      },
    });
  }
  await recordEvents(tx, events);
  await noteChanges(
    tx,
    rows[0]!.teamId,
    rows.map((row) => ({ type: 'item' as const, id: row.id, deleted: row.deletedAt !== null })),
  );
  await recordActivity(tx, itemActivity(type, rows, actorId, valueChanges, options.previous));
}
