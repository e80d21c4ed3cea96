import { lazy, Suspense } from 'react';
import type { CalendarProps } from './calendar';
import styles from './calendar.module.css';

// The calendar (react-day-picker and date-fns) is fetched the first time a date editor opens.
const CalendarChunk = lazy(() => import('./calendar').then((module) => ({ default: module.Calendar })));

/** The month grid of ./calendar.tsx, loaded on first use; a blank of its size meanwhile. */
export function LazyCalendar(props: CalendarProps) {
  return (
    <Suspense fallback={<div className={styles.placeholder} aria-busy="true" />}>
      <CalendarChunk {...props} />
    </Suspense>
  );
}
