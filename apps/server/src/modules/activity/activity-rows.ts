import { isDeepStrictEqual } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activityLog } from '../../db/schema/activity';
import type { BoardRow, FolderRow } from '../../db/schema/boards';
import type { AttributeRow, ItemRow } from '../../db/schema/items';
import { jsonRows } from '../../events/json-rows';
import { currentOrigin } from '../../events/write-origin';
import type { ValueChange } from '../items/value-change';

/** One row of the activity log as a write records it. */
export type ActivityInsert = typeof activityLog.$inferInsert;

/** Rows per INSERT: keeps one statement's JSON parameter to a few megabytes. */
const ROWS_PER_INSERT = 2000;

const ACTIVITY_COLUMNS = {
  team_id: 'integer',
  board_id: 'text',
  folder_id: 'text',
  item_id: 'text',
  user_id: 'integer',
  event: 'text',
  record_type: 'text',
  record_id: 'text',
  changes: 'jsonb',
  created_at: 'timestamptz',
} as const;

/**
 * Records activity in the caller's transaction (the write's own), in one multi-row INSERT (one per
 * 2,000 rows for a write that numbers a whole board), the rows as one JSON parameter
 * (events/json-rows.ts): it commits with the change or not at all.
 */
export async function recordActivity(tx: DbOrTx, rows: readonly ActivityInsert[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await tx.execute(insertActivitySql(rows.slice(start, start + ROWS_PER_INSERT)));
}

/** The INSERT of up to 2,000 activity rows (recordActivity; events/record-write.ts joins it to others). */
export function insertActivitySql(rows: readonly ActivityInsert[]): SQL {
  // An automation's write: by Autobot, naming the automation (events/write-origin.ts).
  const origin = currentOrigin();
  const chunk = rows.map((row) => ({
    team_id: row.teamId,
    board_id: row.boardId,
    folder_id: row.folderId ?? null,
    item_id: row.itemId ?? null,
    user_id: origin ? origin.actorId : (row.userId ?? null),
    event: row.event,
    record_type: row.recordType,
    record_id: row.recordId,
    changes: origin ? { ...(row.changes ?? {}), automation: origin.automation } : (row.changes ?? {}),
    created_at: row.createdAt ?? null,
  }));
  return sql`
    INSERT INTO ${activityLog}
      (team_id, board_id, folder_id, item_id, user_id, event, record_type, record_id, changes, created_at)
    SELECT team_id, board_id, folder_id, item_id, user_id, event, record_type, record_id, changes,
      coalesce(created_at, now())
    FROM ${jsonRows(ACTIVITY_COLUMNS, chunk)}
    ORDER BY row_number`;
}

/** Activity rows one INSERT takes. */
export const ACTIVITY_ROWS_PER_INSERT = ROWS_PER_INSERT;

/** A text value kept in full up to this many characters; longer ones are clipped. */
const TEXT_MAX = 500;
/** Other data (lists, checklists) kept up to this JSON size; larger data is left out. */
const DATA_MAX = 4000;

/** Value data small enough for a log row: long texts clipped, very large lists left out. */
function clip(data: unknown): { data: unknown; clipped: boolean } {
  if (data === undefined || data === null) return { data: null, clipped: false };
  if (typeof data === 'string')
    return data.length > TEXT_MAX
      ? { data: `${data.slice(0, TEXT_MAX)}…`, clipped: true }
      : { data, clipped: false };
  if (typeof data === 'object' && JSON.stringify(data).length > DATA_MAX)
    return { data: null, clipped: true };
  return { data, clipped: false };
}

/** `{ field: { before, after } }` for each listed field that differs. */
function fieldChanges<T extends object>(
  before: T,
  after: T,
  fields: Record<string, keyof T>,
): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const [name, key] of Object.entries(fields))
    if (!isDeepStrictEqual(before[key], after[key])) out[name] = { before: before[key], after: after[key] };
  return out;
}

/** Names of the listed fields that differ (their values are not kept: settings, lists). */
function changedFields<T extends object>(before: T, after: T, fields: Record<string, keyof T>): string[] {
  return Object.entries(fields)
    .filter(([, key]) => !isDeepStrictEqual(before[key], after[key]))
    .map(([name]) => name);
}

/**
 * What an update changed: the `shown` fields that differ with their values, and under `changed`
 * the names of the `named` ones that differ (their values are not kept). Null when none of them
 * did (a reorder alone); empty when the copy before the write is not known.
 */
function updateChanges<T extends object>(
  before: T | undefined,
  after: T,
  shown: Record<string, keyof T>,
  named: Record<string, keyof T>,
): Record<string, unknown> | null {
  if (!before) return {};
  const changed = changedFields(before, after, named);
  const changes = { ...fieldChanges(before, after, shown), ...(changed.length > 0 ? { changed } : {}) };
  return Object.keys(changes).length === 0 ? null : changes;
}

const byId = <T extends { id: string }>(rows: readonly T[] | undefined) =>
  new Map((rows ?? []).map((row) => [row.id, row]));

/**
 * The activity of an item write. item.created and item.deleted: one row per item (the values a
 * create sets are part of its creation, not rows of their own). item.updated: a row only for a
 * move (folder or parent) of an item whose copy before the write is known; value.created and
 * value.updated rows with the data before and after.
 */
export function itemActivity(
  type: string,
  rows: readonly ItemRow[],
  actorId: number,
  valueChanges: readonly ValueChange[],
  previous?: readonly ItemRow[],
): ActivityInsert[] {
  const out: ActivityInsert[] = [];
  const base = (item: ItemRow) => ({
    teamId: item.teamId,
    boardId: item.boardId,
    folderId: item.folderId,
    itemId: item.id,
    userId: actorId,
    createdAt: item.updatedAt,
  });
  const before = byId(previous);
  for (const row of rows) {
    let changes: Record<string, unknown> | null = null;
    if (type === 'item.created') changes = { folder_id: row.folderId, parent_id: row.parentId };
    else if (type === 'item.updated') {
      const old = before.get(row.id);
      const moved = old ? fieldChanges(old, row, { folder_id: 'folderId', parent_id: 'parentId' }) : {};
      if (Object.keys(moved).length > 0) changes = moved;
    } else changes = {};
    if (changes) out.push({ ...base(row), event: type, recordType: 'item', recordId: row.id, changes });
  }
  if (type === 'item.created') return out;
  for (const change of valueChanges) {
    const after = clip(change.data);
    const was = clip(change.before);
    out.push({
      ...base(change.item),
      event: change.created ? 'value.created' : 'value.updated',
      recordType: 'value',
      recordId: change.valueId,
      changes: {
        attribute_id: change.attributeId,
        before: was.data,
        after: after.data,
        ...(after.clipped || was.clipped ? { clipped: true } : {}),
      },
    });
  }
  return out;
}

/**
 * The activity of an attribute write: its name and type on creation, its name on deletion; on an
 * update, the rename and which of settings and default data changed (a reorder alone is not
 * recorded). Without the copy before the write, an update records no details.
 */
export function attributeActivity(
  type: string,
  rows: readonly AttributeRow[],
  actorId: number,
  previous?: readonly AttributeRow[],
): ActivityInsert[] {
  const before = byId(previous);
  const out: ActivityInsert[] = [];
  for (const row of rows) {
    let changes: Record<string, unknown> | null = { name: row.name };
    if (type === 'attribute.created') changes = { name: row.name, type: row.type };
    else if (type === 'attribute.updated')
      changes = updateChanges(
        before.get(row.id),
        row,
        { name: 'name' },
        { settings: 'settings', default_data: 'defaultData' },
      );
    if (!changes) continue;
    out.push({
      teamId: row.teamId,
      boardId: row.boardId,
      userId: actorId,
      event: type,
      recordType: 'attribute',
      recordId: row.id,
      changes,
      createdAt: row.updatedAt,
    });
  }
  return out;
}

/**
 * The activity of a folder write: name (and parent) on creation, name on deletion; on an update,
 * rename, move and colour with their values, and which of its attributes and settings changed (a
 * reorder alone is not recorded).
 */
export function folderActivity(
  type: string,
  rows: readonly FolderRow[],
  actorId: number,
  previous?: readonly FolderRow[],
): ActivityInsert[] {
  const before = byId(previous);
  const out: ActivityInsert[] = [];
  for (const row of rows) {
    let changes: Record<string, unknown> | null = { name: row.name };
    if (type === 'folder.created') changes = { name: row.name, parent_id: row.parentId };
    else if (type === 'folder.updated')
      changes = updateChanges(
        before.get(row.id),
        row,
        { name: 'name', parent_id: 'parentId', color: 'color' },
        { attribute_ids: 'attributeIds', settings: 'settings' },
      );
    if (!changes) continue;
    out.push({
      teamId: row.teamId,
      boardId: row.boardId,
      folderId: row.id,
      userId: actorId,
      event: type,
      recordType: 'folder',
      recordId: row.id,
      changes,
      createdAt: row.updatedAt,
    });
  }
  return out;
}

/**
 * The activity of a board write: its name on creation and deletion; on an update, the details
 * and privacy that changed with their values, and the members added and removed (a reorder alone
 * is not recorded).
 */
export function boardActivity(
  type: string,
  row: BoardRow,
  actorId: number,
  previous?: BoardRow,
): ActivityInsert[] {
  let changes: Record<string, unknown> = { name: row.name };
  if (type === 'board.updated') {
    if (!previous) changes = {};
    else {
      changes = fieldChanges(previous, row, {
        name: 'name',
        description: 'description',
        color: 'color',
        is_private: 'isPrivate',
      });
      const added = row.userIds.filter((id) => !previous.userIds.includes(id));
      const removed = previous.userIds.filter((id) => !row.userIds.includes(id));
      if (added.length > 0 || removed.length > 0) changes.user_ids = { added, removed };
      if (Object.keys(changes).length === 0) return [];
    }
  }
  return [
    {
      teamId: row.teamId,
      boardId: row.id,
      userId: actorId,
      event: type,
      recordType: 'board',
      recordId: row.id,
      changes,
      createdAt: row.updatedAt,
    },
  ];
}
