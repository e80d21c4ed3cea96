import { randomUUID } from 'node:crypto';
import type { Reference, ReferenceBody } from '@strata/contracts/references';
import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { readValue, validateValue } from '@strata/domain/attributes/type-registry';
import { AppError } from '@strata/domain/errors';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type AttributeRow, type ItemRow, items, type StoredValues } from '../../db/schema/items';
import { invalidField } from '../../http/field-errors';
import { boardCan } from '../boards/board-access';
import { requireVisibleBoard } from '../boards/boards.service';
import { canEdit } from '../items/item-edit';
import { announceItems } from '../items/item-events';
import { requireVisibleFolder } from '../items/item-reads';
import { valueErrors } from '../items/item-values';
import { findAttributeAnyState } from '../items/items.repo';
import { toDefinition, toItem } from '../items/items.shapes';
import type { WriteScope } from '../records/write-scope';
import { findLiveItem, lockLiveItem } from './references.repo';

/**
 * What every reference write checks, in this order: the board (seen by the caller), the attribute
 * (a live reference attribute of that board), the referencing item (a live item of that board in
 * a folder the caller sees, locked for the write) and the caller's right to edit it. Ids of other
 * workspaces, boards or deleted records are all 404.
 */
async function referencingItem(scope: WriteScope, boardId: string, body: ReferenceBody) {
  const { tx, access, user } = scope;
  const teamId = access.team.id;
  const board = await requireVisibleBoard(tx, access, boardId);
  const attribute = await findAttributeAnyState(tx, teamId, body.attribute_id);
  if (!attribute || attribute.deletedAt || attribute.boardId !== board.id) throw new AppError('NOT_FOUND');
  if (attribute.type !== 'reference') throw invalidField('attribute_id', 'NOT_REFERENCE_ATTRIBUTE');
  const item = await lockLiveItem(tx, teamId, body.from_item_id);
  if (!item || item.boardId !== board.id) throw new AppError('NOT_FOUND');
  await requireVisibleFolder(tx, access, item.folderId);
  if (!canEdit(boardCan(access, board), item, user.id)) throw new AppError('FORBIDDEN');
  return { board, attribute, item };
}

/**
 * The referenced item must be a live item of the attribute's target board (`settings.boardId`, or
 * the attribute's own board) in a folder the caller sees: a private board's items cannot be
 * named by someone who does not see them, nor their titles learnt through the cell.
 */
async function requireVisibleTarget(scope: WriteScope, attribute: AttributeRow, toItemId: string) {
  const { tx, access } = scope;
  const targetBoardId = readSettings('reference', attribute.settings).boardId ?? attribute.boardId;
  if (targetBoardId !== attribute.boardId) await requireVisibleBoard(tx, access, targetBoardId);
  const target = await findLiveItem(tx, access.team.id, toItemId);
  if (!target || target.boardId !== targetBoardId) throw new AppError('NOT_FOUND');
  await requireVisibleFolder(tx, access, target.folderId);
}

const referencedIds = (attribute: AttributeRow, item: ItemRow): string[] => {
  const ids = readValue(toDefinition(attribute), item.values[attribute.id]?.data);
  return Array.isArray(ids) ? (ids as string[]) : [];
};

/**
 * Writes the attribute's new list of ids into the item (row_version + 1; an empty list clears the
 * value) and announces it as an item save does: item.updated and value.created/value.updated on
 * the board's channel, the activity log, delta sync.
 */
async function writeReferences(
  scope: WriteScope,
  attribute: AttributeRow,
  item: ItemRow,
  ids: readonly string[],
): Promise<ItemRow> {
  const { tx, user, now } = scope;
  const before = item.values[attribute.id];
  const values: StoredValues = { ...item.values };
  const valueId = before?.id ?? randomUUID();
  const data = ids.length === 0 ? null : [...ids];
  if (data === null) delete values[attribute.id];
  else values[attribute.id] = { id: valueId, attribute_id: attribute.id, data };
  // The row is locked by this transaction since it was read: the write cannot lose another's.
  const [row] = await tx
    .update(items)
    .set({ values, updatedAt: now, rowVersion: sql`${items.rowVersion} + 1` })
    .where(and(eq(items.teamId, item.teamId), eq(items.id, item.id), isNull(items.deletedAt)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  await announceItems(
    tx,
    'item.updated',
    [row],
    user.id,
    [{ item: row, attributeId: attribute.id, valueId, data, created: !before, before: before?.data ?? null }],
    { previous: [item] },
  );
  return row;
}

const answer = (body: ReferenceBody, item: ItemRow, deleted: boolean): Reference => ({
  object: 'reference',
  attribute_id: body.attribute_id,
  from_item_id: body.from_item_id,
  to_item_id: body.to_item_id,
  deleted,
  item: toItem(item),
});

/**
 * Adds a link: the referenced id joins the attribute's list (a single-reference attribute's id is
 * replaced). A link that is already there changes nothing and announces nothing.
 */
export async function addReference(
  scope: WriteScope,
  boardId: string,
  body: ReferenceBody,
): Promise<Reference> {
  const { attribute, item } = await referencingItem(scope, boardId, body);
  await requireVisibleTarget(scope, attribute, body.to_item_id);
  const current = referencedIds(attribute, item);
  const { multiple } = readSettings('reference', attribute.settings);
  const has = current.includes(body.to_item_id);
  const next = multiple ? (has ? current : [...current, body.to_item_id]) : [body.to_item_id];
  if (next.length === current.length && next.every((id, at) => id === current[at]))
    return answer(body, item, false);
  const checked = validateValue(toDefinition(attribute), next);
  if (!checked.ok)
    throw valueErrors(checked.errors.map((error) => ({ ...error, attributeId: attribute.id })));
  return answer(body, await writeReferences(scope, attribute, item, next), false);
}

/**
 * Removes a link. The referenced item need not be live or visible any more (a link to an item
 * since deleted or hidden can still be taken away); a link that is not there is 404.
 */
export async function removeReference(
  scope: WriteScope,
  boardId: string,
  body: ReferenceBody,
): Promise<Reference> {
  const { attribute, item } = await referencingItem(scope, boardId, body);
  const current = referencedIds(attribute, item);
  if (!current.includes(body.to_item_id)) throw new AppError('NOT_FOUND');
  const next = current.filter((id) => id !== body.to_item_id);
  return answer(body, await writeReferences(scope, attribute, item, next), true);
}
