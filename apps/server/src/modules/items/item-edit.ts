import type { saveItemBody } from '@strata/contracts/items';
import { AppError } from '@strata/domain/errors';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, rowsOf } from '../../db/client';
import { type ItemRow, items } from '../../db/schema/items';
import { inJsonbOrder, jsonRows } from '../../events/json-rows';
import { invalidField } from '../../http/field-errors';
import { boardCan } from '../boards/board-access';
import type { WriteScope } from '../records/write-scope';
import { touchesPlan } from './board-plan';
import { checkParent } from './item-create';
import type { ItemReads } from './item-reads';
import { applyValueWrites, type ChangedValue } from './item-values';

type SaveItemBody = z.infer<typeof saveItemBody>;

/** Whether the caller may change this item: EDIT_ALL_ITEMS, or EDIT_OWN_ITEMS on one they created. */
export function canEdit(
  can: (action: 'EDIT_ALL_ITEMS' | 'EDIT_OWN_ITEMS') => boolean,
  item: ItemRow,
  userId: number,
) {
  return can('EDIT_ALL_ITEMS') || (can('EDIT_OWN_ITEMS') && item.createdBy === userId);
}

/** An edit of an existing item, checked and ready to write. */
export interface PreparedEdit {
  /** The item as read before the edit. */
  previous: ItemRow;
  /** The item as the edit leaves it (its values in the order jsonb keeps them). */
  next: ItemRow;
  /** The values the edit created, changed or cleared. */
  changes: ChangedValue[];
  /** The item goes to another folder (its subitems follow). */
  moved: boolean;
  /** It changes the board's plan (links or scheduled dates): it is saved alone, with planSave. */
  plan?: boolean;
}

/**
 * An edit that changes only values and order: the item stays in its folder under its parent, so
 * it can be checked and written with others (item-edit-batcher.ts). Moves and new parents run
 * alone, as do edits of the board's plan (found once prepared: `PreparedEdit.plan`).
 */
export function isInPlaceEdit(existing: ItemRow, body: SaveItemBody): boolean {
  return (
    (body.folder_id === undefined || body.folder_id === existing.folderId) &&
    (body.parent_id === undefined || body.parent_id === existing.parentId)
  );
}

/**
 * Checks an edit of a live item without writing anything: the item's folder is one the caller
 * sees; a move goes to a folder of the same board they see, with a parent of that folder; they
 * may edit the item (EDIT_ALL_ITEMS, or EDIT_OWN_ITEMS for its creator); every value passes the
 * domain's rules against the board's attributes. The compare-and-set is the write's.
 */
export async function prepareItemEdit(
  scope: WriteScope,
  existing: ItemRow,
  body: SaveItemBody,
  reads: ItemReads,
): Promise<PreparedEdit> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const folderId = body.folder_id ?? existing.folderId;
  const { board } = await reads.visibleFolder(existing.folderId);
  const moved = folderId !== existing.folderId;
  if (moved) {
    const target = await reads.structure.folder(folderId);
    if (!target || target.deletedAt || target.boardId !== existing.boardId)
      throw invalidField('folder_id', 'ITEM_FOLDER_INVALID');
    // Into a folder the caller does not see (hidden, private): as if it did not exist.
    await reads.visibleFolder(folderId).catch(() => {
      throw invalidField('folder_id', 'ITEM_FOLDER_INVALID');
    });
  }
  if (!canEdit(boardCan(access, board), existing, user.id)) throw new AppError('FORBIDDEN');

  const parentId = body.parent_id === undefined ? existing.parentId : body.parent_id;
  if (parentId !== null && (moved || parentId !== existing.parentId))
    await checkParent(tx, teamId, existing.id, parentId, folderId);

  const boardAttributes = await reads.boardAttributes(board.id);
  const { values, changes } = await applyValueWrites({
    members: reads.members,
    attachments: reads.attachments,
    attributes: boardAttributes,
    stored: existing.values,
    writes: body.values ?? {},
    isNew: false,
  });
  return {
    previous: existing,
    next: {
      ...existing,
      folderId,
      parentId,
      sortOrder: body.sort_order === undefined ? existing.sortOrder : body.sort_order,
      values: inJsonbOrder(values) as ItemRow['values'],
      updatedAt: now,
      rowVersion: body.row_version,
    },
    changes,
    moved,
    plan: touchesPlan(boardAttributes, changes),
  };
}

const EDIT_COLUMNS = {
  id: 'text',
  sort_order: 'text',
  values: 'jsonb',
  updated_at: 'timestamptz',
  row_version: 'integer',
} as const;

/**
 * Writes in-place edits of a workspace's items (isInPlaceEdit) in one UPDATE, each with its own
 * compare-and-set: an item is written only if it is live at the row_version before the edit's.
 * The rows are sent as one JSON parameter (json-rows.ts); answers the ids written (an edit that
 * lost its compare-and-set meanwhile writes nothing). At most one edit per item.
 */
export async function writeItemEdits(
  tx: DbOrTx,
  teamId: number,
  edits: readonly PreparedEdit[],
): Promise<Set<string>> {
  if (edits.length === 0) return new Set();
  const rows = edits.map(({ next }) => ({
    id: next.id,
    sort_order: next.sortOrder,
    values: next.values,
    updated_at: next.updatedAt,
    row_version: next.rowVersion,
  }));
  const result = await tx.execute(sql`
    UPDATE ${items} SET sort_order = r.sort_order, values = r.values, updated_at = r.updated_at,
      row_version = r.row_version
    FROM ${jsonRows(EDIT_COLUMNS, rows)}
    WHERE ${items.teamId} = ${teamId}::integer AND ${items.id} = r.id AND ${items.deletedAt} IS NULL
      AND ${items.rowVersion} = r.row_version - 1
    RETURNING ${items.id}`);
  return new Set(rowsOf<{ id: string }>(result).rows.map((row) => row.id));
}
