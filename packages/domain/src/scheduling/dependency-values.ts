import { dayNumberToIso } from '../attributes/date-values';
import type { DateRangeData } from '../attributes/types/date-handlers';
import { isoToDay } from './day-numbers';
import type { DependencyLink, ScheduleChange, ScheduleTask } from './dependencies';

/** One entry of a dependency value: `{ item_id, type, lag_days }`, a predecessor of the item. */
export interface DependencyEntry {
  item_id: string;
  type: string;
  lag_days: number;
}

/**
 * The links of a dependency value (`data: DependencyEntry[]`). Entries without an item id are
 * dropped; a missing type is FS and a missing lag 0 (as the attribute's values are written); a type or lag of the wrong kind is kept as given, for
 * `validateLinks` to report.
 */
export function readDependencyLinks(data: unknown): DependencyLink[] {
  if (!Array.isArray(data)) return [];
  const links: DependencyLink[] = [];
  for (const entry of data) {
    if (!entry || typeof entry !== 'object') continue;
    const { item_id, type, lag_days } = entry as Record<string, unknown>;
    if (typeof item_id !== 'string' || item_id === '') continue;
    links.push({
      predecessorId: item_id,
      type: typeof type === 'string' ? type : type === undefined ? 'FS' : String(type),
      lagDays: lag_days === undefined ? 0 : typeof lag_days === 'number' ? lag_days : Number.NaN,
    });
  }
  return links;
}

/** The date attribute a dependency attribute schedules (`settings.schedules`), or null. */
export function scheduledAttributeId(settings: unknown): string | null {
  if (!settings || typeof settings !== 'object') return null;
  const { schedules } = settings as { schedules?: unknown };
  return typeof schedules === 'string' && schedules !== '' ? schedules : null;
}

/**
 * The days of the scheduled attribute's value: a `date` (an ISO string) is a milestone, start =
 * end; a `date_range` is `{ start, end }`, either of which may be null.
 */
export function readScheduledDays(data: unknown): { start: number | null; end: number | null } {
  if (typeof data === 'string') {
    const day = isoToDay(data);
    return { start: day, end: day };
  }
  if (!data || typeof data !== 'object') return { start: null, end: null };
  const { start, end } = data as { start?: unknown; end?: unknown };
  return {
    start: typeof start === 'string' ? isoToDay(start) : null,
    end: typeof end === 'string' ? isoToDay(end) : null,
  };
}

/** An item as the scheduler takes it, from its dependency value and its scheduled date value. */
export function readScheduleTask(id: string, dependencyData: unknown, datesData: unknown): ScheduleTask {
  return { id, ...readScheduledDays(datesData), links: readDependencyLinks(dependencyData) };
}

/**
 * The value to save for a moved item: an ISO date for a `date` attribute (a milestone moves as
 * one: its start), `{ start, end }` for a `date_range`.
 */
export function scheduledValue(type: 'date' | 'date_range', change: ScheduleChange): string | DateRangeData {
  return type === 'date'
    ? dayNumberToIso(change.start)
    : { start: dayNumberToIso(change.start), end: dayNumberToIso(change.end) };
}
