import { randomUUID } from 'node:crypto';
import type { saveItemBody } from '@strata/contracts/items';
import { AppError } from '@strata/domain/errors';
import type { Action } from '@strata/domain/permissions/actions';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, rowsOf } from '../../db/client';
import { attributes, type ItemRow, items } from '../../db/schema/items';
import { inJsonbOrder, insertJsonRows } from '../../events/json-rows';
import { invalidField } from '../../http/field-errors';
import { type BoardForAccess, boardCan } from '../boards/board-access';
import type { WriteScope } from '../records/write-scope';
import type { TeamAccess } from '../teams/team-access-types';
import { touchesPlan } from './board-plan';
import { announceItems } from './item-events';
import type { ItemReads, StructureReads } from './item-reads';
import { applyValueWrites, type ChangedValue } from './item-values';
import { findAncestorIds, findItemAnyState } from './items.repo';

type SaveItemBody = z.infer<typeof saveItemBody>;

/** The parent of a (sub)item: a live item of the same folder, never the item itself or one under it. */
export async function checkParent(
  tx: DbOrTx,
  teamId: number,
  id: string,
  parentId: string,
  folderId: string,
) {
  if (parentId === id) throw invalidField('parent_id', 'ITEM_OWN_PARENT');
  const parent = await findItemAnyState(tx, teamId, parentId);
  if (!parent || parent.deletedAt || parent.folderId !== folderId)
    throw invalidField('parent_id', 'PARENT_NOT_IN_FOLDER');
  if ((await findAncestorIds(tx, teamId, parentId)).includes(id))
    throw invalidField('parent_id', 'ITEM_UNDER_OWN_SUBITEM');
}

/** A create checked and ready to insert; the custom ID number is taken when it is written. */
export interface PreparedCreate {
  row: typeof items.$inferInsert & { id: string; values: ItemRow['values'] };
  changes: ChangedValue[];
  /** The board's custom ID attribute, if it has one. */
  customIdAttributeId?: string;
  /** It has links or scheduled dates of the board's plan: it is saved alone, with planSave. */
  plan?: boolean;
}

/**
 * boardCan once per caller and board copy: the creates of a batch share the copy their reads
 * gave, and working out the board's rules (the permission engine) per create was a tenth of the
 * batch's time (bench/item-create.bench.ts).
 */
const boardRules = new WeakMap<object, { access: TeamAccess; can: (action: Action) => boolean }>();
function canOnBoard(access: TeamAccess, board: BoardForAccess): (action: Action) => boolean {
  const known = boardRules.get(board);
  if (known?.access === access) return known.can;
  const can = boardCan(access, board);
  boardRules.set(board, { access, can });
  return can;
}

/**
 * Checks a new item (CREATE_ITEMS in a folder the caller sees; the parent; every value by the
 * domain, with the attributes' default data) without writing anything, so that many creates can
 * be checked one by one and written together.
 */
export async function prepareItemCreate(
  scope: WriteScope,
  id: string,
  body: SaveItemBody,
  reads: ItemReads,
): Promise<PreparedCreate> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  if (body.row_version !== 1) throw new AppError('NOT_FOUND');
  const folderId = body.folder_id;
  if (!folderId) throw invalidField('folder_id', 'FOLDER_REQUIRED');
  const { board } = await reads.visibleFolder(folderId);
  if (!canOnBoard(access, board)('CREATE_ITEMS')) throw new AppError('FORBIDDEN');
  const parentId = body.parent_id ?? null;
  if (parentId !== null) await checkParent(tx, teamId, id, parentId, folderId);
  const boardAttributes = await reads.boardAttributes(board.id);
  const { values, changes } = await applyValueWrites({
    members: reads.members,
    attachments: reads.attachments,
    attributes: boardAttributes,
    stored: {},
    writes: body.values ?? {},
    isNew: true,
  });
  return {
    row: {
      id,
      teamId,
      boardId: board.id,
      folderId,
      parentId,
      sortOrder: body.sort_order ?? null,
      values,
      createdBy: user.id,
      createdAt: now,
      updatedAt: now,
      rowVersion: 1,
    },
    changes,
    customIdAttributeId: boardAttributes.find((attribute) => attribute.type === 'custom_id')?.id,
    plan: touchesPlan(boardAttributes, changes),
  };
}

/** Takes `count` numbers of a board's custom ID at once; answers the last (the row lock orders takers). */
async function takeCustomNumbers(tx: DbOrTx, teamId: number, attributeId: string, count: number) {
  const [row] = await tx
    .update(attributes)
    .set({ lastNumber: sql`${attributes.lastNumber} + ${count}` })
    .where(and(eq(attributes.teamId, teamId), eq(attributes.id, attributeId)))
    .returning({ lastNumber: attributes.lastNumber });
  return row!.lastNumber;
}

const ITEM_COLUMNS = {
  id: 'text',
  team_id: 'integer',
  board_id: 'text',
  folder_id: 'text',
  parent_id: 'text',
  sort_order: 'text',
  values: 'jsonb',
  created_by: 'integer',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  row_version: 'integer',
} as const;

const itemColumns = ({ row }: PreparedCreate) => ({
  id: row.id,
  team_id: row.teamId,
  board_id: row.boardId,
  folder_id: row.folderId,
  parent_id: row.parentId ?? null,
  sort_order: row.sortOrder ?? null,
  values: row.values,
  created_by: row.createdBy ?? null,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  row_version: row.rowVersion ?? 1,
});

/** A prepared row as the database now holds it (what `RETURNING *` would read back). */
function storedItem(row: PreparedCreate['row']): ItemRow {
  const now = row.createdAt ?? new Date();
  return {
    id: row.id,
    teamId: row.teamId,
    boardId: row.boardId,
    folderId: row.folderId,
    parentId: row.parentId ?? null,
    sortOrder: row.sortOrder ?? null,
    values: inJsonbOrder(row.values) as ItemRow['values'],
    createdBy: row.createdBy ?? null,
    createdAt: now,
    updatedAt: row.updatedAt ?? now,
    deletedAt: null,
    rowVersion: row.rowVersion ?? 1,
    commentsCount: 0,
  };
}

/**
 * Writes prepared creates: the custom ID numbers of each board in one UPDATE, the items in one
 * multi-row INSERT, their events, delta-sync notes and activity rows in one statement each. An id taken
 * meanwhile writes nothing (the caller answers it as a conflict); the rows written are answered.
 * `structure`: the reads the checks made (a batch's), so that the events judge which folders are
 * hidden or private from the board's folders read once, not read again.
 */
export async function writeItemCreates(
  scope: WriteScope,
  prepared: readonly PreparedCreate[],
  structure?: StructureReads,
): Promise<ItemRow[]> {
  if (prepared.length === 0) return [];
  const { tx, access, user } = scope;
  const byCustomId = new Map<string, PreparedCreate[]>();
  for (const create of prepared) {
    if (!create.customIdAttributeId) continue;
    byCustomId.set(create.customIdAttributeId, [
      ...(byCustomId.get(create.customIdAttributeId) ?? []),
      create,
    ]);
  }
  for (const [attributeId, creates] of byCustomId) {
    const last = await takeCustomNumbers(tx, access.team.id, attributeId, creates.length);
    creates.forEach((create, at) => {
      const number = last - creates.length + 1 + at;
      const valueId = randomUUID();
      create.row.values[attributeId] = { id: valueId, attribute_id: attributeId, data: number };
      create.changes.push({ attributeId, valueId, data: number, created: true });
    });
  }
  // One INSERT for the whole batch, the rows as one JSON parameter; only the ids come back (the
  // rows written are the rows sent, their values in the order jsonb keeps them).
  const result = await tx.execute(
    sql`${insertJsonRows(items, ITEM_COLUMNS, prepared.map(itemColumns))} ON CONFLICT DO NOTHING RETURNING id`,
  );
  const written = new Set(rowsOf<{ id: string }>(result).rows.map((row) => row.id));
  const rows = prepared.filter((create) => written.has(create.row.id)).map(({ row }) => storedItem(row));
  const changesOf = new Map(prepared.map((create) => [create.row.id, create.changes]));
  const boardIds = [...new Set(rows.map((row) => row.boardId))];
  const boardFolders =
    structure && (await Promise.all(boardIds.map((boardId) => structure.boardFolders(boardId)))).flat();
  await announceItems(
    tx,
    'item.created',
    rows,
    user.id,
    rows.flatMap((item) => (changesOf.get(item.id) ?? []).map((change) => ({ ...change, item }))),
    { boardFolders },
  );
  return rows;
}
