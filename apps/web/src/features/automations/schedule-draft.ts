import type { DateOffset, Schedule } from '@strata/domain/automations/recipe';
import { nextScheduleTime, parseRrule } from '@strata/domain/automations/schedule-times';

/**
 * The time triggers' blanks as plain functions: a schedule's frequency changed (keeping its time),
 * its weekdays toggled (never none), its RRULE checked as the server reads it, the weekdays named
 * from the person's first day of the week, times of day in their locale, and when it runs next.
 */

export type ScheduleEvery = Schedule['every'];
export const SCHEDULE_EVERY = ['day', 'week', 'month', 'rrule'] as const satisfies readonly ScheduleEvery[];

/** 4 January 2026 was a Sunday: day n of that week names weekday n (0 Sunday .. 6 Saturday). */
const A_SUNDAY = Date.UTC(2026, 0, 4);
const DAY_MS = 86_400_000;
const DEFAULT_AT = '09:00';
const RRULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** The seven weekdays (0 Sunday .. 6 Saturday) from `firstDay`, with their names in `locale`. */
export function weekdaysOf(locale: string, firstDay: number): { day: number; name: string; short: string }[] {
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, index) => {
    const day = (firstDay + index) % 7;
    const at = A_SUNDAY + day * DAY_MS;
    return { day, name: long.format(at), short: short.format(at) };
  });
}

/** "09:00" as the locale writes a time of day (8:30 AM in en-US; 08:30 in de, on a 24-hour clock). */
export function timeOfDayText(at: string, locale: string): string {
  const [hour, minute] = at.split(':').map(Number);
  if (hour === undefined || minute === undefined || Number.isNaN(hour) || Number.isNaN(minute)) return at;
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  const isTwentyFour = cycle === 'h23' || cycle === 'h24';
  return new Intl.DateTimeFormat(locale, {
    hour: isTwentyFour ? '2-digit' : 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(2026, 0, 4, hour, minute));
}

/** The same schedule as an RRULE: where a custom rule starts from. */
export function rruleOf(schedule: Schedule | null): string {
  if (schedule === null) return `FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0`;
  if (schedule.every === 'rrule') return schedule.rrule;
  const [hour, minute] = schedule.at.split(':').map(Number);
  const time = `BYHOUR=${hour ?? 9};BYMINUTE=${minute ?? 0}`;
  switch (schedule.every) {
    case 'day':
      return `FREQ=DAILY;${time}`;
    case 'week':
      return `FREQ=WEEKLY;BYDAY=${schedule.weekdays.map((day) => RRULE_DAYS[day]).join(',')};${time}`;
    case 'month':
      return `FREQ=MONTHLY;BYMONTHDAY=${schedule.day};${time}`;
  }
}

/**
 * A schedule of another frequency: the time of day is kept, a week starts on Monday, a month on
 * its 1st, a custom rule from the schedule as it was.
 */
export function changeScheduleEvery(schedule: Schedule | null, every: ScheduleEvery): Schedule {
  if (schedule?.every === every) return schedule;
  const at = schedule && schedule.every !== 'rrule' ? schedule.at : DEFAULT_AT;
  switch (every) {
    case 'day':
      return { every, at };
    case 'week':
      return { every, at, weekdays: [1] };
    case 'month':
      return { every, at, day: 1 };
    case 'rrule':
      return { every, rrule: rruleOf(schedule) };
  }
}

/** A weekday pressed: on or off, in week order; the last one left stays on (a week needs a day). */
export function toggleWeekday(weekdays: readonly number[], day: number): number[] {
  if (!weekdays.includes(day)) return [...weekdays, day].sort((a, b) => a - b);
  if (weekdays.length === 1) return [...weekdays];
  return weekdays.filter((other) => other !== day);
}

/** Why a custom rule cannot run: empty, or not a rule the server can read. */
export function rruleProblem(text: string): 'REQUIRED' | 'RRULE' | undefined {
  if (text.trim() === '') return 'REQUIRED';
  return parseRrule(text.trim(), new Date()) ? undefined : 'RRULE';
}

/** The schedule's blanks that keep it from being saved (a shape the schema refuses). */
export function scheduleProblems(schedule: Schedule | null): { path: string; code: string }[] {
  if (schedule?.every !== 'rrule') return [];
  const code = rruleProblem(schedule.rrule);
  return code ? [{ path: 'trigger.schedule.rrule', code }] : [];
}

/**
 * When the schedule fires next after `now`, counted in `timeZone` (the zone of the automation's
 * creator, whose wall clock the server follows). Null: never again, or a rule it cannot read.
 */
export function nextRun(schedule: Schedule, now: Date, timeZone: string): Date | null {
  if (schedule.every === 'rrule' && rruleProblem(schedule.rrule)) return null;
  if (schedule.every !== 'rrule' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(schedule.at)) return null;
  return nextScheduleTime(schedule, now, timeZone, now);
}

/** An offset's length in words, by the locale's own units ("1 day", "2 Stunden"). */
export function offsetText(offset: DateOffset, locale: string): string {
  const unit = offset.unit === 'minutes' ? 'minute' : offset.unit === 'hours' ? 'hour' : 'day';
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(offset.amount);
}

/** "On the day", or before or after it: how the builder offers a date trigger's offset. */
export type DateTiming = 'on' | 'before' | 'after';

export const timingOf = (offset: DateOffset): DateTiming => (offset.amount === 0 ? 'on' : offset.direction);

/** Another timing: "on the day" is an offset of 0; before or after starts at one of its unit. */
export function changeTiming(offset: DateOffset, timing: DateTiming): DateOffset {
  if (timing === 'on') return { ...offset, amount: 0 };
  return { ...offset, direction: timing, amount: offset.amount === 0 ? 1 : offset.amount };
}
