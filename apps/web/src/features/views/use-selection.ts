import { useCallback, useState } from 'react';

/**
 * The items selected in a folder's views, and the views' `onToggleSelect`: several at once (a
 * checkbox, a shift-click range) selected or unselected together.
 */
export function useSelection() {
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const onToggleSelect = useCallback((ids: string[], selected: boolean) => {
    setSelection((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (selected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  return { selection, setSelection, onToggleSelect };
}
