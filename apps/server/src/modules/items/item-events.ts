import { isDeepStrictEqual } from 'node:util';
import { folderChain, isChainHidden, isChainPrivate } from '@strata/domain/permissions/folders';
import type { DbOrTx } from '../../db/client';
import type { FolderRow } from '../../db/schema/boards';
import type { AttributeRow, ItemRow } from '../../db/schema/items';
import { type OutboxEvent, teamChannels } from '../../events/outbox';
import { recordWrite } from '../../events/record-write';
import {
  ADDED_USERS_KEY,
  type CompactValueChange,
  MOVED_FROM_KEY,
  VALUE_CHANGES_KEY,
} from '../../events/value-events';
import { type ActivityInsert, attributeActivity, itemActivity } from '../activity/activity-rows';
import { findRestrictedFolderIds } from '../boards/folder-access';
import type { ChangedValue } from './item-values';
import { toAttribute, toItem } from './items.shapes';
import type { ValueChange } from './value-change';

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
  options: AnnounceOptions<ItemRow> & {
    /** The live folders of the rows' boards, when the write read them already (no query then). */
    boardFolders?: readonly FolderRow[];
  } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const folderIds = [
    ...new Set([...rows, ...valueChanges.map((change) => change.item)].map((row) => row.folderId)),
  ];
  const restricted = options.boardFolders
    ? restrictedAmong(folderIds, options.boardFolders)
    : await findRestrictedFolderIds(
        tx,
        rows[0]!.teamId,
        rows.map((row) => row.boardId),
        folderIds,
      );
  await recordWrite(tx, {
    teamId: rows[0]!.teamId,
    events: itemEvents(type, rows, actorId, valueChanges, restricted, options.previous),
    changes: rows.map((row) => ({ type: 'item' as const, id: row.id, deleted: row.deletedAt !== null })),
    activity: itemActivity(type, rows, actorId, valueChanges, options.previous),
  });
}

/** One item's update in a batch of several people's edits (announceItemUpdates). */
export interface ItemUpdate {
  row: ItemRow;
  actorId: number;
  /** The values the edit created, changed or cleared. */
  changes: readonly ChangedValue[];
  /** The item before the edit. */
  previous: ItemRow;
}

/**
 * Announces the edits of a group commit (item-edit-batcher.ts) as announceItems announces each:
 * every item's event with its value changes, by its own actor, its delta-sync note and its activity
 * rows, all in one statement. `boardFolders`: the live folders of the items' boards, read by the
 * batch's checks (whose folders are hidden or private).
 */
export async function announceItemUpdates(
  tx: DbOrTx,
  updates: readonly ItemUpdate[],
  boardFolders: readonly FolderRow[],
): Promise<void> {
  if (updates.length === 0) return;
  const restricted = restrictedAmong(
    updates.map((update) => update.row.folderId),
    boardFolders,
  );
  const events: OutboxEvent[] = [];
  const activity: ActivityInsert[] = [];
  for (const { row, actorId, changes, previous } of updates) {
    const valueChanges = changes.map((change) => ({ ...change, item: row }));
    events.push(...itemEvents('item.updated', [row], actorId, valueChanges, restricted, [previous]));
    activity.push(...itemActivity('item.updated', [row], actorId, valueChanges, [previous]));
  }
  await recordWrite(tx, {
    teamId: updates[0]!.row.teamId,
    events,
    changes: updates.map(({ row }) => ({ type: 'item' as const, id: row.id, deleted: false })),
    activity,
  });
}

/**
 * The outbox rows of an item write: one per item, carrying the values it created, changed or
 * cleared (a cleared value is a value.updated with null data); a value the item's data holds as
 * changed is named by its id and attribute, not repeated (about half of a created item's row);
 * a value of an item the write does not announce keeps a row of its own. Items of a hidden or private folder (`restricted`) go out
 * without data: everyone who sees the board hears its channel, and clients reload through delta
 * sync what they may see.
 */
function itemEvents(
  type: 'item.created' | 'item.updated' | 'item.deleted',
  rows: readonly ItemRow[],
  actorId: number,
  valueChanges: readonly ValueChange[],
  restricted: ReadonlySet<string>,
  previous: readonly ItemRow[] = [],
): OutboxEvent[] {
  const compact = new Map<string, CompactValueChange[]>();
  const before = new Map(previous.map((row) => [row.id, row]));
  const strays: OutboxEvent[] = [];
  const announced = new Map(rows.map((row) => [row.id, row]));
  for (const change of valueChanges) {
    const { item } = change;
    const valueType = change.created ? 'value.created' : 'value.updated';
    const isRestricted = restricted.has(item.folderId);
    const data = isRestricted
      ? undefined
      : { id: change.valueId, item_id: item.id, attribute_id: change.attributeId, data: change.data };
    const added = addedUserIds(change);
    const row = announced.get(item.id);
    if (row) {
      const list = compact.get(item.id) ?? [];
      // An updated value's data before the write, for subscribers (automations' "from X").
      const was = !change.created && change.before != null ? { before: change.before } : {};
      if (isRestricted)
        list.push({
          type: valueType,
          id: change.valueId,
          ...added,
          ...was,
          // For subscribers only (value-events.ts): automations fire on hidden folders' items too.
          restricted: {
            id: change.valueId,
            item_id: item.id,
            attribute_id: change.attributeId,
            data: change.data,
          },
        });
      // The item's event carries its values: a value it holds as changed is named, not repeated.
      else if (holdsValue(row, change))
        list.push({
          type: valueType,
          id: change.valueId,
          attribute_id: change.attributeId,
          ...added,
          ...was,
        });
      else list.push({ type: valueType, id: change.valueId, data, ...added, ...was });
      compact.set(item.id, list);
      continue;
    }
    strays.push({
      teamId: item.teamId,
      type: valueType,
      channel: teamChannels.board(item.teamId, item.boardId),
      actorId,
      payload: {
        id: change.valueId,
        row_version: item.rowVersion,
        ...(data === undefined ? {} : { data }),
        ...(added.added ? { [ADDED_USERS_KEY]: added.added, item_id: item.id } : {}),
      },
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
        ...movedFrom(before.get(row.id), row),
      },
    };
  });
  return [...events, ...strays];
}

/**
 * The user ids a people value gained (a members value is a list of user ids): what the
 * notification producer tells them of (AddedToMembersAttributeNotification). Other values: none.
 */
function addedUserIds(change: ValueChange): { added?: number[] } {
  const isIds = (value: unknown): value is number[] =>
    Array.isArray(value) && value.every((id) => Number.isInteger(id));
  if (!isIds(change.data)) return {};
  const before = isIds(change.before) ? change.before : [];
  const added = change.data.filter((id) => !before.includes(id));
  return added.length > 0 ? { added } : {};
}

/** A moved item's folder before the move, for subscribers (automations' "moved to a folder"). */
function movedFrom(previous: ItemRow | undefined, row: ItemRow): { [MOVED_FROM_KEY]?: string } {
  return previous && previous.folderId !== row.folderId ? { [MOVED_FROM_KEY]: previous.folderId } : {};
}

/** The item's stored values hold the change as it is (the same value, the same data). */
function holdsValue(row: ItemRow, change: ValueChange): boolean {
  const value = row.values[change.attributeId];
  if (value?.id !== change.valueId) return false;
  return value.data === change.data || isDeepStrictEqual(value.data, change.data);
}

/** Of these folder ids, those hidden or private (themselves or above), judged by the folders given. */
function restrictedAmong(folderIds: readonly string[], boardFolders: readonly FolderRow[]): Set<string> {
  return new Set(
    folderIds.filter(
      (id) => isChainHidden(folderChain(id, boardFolders)) || isChainPrivate(folderChain(id, boardFolders)),
    ),
  );
}
