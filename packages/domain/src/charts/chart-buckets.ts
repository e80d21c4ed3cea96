import { dayNumber, dayNumberToIso, zonedParts } from '../attributes/date-values';
import type { DateBucket } from './chart-settings';

/**
 * Date buckets of a chart's x axis. Days are day numbers (days since 1970-01-01, as in
 * date-values.ts); a bucket is named by the day it starts on, so buckets sort by that number.
 */
const DAY_MS = 86_400_000;

/** 0 = Sunday … 6 = Saturday; 1970-01-01 was a Thursday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The first day of the bucket a day falls in; weeks start on `weekStart` (0 = Sunday … 6 = Saturday). */
export function bucketStartDay(day: number, bucket: DateBucket, weekStart: number): number {
  if (bucket === 'day') return day;
  if (bucket === 'week') return day - ((weekdayOf(day) - weekStart + 7) % 7);
  // The day's year and month in integers rather than through a Date (H. Hinnant's
  // civil_from_days, years counted from 1 March so that the leap day ends one): each day a chart
  // meets is bucketed once, and this is exact for every year (Date.UTC reads 0-99 as 19xx).
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  if (bucket === 'month') return day - dayOfYear + Math.floor((153 * monthFromMarch + 2) / 5);
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return bucket === 'quarter' ? daysFromCivil(year, month - ((month - 1) % 3), 1) : daysFromCivil(year, 1, 1);
}

/**
 * The day number of a `YYYY-MM-DD` text, the day parseIsoDate reads in it, worked out from its
 * characters: a date chart reads each distinct date it meets (hundreds over a few years), and
 * this takes about a tenth of the time of parseIsoDate's regular expression and Dates. NaN when
 * the text is not a calendar date (another shape, or no such day); the caller then asks
 * parseIsoDate, which reads instants too.
 */
export function calendarTextDay(text: string): number {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return Number.NaN;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  return year < 0 || month < 0 || day < 0 ? Number.NaN : calendarDay(year, month, day);
}

/** The number written by `count` decimal digits from `start`; -1 when one is not a digit. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The day number of a calendar date, or NaN when there is no such date (2026-02-30, month 13,
 * year 0, which parseIsoDate refuses too), in integers: the proleptic Gregorian calendar, as Date's.
 */
function calendarDay(year: number, month: number, day: number): number {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  return daysFromCivil(year, month, day);
}

/** The day number of a date of the proleptic Gregorian calendar, any year (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  // Counted from 1 March, so that the leap day ends a year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/**
 * The key of a bucket by its first day: `2026-03-08` (day; week: its first day), `2026-03`
 * (month), `2026-Q1` (quarter), `2026` (year).
 */
export function dateBucketKey(startDay: number, bucket: DateBucket): string {
  const iso = dayNumberToIso(startDay);
  switch (bucket) {
    case 'day':
    case 'week':
      return iso;
    case 'month':
      return iso.slice(0, 7);
    case 'quarter':
      return `${iso.slice(0, 4)}-Q${Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + 1}`;
    case 'year':
      return iso.slice(0, 4);
  }
}

function offsetAt(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  const wall = new Date(0);
  wall.setUTCFullYear(p.year, p.month - 1, p.day);
  wall.setUTCHours(p.hour, p.minute, p.second, 0);
  return wall.getTime() - ms;
}

/**
 * The day an instant falls on in a zone, for many instants: Intl is asked for the zone's offset at
 * the start and the end of each UTC day met (twice per day, not once per item); on the few days
 * whose offset changes (a DST switch) each instant is asked for on its own.
 */
export function zonedDayReader(timeZone: string): (ms: number) => number {
  const offsets = new Map<number, number>();
  return (ms) => {
    const utcDay = Math.floor(ms / DAY_MS);
    let offset = offsets.get(utcDay);
    if (offset === undefined) {
      const start = offsetAt(utcDay * DAY_MS, timeZone);
      offset = start === offsetAt(utcDay * DAY_MS + DAY_MS - 1000, timeZone) ? start : Number.NaN;
      offsets.set(utcDay, offset);
    }
    if (Number.isNaN(offset)) return dayNumber({ ms, allDay: false }, timeZone);
    return Math.floor((ms + offset) / DAY_MS);
  };
}

/** Whether Intl knows the zone (an unknown one throws a RangeError). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    zonedParts(0, timeZone);
    return true;
  } catch {
    return false;
  }
}
