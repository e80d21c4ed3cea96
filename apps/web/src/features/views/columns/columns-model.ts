import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { keyBetween } from '@strata/domain/views/ordering';
import { NO_GROUP, type ViewItem } from '@strata/domain/views/view-rows';
import type { ViewSettings } from '@strata/domain/views/view-settings';

/**
 * The label attribute the columns view groups by: the view's grouping when it is a label
 * attribute, else the board's first label attribute; null when the board has none.
 */
export function columnsAttribute(
  attributes: readonly AttributeDefinition[],
  settings: ViewSettings,
): AttributeDefinition | null {
  const chosen = attributes.find((attribute) => attribute.id === settings.group_by);
  if (chosen?.type === 'label') return chosen;
  return attributes.find((attribute) => attribute.type === 'label') ?? null;
}

/** Where a dragged card lands: its column and the cards it falls between. */
export interface CardMove {
  itemId: string;
  groupKey: string;
  /** The order key to give the item; null when the view is sorted (the order is the sort's). */
  sortOrder: string | null;
  /** The label value to store: the target column's label in place of the source's. */
  labels: string[] | null;
}

/**
 * The move of a card dropped on a column (at its end) or on another card (before it). The order
 * key falls between the new neighbours; a view sorted by attributes keeps its sort, so only the
 * column changes. A card with several labels swaps the source column's label for the target's.
 */
export function planCardMove(options: {
  item: ViewItem;
  fromKey: string;
  toKey: string;
  /** The target column's cards in their shown order. */
  column: readonly ViewItem[];
  /** The card it is dropped before; null: the end of the column. */
  beforeId: string | null;
  labelAttributeId: string;
  isSorted: boolean;
}): CardMove | null {
  const { item, fromKey, toKey, beforeId } = options;
  if (beforeId === item.id) return null;
  const rest = options.column.filter((card) => card.id !== item.id);
  const at = beforeId === null ? rest.length : rest.findIndex((card) => card.id === beforeId);
  const index = at < 0 ? rest.length : at;
  const current = item.values[options.labelAttributeId]?.data;
  const labels = Array.isArray(current) ? current.filter((id): id is string => typeof id === 'string') : [];
  const nextLabels =
    fromKey === toKey
      ? null
      : [...labels.filter((id) => id !== fromKey && id !== toKey), ...(toKey === NO_GROUP ? [] : [toKey])];
  let sortOrder: string | null = null;
  if (!options.isSorted) {
    const before = rest[index - 1]?.sort_order ?? null;
    const after = rest[index]?.sort_order ?? null;
    sortOrder = safeKeyBetween(before, after);
    if (
      fromKey === toKey &&
      options.column[options.column.findIndex((c) => c.id === item.id) + 1]?.id === beforeId
    )
      return null;
  }
  if (nextLabels === null && sortOrder === null) return null;
  return { itemId: item.id, groupKey: toKey, sortOrder, labels: nextLabels };
}

/** A key between two neighbours; keys out of order (an old tie) fall back to after the first. */
function safeKeyBetween(before: string | null, after: string | null): string {
  try {
    return keyBetween(before, after);
  } catch {
    return keyBetween(before, null);
  }
}

/** The cards' shown attributes: the view's choice, else the first two shown besides name and grouping. */
export function cardAttributeIds(
  shownIds: readonly string[],
  settings: ViewSettings,
  skip: readonly (string | null)[],
): string[] {
  if (settings.card_attribute_ids.length > 0) {
    const known = new Set(shownIds);
    return settings.card_attribute_ids.filter((id) => known.has(id));
  }
  return shownIds.filter((id) => !skip.includes(id)).slice(0, 2);
}

/** A value made on its first use and kept: `once(make)()` calls `make` at most once. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
