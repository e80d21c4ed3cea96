import { useCallback } from 'react';
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
