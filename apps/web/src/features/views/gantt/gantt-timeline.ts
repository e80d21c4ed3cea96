import { dayNumberToIso } from '@strata/domain/attributes/date-values';
import type { GanttZoom } from '@strata/domain/views/view-settings';

/** One cell of the timeline's header: the days it covers (both included) and its text. */
export interface TimelineTick {
  key: string;
  first: number;
  last: number;
  label: string;
}

const dateOf = (day: number) => new Date(`${dayNumberToIso(day)}T00:00:00Z`);
const format = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });

/** The day number of the first day of the week that holds `day` (`weekStart`: 0 Sunday .. 6). */
export function weekStartOf(day: number, weekStart: number): number {
  // 1970-01-01 was a Thursday (4).
  const weekday = (((day + 4) % 7) + 7) % 7;
  return day - ((weekday - weekStart + 7) % 7);
}

function monthStartOf(day: number): number {
  const date = dateOf(day);
  return Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 86_400_000);
}

function addMonths(day: number, months: number): number {
  const date = dateOf(day);
  return Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1) / 86_400_000);
}

/** Cells of `unit` (starting at their natural boundary) that meet the days from..to. */
function cells(
  from: number,
  to: number,
  unit: 'day' | 'week' | 'month' | 'quarter' | 'year',
  weekStart: number,
  label: (first: number) => string,
): TimelineTick[] {
  const ticks: TimelineTick[] = [];
  let first =
    unit === 'day'
      ? from
      : unit === 'week'
        ? weekStartOf(from, weekStart)
        : unit === 'month'
          ? monthStartOf(from)
          : unit === 'quarter'
            ? addMonths(monthStartOf(from), -(dateOf(from).getUTCMonth() % 3))
            : addMonths(monthStartOf(from), -dateOf(from).getUTCMonth());
  while (first <= to) {
    const next =
      unit === 'day'
        ? first + 1
        : unit === 'week'
          ? first + 7
          : addMonths(first, unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12);
    ticks.push({ key: `${unit}${first}`, first, last: next - 1, label: label(first) });
    first = next;
  }
  return ticks;
}

/**
 * The header's two rows for the days from..to at a zoom, in the reader's language: months over
 * days, months over weeks, years over months, years over quarters.
 */
export function timelineTicks(
  from: number,
  to: number,
  zoom: GanttZoom,
  locale: string,
  weekStart: number,
  /** A quarter's name ("Q1"), from the catalogue. */
  quarterLabel: (quarter: number) => string,
): { upper: TimelineTick[]; lower: TimelineTick[] } {
  const month = format(locale, { month: 'long', year: 'numeric' });
  const year = format(locale, { year: 'numeric' });
  const dayNumber = format(locale, { day: 'numeric' });
  const shortMonth = format(locale, { month: 'short' });
  const weekDay = format(locale, { day: 'numeric', month: 'short' });
  const text = (f: Intl.DateTimeFormat) => (first: number) => f.format(dateOf(first));
  switch (zoom) {
    case 'day':
      return {
        upper: cells(from, to, 'month', weekStart, text(month)),
        lower: cells(from, to, 'day', weekStart, text(dayNumber)),
      };
    case 'week':
      return {
        upper: cells(from, to, 'month', weekStart, text(month)),
        lower: cells(from, to, 'week', weekStart, text(weekDay)),
      };
    case 'month':
      return {
        upper: cells(from, to, 'year', weekStart, text(year)),
        lower: cells(from, to, 'month', weekStart, text(shortMonth)),
      };
    default:
      return {
        upper: cells(from, to, 'year', weekStart, text(year)),
        lower: cells(from, to, 'quarter', weekStart, (first) =>
          quarterLabel(Math.floor(dateOf(first).getUTCMonth() / 3) + 1),
        ),
      };
  }
}

/** Today's day number in a time zone (the person's), as the timeline marks it. */
export function todayIn(timeZone: string | undefined, now = Date.now()): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return Math.round(Date.parse(`${parts}T00:00:00Z`) / 86_400_000);
}
