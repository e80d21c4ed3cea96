import type { ItemRow } from '../../db/schema/items';

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
