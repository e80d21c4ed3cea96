import type { Item } from '@strata/contracts/items';
import type { RecordStore } from '@strata/sync/records/record-types';
import { touchValue } from './items-store';

/**
 * A card dropped in the columns view: its label value (the target column's label in place of the
 * source's; none left clears it) and its order key, in one save.
 */
export function moveCard(
  store: RecordStore<Item>,
  itemId: string,
  move: { labelAttributeId: string; labels: string[] | null; sortOrder: string | null },
): Promise<Item> | null {
  const local = store.find(itemId);
  if (!local) return null;
  const next: Item = { ...local };
  if (move.labels !== null) {
    const previous = local.values[move.labelAttributeId];
    touchValue(itemId, move.labelAttributeId);
    next.values = {
      ...local.values,
      [move.labelAttributeId]: {
        id: previous?.id ?? crypto.randomUUID(),
        attribute_id: move.labelAttributeId,
        data: move.labels.length > 0 ? move.labels : null,
      },
    };
  }
  if (move.sortOrder !== null) next.sort_order = move.sortOrder;
  return store.save(next);
}
