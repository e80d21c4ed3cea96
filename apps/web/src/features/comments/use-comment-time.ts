import { contextLocale, contextTimeZone, type ValueContext } from '@strata/domain/attributes/value-context';
import { useCallback, useMemo } from 'react';

/** When a comment was written, as its card shows it: the reader's date and time, medium and short. */
export function useCommentTime(context: ValueContext): (iso: string) => string {
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(contextLocale(context), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: contextTimeZone(context),
      }),
    [context],
  );
  return useCallback((iso: string) => time.format(new Date(iso)), [time]);
}
