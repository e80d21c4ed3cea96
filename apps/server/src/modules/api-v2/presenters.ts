import type { CommentRow } from '../../db/schema/comments';
import type { ItemRow } from '../../db/schema/items';

/**
 * The objects of the replaced product's public API (v2, `public-api-v2.md` "Shapes"), made from
 * Strata's rows: what webhooks deliver and, with the v2 routes, what the API answers. Every field
 * that leaves is decided here.
 */

/** A value: `{ id, object: "value", item_id, attribute_id, data, deleted }`. */
export interface V2Value {
  id: string;
  object: 'value';
  item_id: string;
  attribute_id: string;
  data: unknown;
  deleted: boolean;
}

export function presentValue(
  itemId: string,
  value: { id: string; attribute_id: string; data: unknown },
): V2Value {
  return {
    id: value.id,
    object: 'value',
    item_id: itemId,
    attribute_id: value.attribute_id,
    data: value.data ?? null,
    deleted: value.data === null || value.data === undefined,
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An item with its values as a list (v2 clients read `values[]`). */
export function presentItem(row: ItemRow) {
  return {
    id: row.id,
    object: 'item' as const,
    workspace_id: row.teamId,
    board_id: row.boardId,
    folder_id: row.folderId,
    parent_id: row.parentId,
    sort_order: row.sortOrder,
    values: Object.values(row.values).map((value) => presentValue(row.id, value)),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: iso(row.deletedAt),
    deleted: row.deletedAt !== null,
  };
}

/** A comment: its text as HTML, its item and the comment it answers. */
export function presentComment(row: CommentRow) {
  return {
    id: row.id,
    object: 'comment' as const,
    workspace_id: row.teamId,
    board_id: row.boardId,
    item_id: row.itemId,
    parent_id: row.parentId,
    text: row.html,
    pinned: row.pinned,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: iso(row.deletedAt),
    deleted: row.deletedAt !== null,
  };
}
