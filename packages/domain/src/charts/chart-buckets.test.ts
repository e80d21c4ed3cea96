import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { dayNumber, parseIsoDate } from '../attributes/date-values';
import { bucketStartDay, calendarTextDay, dateBucketKey, weekdayOf, zonedDayReader } from './chart-buckets';
import type { DateBucket } from './chart-settings';

const DAY_MS = 86_400_000;
const day = (iso: string) => Math.floor(parseIsoDate(iso)!.ms / DAY_MS);
const keyOf = (iso: string, bucket: DateBucket, weekStart = 1) =>
  dateBucketKey(bucketStartDay(day(iso), bucket, weekStart), bucket);

describe('date buckets', () => {
  test('1970-01-01 was a Thursday and 2026-03-08 a Sunday', () => {
    expect(weekdayOf(0)).toBe(4);
    expect(weekdayOf(day('2026-03-08'))).toBe(0);
    expect(weekdayOf(day('1969-12-28'))).toBe(0);
  });

  test.each([
    // 2026-03-07 is a Saturday, 03-08 a Sunday, 03-09 a Monday, 03-11 a Wednesday.
    { date: '2026-03-11', weekStart: 0, key: '2026-03-08' },
    { date: '2026-03-11', weekStart: 1, key: '2026-03-09' },
    { date: '2026-03-11', weekStart: 6, key: '2026-03-07' },
    { date: '2026-03-08', weekStart: 0, key: '2026-03-08' },
    { date: '2026-03-08', weekStart: 1, key: '2026-03-02' },
    { date: '2026-03-08', weekStart: 6, key: '2026-03-07' },
    { date: '2026-03-07', weekStart: 0, key: '2026-03-01' },
    { date: '2026-03-07', weekStart: 1, key: '2026-03-02' },
    { date: '2026-03-07', weekStart: 6, key: '2026-03-07' },
    // A week that starts in the old year is keyed by its first day.
    { date: '2026-01-01', weekStart: 1, key: '2025-12-29' },
    { date: '1969-12-31', weekStart: 0, key: '1969-12-28' },
  ])('the week of $date starting on day $weekStart is $key', ({ date, weekStart, key }) => {
    expect(keyOf(date, 'week', weekStart)).toBe(key);
  });

  test.each([
    { date: '2026-03-08', bucket: 'day', key: '2026-03-08' },
    { date: '2026-03-31', bucket: 'month', key: '2026-03' },
    { date: '2024-02-29', bucket: 'month', key: '2024-02' },
    { date: '2026-01-01', bucket: 'quarter', key: '2026-Q1' },
    { date: '2026-03-31', bucket: 'quarter', key: '2026-Q1' },
    { date: '2026-04-01', bucket: 'quarter', key: '2026-Q2' },
    { date: '2026-09-30', bucket: 'quarter', key: '2026-Q3' },
    { date: '2026-10-01', bucket: 'quarter', key: '2026-Q4' },
    { date: '2026-12-31', bucket: 'quarter', key: '2026-Q4' },
    { date: '2026-12-31', bucket: 'year', key: '2026' },
    { date: '2027-01-01', bucket: 'year', key: '2027' },
    // Years under 100 stay themselves (Date.UTC would read them as 19xx).
    { date: '0050-05-20', bucket: 'month', key: '0050-05' },
    { date: '0050-05-20', bucket: 'quarter', key: '0050-Q2' },
    { date: '0050-05-20', bucket: 'year', key: '0050' },
  ] as const)('$date by $bucket is $key', ({ date, bucket, key }) => {
    expect(keyOf(date, bucket)).toBe(key);
  });

  test('a bucket starts on a day of its own bucket, and the day before it is in the bucket before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -200_000, max: 200_000 }),
        fc.constantFrom<DateBucket>('day', 'week', 'month', 'quarter', 'year'),
        fc.integer({ min: 0, max: 6 }),
        (d, bucket, weekStart) => {
          const start = bucketStartDay(d, bucket, weekStart);
          expect(start).toBeLessThanOrEqual(d);
          expect(bucketStartDay(start, bucket, weekStart)).toBe(start);
          expect(bucketStartDay(start - 1, bucket, weekStart)).toBeLessThan(start);
          for (let between = start; between <= d; between += Math.max(1, Math.floor((d - start) / 5)))
            expect(bucketStartDay(between, bucket, weekStart)).toBe(start);
        },
      ),
    );
  });
});

describe('the day of an instant in a time zone', () => {
  test.each([
    // 23:30 UTC is already the next morning in Tokyo and still the afternoon in Los Angeles.
    { instant: '2026-03-08T23:30:00Z', zone: 'UTC', day: '2026-03-08' },
    { instant: '2026-03-08T23:30:00Z', zone: 'Asia/Tokyo', day: '2026-03-09' },
    { instant: '2026-03-08T23:30:00Z', zone: 'America/Los_Angeles', day: '2026-03-08' },
    // 07:30 UTC is the evening before in Los Angeles (PST, -08:00).
    { instant: '2026-01-15T07:30:00Z', zone: 'UTC', day: '2026-01-15' },
    { instant: '2026-01-15T07:30:00Z', zone: 'Asia/Tokyo', day: '2026-01-15' },
    { instant: '2026-01-15T07:30:00Z', zone: 'America/Los_Angeles', day: '2026-01-14' },
    // The day Los Angeles moves to summer time (10:00 UTC): before and after the switch.
    { instant: '2026-03-08T09:59:59Z', zone: 'America/Los_Angeles', day: '2026-03-08' },
    { instant: '2026-03-09T06:59:59Z', zone: 'America/Los_Angeles', day: '2026-03-08' },
    { instant: '2026-03-09T07:00:00Z', zone: 'America/Los_Angeles', day: '2026-03-09' },
    // Zones whose offset is not whole hours, and one whose clocks change at midnight.
    { instant: '2026-03-08T18:29:59Z', zone: 'Asia/Kolkata', day: '2026-03-08' },
    { instant: '2026-03-08T18:30:00Z', zone: 'Asia/Kolkata', day: '2026-03-09' },
    { instant: '2026-06-30T11:15:00Z', zone: 'Pacific/Chatham', day: '2026-07-01' },
    { instant: '2026-09-06T03:59:59Z', zone: 'America/Santiago', day: '2026-09-05' },
    { instant: '2026-09-06T04:00:00Z', zone: 'America/Santiago', day: '2026-09-06' },
    // Santiago's clocks go back from 00:00 to 23:00 (03:00 UTC): that hour is the day before again.
    { instant: '2026-04-05T02:59:59Z', zone: 'America/Santiago', day: '2026-04-04' },
    { instant: '2026-04-05T03:30:00Z', zone: 'America/Santiago', day: '2026-04-04' },
    { instant: '2026-04-05T04:00:00Z', zone: 'America/Santiago', day: '2026-04-05' },
  ])('$instant is on $day in $zone', ({ instant, zone, day: expected }) => {
    const read = zonedDayReader(zone);
    expect(read(parseIsoDate(instant)!.ms)).toBe(day(expected));
  });

  test('the cached offsets give the day Intl gives, for many instants through one reader per zone', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/Los_Angeles',
      'America/Santiago',
      'Australia/Lord_Howe',
      'Asia/Tehran',
      'Pacific/Chatham',
    ];
    const readers = new Map(zones.map((zone) => [zone, zonedDayReader(zone)]));
    const from = Date.UTC(1960, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: from, max: to }), (zone, ms) => {
        expect(readers.get(zone)!(ms)).toBe(dayNumber({ ms, allDay: false }, zone));
      }),
      { numRuns: 2000 },
    );
  });

  test('around the hour that happens twice at midnight, each instant is on the day Intl gives', () => {
    const read = zonedDayReader('America/Santiago');
    // Chile leaves summer time on the first Sunday from April 2, at 03:00 UTC.
    const ends = [2023, 2024, 2025, 2026, 2027, 2028].map((year) => {
      const april2 = Date.UTC(year, 3, 2);
      return april2 + ((7 - new Date(april2).getUTCDay()) % 7) * DAY_MS + 3 * 3_600_000;
    });
    fc.assert(
      fc.property(fc.constantFrom(...ends), fc.integer({ min: -7_200_000, max: 7_200_000 }), (end, delta) => {
        expect(read(end + delta)).toBe(dayNumber({ ms: end + delta, allDay: false }, 'America/Santiago'));
      }),
      { numRuns: 500 },
    );
  });
});

describe('calendar dates read from their characters', () => {
  test.each([
    { text: '2026-03-08', day: day('2026-03-08') },
    { text: '1970-01-01', day: 0 },
    { text: '1969-12-31', day: -1 },
    { text: '0001-01-01', day: day('0001-01-01') },
    { text: '0050-05-20', day: day('0050-05-20') },
    { text: '9999-12-31', day: day('9999-12-31') },
    { text: '2024-02-29', day: day('2024-02-29') },
    { text: '2000-02-29', day: day('2000-02-29') },
    // No such day, or not the shape: NaN, and parseIsoDate reads the text.
    { text: '2023-02-29', day: Number.NaN },
    { text: '1900-02-29', day: Number.NaN },
    { text: '2026-04-31', day: Number.NaN },
    { text: '2026-00-10', day: Number.NaN },
    { text: '2026-13-01', day: Number.NaN },
    { text: '2026-01-00', day: Number.NaN },
    { text: '2026-01-32', day: Number.NaN },
    { text: '0000-01-01', day: Number.NaN },
    { text: '2026/03/08', day: Number.NaN },
    { text: '2026-3-08x', day: Number.NaN },
    { text: '2026-0:-08', day: Number.NaN },
    { text: '2026-03-08T00:00:00Z', day: Number.NaN },
    { text: '2026-03-8', day: Number.NaN },
    { text: '', day: Number.NaN },
  ])('$text is day $day', ({ text, day: expected }) => {
    expect(calendarTextDay(text)).toBe(expected);
  });

  test('every text of the shape YYYY-MM-DD gives the day parseIsoDate gives, or NaN where it gives none', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (year, month, date) => {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`;
          const parsed = parseIsoDate(text);
          expect(calendarTextDay(text)).toBe(parsed ? Math.floor(parsed.ms / DAY_MS) : Number.NaN);
        },
      ),
      { numRuns: 5000 },
    );
  });

  test('the first day of a bucket is the one Date finds, for every year', () => {
    // What bucketStartDay worked out with Date: its setUTC* methods read the years 0-99 as such.
    const withDate = (d: number, bucket: DateBucket) => {
      const date = new Date(d * DAY_MS);
      const month = date.getUTCMonth();
      if (bucket === 'month') date.setUTCDate(1);
      else if (bucket === 'quarter') date.setUTCMonth(month - (month % 3), 1);
      else date.setUTCMonth(0, 1);
      return Math.round(date.getTime() / DAY_MS);
    };
    fc.assert(
      fc.property(
        // From before the year 1 to after 9999, where an offset can carry an instant.
        fc.integer({ min: -720_000, max: 2_933_000 }),
        fc.constantFrom<DateBucket>('month', 'quarter', 'year'),
        (d, bucket) => {
          expect(bucketStartDay(d, bucket, 1)).toBe(withDate(d, bucket));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
