import { describe, expect, test } from 'vitest';
import {
  changeScheduleEvery,
  changeTiming,
  nextRun,
  offsetText,
  rruleOf,
  rruleProblem,
  timeOfDayText,
  timingOf,
  toggleWeekday,
  weekdaysOf,
} from './schedule-draft';

describe('a schedule in the builder', () => {
  test('another frequency keeps the time; a week starts on Monday, a month on its 1st', () => {
    const daily = { every: 'day' as const, at: '07:15' };
    expect(changeScheduleEvery(daily, 'week')).toEqual({ every: 'week', at: '07:15', weekdays: [1] });
    expect(changeScheduleEvery(daily, 'month')).toEqual({ every: 'month', at: '07:15', day: 1 });
    expect(changeScheduleEvery(null, 'day')).toEqual({ every: 'day', at: '09:00' });
    expect(changeScheduleEvery(daily, 'day')).toBe(daily);
  });

  test('a custom rule starts from the schedule as it was', () => {
    expect(changeScheduleEvery({ every: 'week', at: '08:30', weekdays: [1, 5] }, 'rrule')).toEqual({
      every: 'rrule',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,FR;BYHOUR=8;BYMINUTE=30',
    });
    expect(rruleOf({ every: 'month', at: '12:00', day: 31 })).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=31;BYHOUR=12;BYMINUTE=0',
    );
    expect(changeScheduleEvery({ every: 'rrule', rrule: 'FREQ=DAILY' }, 'day')).toEqual({
      every: 'day',
      at: '09:00',
    });
  });

  test('weekdays toggle in week order, and the last one stays on', () => {
    expect(toggleWeekday([1], 5)).toEqual([1, 5]);
    expect(toggleWeekday([5, 1], 0)).toEqual([0, 1, 5]);
    expect(toggleWeekday([1, 5], 1)).toEqual([5]);
    expect(toggleWeekday([1], 1)).toEqual([1]);
  });

  test('a rule is checked as the server reads it', () => {
    expect(rruleProblem('FREQ=WEEKLY;BYDAY=MO')).toBeUndefined();
    expect(rruleProblem('RRULE:FREQ=DAILY;BYHOUR=9;BYMINUTE=0')).toBeUndefined();
    expect(rruleProblem('every monday')).toBe('RRULE');
    expect(rruleProblem('FREQ=WEEKLY;BYDAY=XX')).toBe('RRULE');
    expect(rruleProblem('  ')).toBe('REQUIRED');
  });

  test('the week starts on the locale’s or the profile’s first day, named in the language', () => {
    expect(weekdaysOf('en-US', 0).map((day) => day.name)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(weekdaysOf('de', 1).map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdaysOf('de', 1)[0]).toEqual({ day: 1, name: 'Montag', short: 'Mo' });
  });

  test('times of day and offsets are written as the locale writes them', () => {
    expect(timeOfDayText('08:30', 'en-US')).toBe('8:30 AM');
    expect(timeOfDayText('08:30', 'de')).toBe('08:30');
    expect(offsetText({ amount: 1, unit: 'days', direction: 'before' }, 'en-US')).toBe('1 day');
    expect(offsetText({ amount: 2, unit: 'hours', direction: 'after' }, 'de')).toBe('2 Stunden');
  });

  test('"on the day" is an offset of 0; before or after starts at one', () => {
    const onTheDay = { amount: 0, unit: 'days' as const, direction: 'before' as const };
    expect(timingOf(onTheDay)).toBe('on');
    expect(changeTiming(onTheDay, 'after')).toEqual({ amount: 1, unit: 'days', direction: 'after' });
    expect(changeTiming({ amount: 3, unit: 'hours', direction: 'after' }, 'before')).toEqual({
      amount: 3,
      unit: 'hours',
      direction: 'before',
    });
    expect(changeTiming({ amount: 3, unit: 'hours', direction: 'after' }, 'on')).toMatchObject({ amount: 0 });
  });

  test('the next run is counted in the zone of the one who made it', () => {
    // Sunday 29 November 2026, 12:00 UTC: the next Monday 09:00 in Berlin is 08:00 UTC.
    const now = new Date('2026-11-29T12:00:00Z');
    const weekly = { every: 'week' as const, at: '09:00', weekdays: [1] };
    expect(nextRun(weekly, now, 'Europe/Berlin')?.toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(nextRun(weekly, now, 'UTC')?.toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(nextRun({ every: 'day', at: '' }, now, 'UTC')).toBeNull();
    expect(nextRun({ every: 'rrule', rrule: 'nonsense' }, now, 'UTC')).toBeNull();
  });
});
