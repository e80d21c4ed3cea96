import type { AttributeType } from './attribute-types';

/** An item as attribute code reads it: its own fields, and its values keyed by attribute id. */
export interface AttributeItem {
  id: string;
  folder_id?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: number | null;
  values: Readonly<Record<string, { data?: unknown } | null | undefined>>;
}

/**
 * The data an item holds for an attribute: the item's own fields for created at, created by,
 * updated at and source folder; the `values` entry for the rest (for formulas, a cached result
 * if the server keeps one; evaluate the formula for the live value).
 */
export function itemValueData(item: AttributeItem, attribute: { id: string; type: AttributeType }): unknown {
  switch (attribute.type) {
    case 'created_at':
      return item.created_at ?? null;
    case 'updated_at':
      return item.updated_at ?? null;
    case 'created_by':
      return item.created_by ?? null;
    case 'source_folder':
      return item.folder_id ?? null;
    default:
      return item.values[attribute.id]?.data ?? null;
  }
}
