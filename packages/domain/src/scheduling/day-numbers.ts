import { parseIsoDate } from '../attributes/date-values';

const DAY_MS = 86_400_000;

/**
 * The day number (days since 1970-01-01) of an ISO date, as `DaySpan` counts days. An instant
 * counts on the date it was written with (`2026-03-08T23:30:00-05:00` is 8 March): the day its
 * writer saw, whatever the reader's zone. Null when the text is not a real date.
 */
export function isoToDay(text: string): number | null {
  const value = parseIsoDate(text);
  if (!value) return null;
  const day = value.allDay ? value : parseIsoDate(text.slice(0, 10));
  return day ? Math.floor(day.ms / DAY_MS) : null;
}
