import { AppError } from '../errors';

/**
 * The days that count. `workingWeekdays` are 0 = Sunday .. 6 = Saturday, Monday to Friday when
 * left out. Schedulers take `null` instead of a calendar when every day counts.
 */
export interface WorkingCalendar {
  workingWeekdays?: readonly number[];
}

export const MONDAY_TO_FRIDAY: readonly number[] = [1, 2, 3, 4, 5];

/**
 * Working days numbered in order, so that lags and durations in working days are differences of
 * numbers. `index` of a working day is its number; of another day, the number of the next
 * working day. `day` is the inverse on working days.
 */
export interface WorkingTime {
  index(day: number): number;
  day(index: number): number;
}

const EVERY_DAY: WorkingTime = { index: (day) => day, day: (index) => index };

// Day -4 (1969-12-28) is a Sunday: weeks are counted from it.
const SUNDAY_OFFSET = 4;

/** 0 = Sunday .. 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + SUNDAY_OFFSET) % 7) + 7) % 7;
}

function workingWeekdays(calendar: WorkingCalendar): boolean[] {
  const weekdays = calendar.workingWeekdays ?? MONDAY_TO_FRIDAY;
  const isWorking = Array.from({ length: 7 }, (_, d) => weekdays.includes(d));
  if (!isWorking.includes(true))
    throw new AppError('VALIDATION_FAILED', { message: 'A calendar needs at least one working weekday.' });
  return isWorking;
}

/**
 * The numbering of a calendar's working days; with `null` every day is a working day and its
 * number is the day itself. Both directions are O(1) (a week's table), for the scheduler's loop.
 */
export function workingTime(calendar: WorkingCalendar | null): WorkingTime {
  if (calendar === null) return EVERY_DAY;
  const isWorking = workingWeekdays(calendar);
  // before[d]: working weekdays before weekday d; nth[k]: the weekday of the week's k-th working day.
  const before = new Int32Array(8);
  const nth: number[] = [];
  for (let d = 0; d < 7; d++) {
    before[d + 1] = before[d]! + (isWorking[d] ? 1 : 0);
    if (isWorking[d]) nth.push(d);
  }
  const perWeek = nth.length;
  const nthDay = Int32Array.from(nth);
  return {
    index: (day) => {
      const shifted = day + SUNDAY_OFFSET;
      const week = Math.floor(shifted / 7);
      return week * perWeek + before[shifted - week * 7]!;
    },
    day: (index) => {
      const week = Math.floor(index / perWeek);
      return week * 7 - SUNDAY_OFFSET + nthDay[index - week * perWeek]!;
    },
  };
}

export function isWorkingDay(day: number, calendar: WorkingCalendar | null): boolean {
  return calendar === null || workingWeekdays(calendar)[weekday(day)]!;
}

/** The working days from `start` to `end`, both included; 0 when `end` is before `start`. */
export function countWorkingDays(start: number, end: number, calendar: WorkingCalendar | null): number {
  if (end < start) return 0;
  const time = workingTime(calendar);
  return time.index(end + 1) - time.index(start);
}

/**
 * The working day `count` working days after `day` (before it when negative). Counting starts
 * from `day` when it is a working day, else from the next one, so `count` 0 answers that day.
 */
export function addWorkingDays(day: number, count: number, calendar: WorkingCalendar | null): number {
  const time = workingTime(calendar);
  return time.day(time.index(day) + count);
}
