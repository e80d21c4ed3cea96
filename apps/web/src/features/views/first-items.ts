import type { ViewSettings, ViewType } from '@strata/domain/views/view-settings';
import { useDeferredValue, useMemo } from 'react';

/** Items a view draws in its first render of a large folder: more than a tall screen of rows. */
export const FIRST_ITEMS = 200;

/** Whether a view's first rows are the folder's first items: not when it sorts or filters. */
function inOwnOrder(settings: Pick<ViewSettings, 'sort' | 'filters'>): boolean {
  return settings.sort.length === 0 && settings.filters.length === 0;
}

/**
 * Whether a view must wait for every item of a folder before it draws: a sorted or filtered one
 * (its first rows may be anywhere), charts (they count every item) and files lists (every item's
 * files). The others draw the folder's first items as soon as they come.
 */
export function viewNeedsEveryItem(
  type: ViewType,
  settings: Pick<ViewSettings, 'sort' | 'filters'>,
): boolean {
  return type === 'chart' || type === 'files' || !inOwnOrder(settings);
}

/**
 * A large folder's first items for a view's first render, all of them in the render right after
 * (React renders the deferred value once the first frame is shown; later changes likewise). Only
 * where the first items are the first rows: a view that sorts or filters draws every item at once.
 */
export function useFirstItemsFirst<T>(items: readonly T[], settings: Pick<ViewSettings, 'sort' | 'filters'>) {
  const ownOrder = inOwnOrder(settings);
  const first = useMemo(
    () => (ownOrder && items.length > FIRST_ITEMS ? items.slice(0, FIRST_ITEMS) : undefined),
    [items, ownOrder],
  );
  // Without a first part there is nothing to defer: React would render the same items twice.
  return useDeferredValue(items, first);
}
