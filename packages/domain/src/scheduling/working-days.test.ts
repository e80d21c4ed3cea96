import { describe, expect, test } from 'vitest';
import { isoToDay } from './day-numbers';
import {
  addWorkingDays,
  countWorkingDays,
  isWorkingDay,
  type WorkingCalendar,
  weekday,
  workingTime,
} from './working-days';

const day = (iso: string) => isoToDay(iso)!;
const MON_FRI: WorkingCalendar = {};
const SUN_THU: WorkingCalendar = { workingWeekdays: [0, 1, 2, 3, 4] };

test.each([
  { iso: '1970-01-01', weekday: 4 },
  { iso: '1969-12-28', weekday: 0 },
  { iso: '2026-03-02', weekday: 1 },
  { iso: '2026-03-07', weekday: 6 },
  { iso: '1900-01-01', weekday: 1 },
])('$iso is weekday $weekday', ({ iso, weekday: expected }) => {
  expect(weekday(day(iso))).toBe(expected);
});

describe('working days', () => {
  test.each([
    { iso: '2026-03-06', calendar: MON_FRI, working: true },
    { iso: '2026-03-07', calendar: MON_FRI, working: false },
    { iso: '2026-03-08', calendar: MON_FRI, working: false },
    { iso: '2026-03-06', calendar: SUN_THU, working: false },
    { iso: '2026-03-08', calendar: SUN_THU, working: true },
    { iso: '2026-03-07', calendar: null, working: true },
  ])('$iso with $calendar is working: $working', ({ iso, calendar, working }) => {
    expect(isWorkingDay(day(iso), calendar)).toBe(working);
  });

  test.each([
    { start: '2026-03-02', end: '2026-03-06', calendar: MON_FRI, count: 5 },
    { start: '2026-03-02', end: '2026-03-08', calendar: MON_FRI, count: 5 },
    { start: '2026-03-06', end: '2026-03-09', calendar: MON_FRI, count: 2 },
    { start: '2026-03-07', end: '2026-03-08', calendar: MON_FRI, count: 0 },
    { start: '2026-03-02', end: '2026-03-31', calendar: MON_FRI, count: 22 },
    { start: '2026-03-06', end: '2026-03-09', calendar: null, count: 4 },
    { start: '2026-03-09', end: '2026-03-06', calendar: MON_FRI, count: 0 },
    { start: '1969-12-29', end: '1970-01-04', calendar: MON_FRI, count: 5 },
  ])('$start to $end holds $count working days', ({ start, end, calendar, count }) => {
    expect(countWorkingDays(day(start), day(end), calendar)).toBe(count);
  });

  test.each([
    { from: '2026-03-05', count: 1, calendar: MON_FRI, to: '2026-03-06' },
    { from: '2026-03-05', count: 2, calendar: MON_FRI, to: '2026-03-09' },
    { from: '2026-03-06', count: 5, calendar: MON_FRI, to: '2026-03-13' },
    { from: '2026-03-07', count: 0, calendar: MON_FRI, to: '2026-03-09' },
    { from: '2026-03-09', count: -1, calendar: MON_FRI, to: '2026-03-06' },
    { from: '2026-03-05', count: 1, calendar: SUN_THU, to: '2026-03-08' },
    { from: '2026-03-05', count: 2, calendar: null, to: '2026-03-07' },
    { from: '1970-01-02', count: -5, calendar: MON_FRI, to: '1969-12-26' },
  ])('$count working days after $from is $to', ({ from, count, calendar, to }) => {
    expect(addWorkingDays(day(from), count, calendar)).toBe(day(to));
  });

  test('numbering and its inverse agree on every working day, before and after 1970', () => {
    const time = workingTime({ workingWeekdays: [2, 6] });
    for (let d = -30; d < 30; d++) {
      if (!isWorkingDay(d, { workingWeekdays: [2, 6] })) continue;
      expect(time.day(time.index(d))).toBe(d);
      expect(time.index(d + 1)).toBe(time.index(d) + 1);
    }
  });

  test('a calendar without a working weekday is refused', () => {
    expect(() => workingTime({ workingWeekdays: [] })).toThrow(
      'A calendar needs at least one working weekday.',
    );
  });
});
