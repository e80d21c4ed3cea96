import * as rruleModule from 'rrule';
import { type DateValue, parseIsoDate, zonedParts, zonedTimeToUtc } from '../attributes/date-values';
import type { DateOffset, Schedule } from './recipe';

// rrule ships CommonJS as its main entry and ES modules for bundlers: Node's ESM loader sees only
// a default export there, bundlers only the named ones.
type RRuleLibrary = typeof rruleModule;
const { RRule, rrulestr } = ((rruleModule as unknown as { default?: RRuleLibrary }).default ??
  rruleModule) as RRuleLibrary;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** A schedule that finds no time within this many days does not fire again. */
const HORIZON_DAYS = 400;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The next time after `after` (exclusive) a schedule fires, in `timeZone` (wall-clock times: 09:00
 * stays 09:00 across daylight-saving changes). A monthly day past the month's end fires on its last
 * day (the 31st in April fires on the 30th). An RRULE without DTSTART counts from `anchor` (when
 * the automation was switched on); its times are wall-clock times of the zone. Null: never again.
 */
export function nextScheduleTime(
  schedule: Schedule,
  after: Date,
  timeZone: string,
  anchor: Date,
): Date | null {
  if (schedule.every === 'rrule') return nextRruleTime(schedule.rrule, after, timeZone, anchor);
  const [hour, minute] = schedule.at.split(':').map(Number) as [number, number];
  const start = zonedParts(after.getTime(), timeZone);
  const firstDay = Date.UTC(start.year, start.month - 1, start.day);
  for (let offset = 0; offset <= HORIZON_DAYS; offset++) {
    const day = new Date(firstDay + offset * DAY_MS);
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (schedule.every === 'week' && !schedule.weekdays.includes(day.getUTCDay())) continue;
    if (schedule.every === 'month' && d !== Math.min(schedule.day, daysInMonth(y, m))) continue;
    const at = zonedTimeToUtc(y, m, d, hour, minute, 0, timeZone);
    if (at > after.getTime()) return new Date(at);
  }
  return null;
}

/** Wall-clock parts as a "floating" Date (UTC fields = the zone's wall clock), as rrule counts. */
const floating = (ms: number, timeZone: string) => {
  const p = zonedParts(ms, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
};

function nextRruleTime(text: string, after: Date, timeZone: string, anchor: Date): Date | null {
  const rule = parseRrule(text, floating(anchor.getTime(), timeZone));
  if (!rule) return null;
  // Floating times are compared as wall clocks; step past a wall time that falls before `after`
  // once mapped back (the hour skipped or repeated by daylight saving).
  let from = floating(after.getTime(), timeZone);
  for (let tries = 0; tries < 4; tries++) {
    const next = rule.after(from, false);
    if (!next) return null;
    const at = zonedTimeToUtc(
      next.getUTCFullYear(),
      next.getUTCMonth() + 1,
      next.getUTCDate(),
      next.getUTCHours(),
      next.getUTCMinutes(),
      next.getUTCSeconds(),
      timeZone,
    );
    if (at > after.getTime()) return new Date(at);
    from = next;
  }
  return null;
}

/** An RRULE (with or without the `RRULE:` prefix and a DTSTART line); undefined if it does not parse. */
export function parseRrule(text: string, dtstart: Date): InstanceType<RRuleLibrary['RRule']> | undefined {
  try {
    const hasStart = /DTSTART/i.test(text);
    const rule = rrulestr(hasStart ? text : text.replace(/^RRULE:/i, ''), hasStart ? {} : { dtstart });
    return rule instanceof RRule ? rule : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When a date value's trigger fires: the date (a date without time at `at` in the zone) moved by
 * the offset before or after it. A date range fires by its start. Null: no date.
 */
export function dateFireTime(data: unknown, offset: DateOffset, at: string, timeZone: string): Date | null {
  const text = typeof data === 'string' ? data : (data as { start?: unknown } | null)?.start;
  if (typeof text !== 'string') return null;
  const value: DateValue | null = parseIsoDate(text);
  if (!value) return null;
  let ms = value.ms;
  if (value.allDay) {
    const day = new Date(value.ms);
    const [hour, minute] = at.split(':').map(Number) as [number, number];
    ms = zonedTimeToUtc(
      day.getUTCFullYear(),
      day.getUTCMonth() + 1,
      day.getUTCDate(),
      hour,
      minute,
      0,
      timeZone,
    );
  }
  const unit = offset.unit === 'minutes' ? MINUTE_MS : offset.unit === 'hours' ? 60 * MINUTE_MS : DAY_MS;
  return new Date(ms + (offset.direction === 'before' ? -1 : 1) * offset.amount * unit);
}
