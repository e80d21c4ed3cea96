import { calendarDayOf } from '@strata/domain/attributes/date-locale';
import { type DateValue, parseIsoDate } from '@strata/domain/attributes/date-values';

/**
 * The calendar widget counts in local Date objects at midnight; values are ISO dates or instants.
 * These two turn one into the other by calendar day, so no zone shifts a day.
 */
export function calendarDate(value: DateValue, timeZone: string): Date {
  const { y, m, d } = calendarDayOf(value, timeZone);
  return new Date(y, m - 1, d);
}

/** A picked calendar day as a calendar date value (`YYYY-MM-DD`). */
export function dayValue(day: Date): DateValue {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return parseIsoDate(`${pad(day.getFullYear(), 4)}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`)!;
}
