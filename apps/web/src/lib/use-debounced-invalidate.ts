import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

/**
 * A function that reads a query again `delayMs` after it was last called: a burst of pushes (a
 * bulk edit, a move with subitems, several comments) reads once, after the last. Stable while the
 * key's value stays the same; a pending read is dropped on unmount.
 */
export function useDebouncedInvalidate(queryKey: readonly unknown[], delayMs: number): () => void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  return useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
    }, delayMs);
  }, [queryClient, key, delayMs]);
}
