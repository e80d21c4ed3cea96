import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Open state kept in the URL as `?{key}=on` (spec section 2), so a link can open a menu and Back
 * closes it. Closing removes the parameter.
 */
export function useQueryFlag(key: string): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const open = params.get(key) === 'on';
  const setOpen = useCallback(
    (next: boolean) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(key, 'on');
          else updated.delete(key);
          return updated;
        },
        { replace: !next },
      ),
    [key, setParams],
  );
  return [open, setOpen];
}

/**
 * Menu state in the URL (`?{key}=on`), for Radix menus: `open` and `onOpenChange` for the root,
 * and `leave(go)` for items that navigate away. The new URL drops the parameter by itself, so
 * the close that follows must not navigate back to the old one.
 */
export function useQueryMenu(key: string) {
  const [open, setOpen] = useQueryFlag(key);
  const leaving = useRef(false);
  const onOpenChange = useCallback(
    (next: boolean) => {
      if (!next && leaving.current) {
        leaving.current = false;
        return;
      }
      setOpen(next);
    },
    [setOpen],
  );
  const leave = useCallback((go: () => void) => {
    leaving.current = true;
    go();
  }, []);
  return { open, onOpenChange, leave };
}
