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
  // setUTC* rather than Date.UTC, which reads the years 0-99 as 1900-1999.
  const date = new Date(day * DAY_MS);
  const month = date.getUTCMonth();
  if (bucket === 'month') date.setUTCDate(1);
  else if (bucket === 'quarter') date.setUTCMonth(month - (month % 3), 1);
  else date.setUTCMonth(0, 1);
  return Math.round(date.getTime() / DAY_MS);
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
