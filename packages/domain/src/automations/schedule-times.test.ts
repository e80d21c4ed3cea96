import { describe, expect, it } from 'vitest';
import type { Schedule } from './recipe';
import { dateFireTime, nextScheduleTime } from './schedule-times';

const at = (iso: string) => new Date(iso);
const ANCHOR = at('2026-11-01T00:00:00Z');

describe('nextScheduleTime', () => {
  it.each<[string, Schedule, string, string, string | null]>([
    [
      'daily, later today',
      { every: 'day', at: '09:00' },
      '2026-11-30T08:00:00Z',
      'UTC',
      '2026-11-30T09:00:00.000Z',
    ],
    [
      'daily, exactly at the time: the next day',
      { every: 'day', at: '09:00' },
      '2026-11-30T09:00:00Z',
      'UTC',
      '2026-12-01T09:00:00.000Z',
    ],
    [
      'daily in Paris (UTC+1 in winter)',
      { every: 'day', at: '09:00' },
      '2026-11-30T07:00:00Z',
      'Europe/Paris',
      '2026-11-30T08:00:00.000Z',
    ],
    [
      'daily in Paris across the spring change',
      { every: 'day', at: '09:00' },
      '2026-03-28T09:00:00Z',
      'Europe/Paris',
      '2026-03-29T07:00:00.000Z',
    ],
    [
      'daily in Tokyo, the wall time there has passed today: the next day',
      { every: 'day', at: '08:00' },
      '2026-11-30T23:30:00Z',
      'Asia/Tokyo',
      '2026-12-01T23:00:00.000Z',
    ],
    [
      'weekly on Mondays',
      { every: 'week', at: '08:30', weekdays: [1] },
      '2026-11-26T12:00:00Z',
      'UTC',
      '2026-11-30T08:30:00.000Z',
    ],
    [
      'weekly on Tuesday and Friday',
      { every: 'week', at: '17:00', weekdays: [2, 5] },
      '2026-12-01T18:00:00Z',
      'UTC',
      '2026-12-04T17:00:00.000Z',
    ],
    [
      'monthly on the 1st',
      { every: 'month', at: '06:00', day: 1 },
      '2026-11-15T00:00:00Z',
      'UTC',
      '2026-12-01T06:00:00.000Z',
    ],
    [
      'monthly on the 31st, in a 30-day month',
      { every: 'month', at: '06:00', day: 31 },
      '2026-11-15T00:00:00Z',
      'UTC',
      '2026-11-30T06:00:00.000Z',
    ],
    [
      'monthly on the 31st, February',
      { every: 'month', at: '06:00', day: 31 },
      '2027-02-01T00:00:00Z',
      'UTC',
      '2027-02-28T06:00:00.000Z',
    ],
    [
      'an RRULE every 2 weeks on Wednesday, counted from the week it was switched on',
      { every: 'rrule', rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;BYHOUR=10;BYMINUTE=0;BYSECOND=0' },
      '2026-11-01T00:00:00Z',
      'UTC',
      '2026-11-11T10:00:00.000Z',
    ],
    [
      'the same RRULE after its first time',
      { every: 'rrule', rrule: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;BYHOUR=10;BYMINUTE=0;BYSECOND=0' },
      '2026-11-11T10:00:00Z',
      'UTC',
      '2026-11-25T10:00:00.000Z',
    ],
    [
      'an RRULE in New York wall time',
      { every: 'rrule', rrule: 'FREQ=DAILY;BYHOUR=9;BYMINUTE=0;BYSECOND=0' },
      '2026-11-30T15:00:00Z',
      'America/New_York',
      '2026-12-01T14:00:00.000Z',
    ],
    [
      'an RRULE that has ended',
      { every: 'rrule', rrule: 'FREQ=DAILY;COUNT=2' },
      '2026-12-01T00:00:00Z',
      'UTC',
      null,
    ],
    [
      'an RRULE that does not parse',
      { every: 'rrule', rrule: 'FREQ=SOMETIMES' },
      '2026-12-01T00:00:00Z',
      'UTC',
      null,
    ],
  ])('%s', (_name, schedule, after, zone, expected) => {
    expect(nextScheduleTime(schedule, at(after), zone, ANCHOR)?.toISOString() ?? null).toBe(expected);
  });
});

describe('dateFireTime', () => {
  const none = { amount: 0, unit: 'days', direction: 'before' } as const;
  it.each<[string, unknown, Parameters<typeof dateFireTime>[1], string, string, string | null]>([
    ['a date at 09:00 UTC', '2026-12-10', none, '09:00', 'UTC', '2026-12-10T09:00:00.000Z'],
    ['a date at 09:00 in Paris', '2026-12-10', none, '09:00', 'Europe/Paris', '2026-12-10T08:00:00.000Z'],
    [
      'a day before',
      '2026-12-10',
      { amount: 1, unit: 'days', direction: 'before' },
      '09:00',
      'UTC',
      '2026-12-09T09:00:00.000Z',
    ],
    [
      '2 hours after a time',
      '2026-12-10T15:30:00Z',
      { amount: 2, unit: 'hours', direction: 'after' },
      '09:00',
      'UTC',
      '2026-12-10T17:30:00.000Z',
    ],
    [
      '30 minutes before a time (its own time, not `at`)',
      '2026-12-10T15:30:00+01:00',
      { amount: 30, unit: 'minutes', direction: 'before' },
      '09:00',
      'UTC',
      '2026-12-10T14:00:00.000Z',
    ],
    [
      'a range by its start',
      { start: '2026-12-10', end: '2026-12-12' },
      none,
      '08:00',
      'UTC',
      '2026-12-10T08:00:00.000Z',
    ],
    ['no date', null, none, '09:00', 'UTC', null],
    ['not a date', 'soon', none, '09:00', 'UTC', null],
  ])('%s', (_name, data, offset, time, zone, expected) => {
    expect(dateFireTime(data, offset, time, zone)?.toISOString() ?? null).toBe(expected);
  });
});
