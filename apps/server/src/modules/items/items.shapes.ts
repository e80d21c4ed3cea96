import type { Attribute, Item } from '@strata/contracts/items';
import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { AttributeRow, ItemRow } from '../../db/schema/items';

/** An attribute as the API shows it. */
export function toAttribute(row: AttributeRow): Attribute {
  return {
    id: row.id,
    object: 'attribute',
    team_id: row.teamId,
    board_id: row.boardId,
    name: row.name,
    type: row.type as AttributeType,
    settings: row.settings,
    default_data: row.defaultData ?? null,
    sort_order: row.sortOrder,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    row_version: row.rowVersion,
  };
}

/** An attribute as the domain's value and definition rules read it. */
export function toDefinition(row: AttributeRow): AttributeDefinition {
  return { id: row.id, name: row.name, type: row.type as AttributeType, settings: row.settings };
}

/** An item as the API shows it; `values` exactly as stored (keyed by attribute id). */
export function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    object: 'item',
    team_id: row.teamId,
    board_id: row.boardId,
    folder_id: row.folderId,
    parent_id: row.parentId,
    sort_order: row.sortOrder,
    values: row.values,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    row_version: row.rowVersion,
    comments_count: row.commentsCount,
  };
}
