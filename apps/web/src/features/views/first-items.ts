import type { ViewSettings } from '@strata/domain/views/view-settings';
import { useDeferredValue, useMemo } from 'react';

/** Items a view draws in its first render of a large folder: more than a tall screen of rows. */
export const FIRST_ITEMS = 200;

/**
 * A large folder's first items for a view's first render, all of them in the render right after
 * (React renders the deferred value once the first frame is shown; later changes likewise). Only
 * where the first items are the first rows: a view that sorts or filters draws every item at once.
 */
export function useFirstItemsFirst<T>(items: readonly T[], settings: Pick<ViewSettings, 'sort' | 'filters'>) {
  const inOwnOrder = settings.sort.length === 0 && settings.filters.length === 0;
  const first = useMemo(
    () => (inOwnOrder && items.length > FIRST_ITEMS ? items.slice(0, FIRST_ITEMS) : undefined),
    [items, inOwnOrder],
  );
  // Without a first part there is nothing to defer: React would render the same items twice.
  return useDeferredValue(items, first);
}
