import { isoToDay } from '@strata/domain/scheduling/day-numbers';
import { describe, expect, test } from 'vitest';
import { arrowPath } from './gantt-arrows';
import { timelineTicks, todayIn, weekStartOf } from './gantt-timeline';

const day = (iso: string) => isoToDay(iso)!;
const quarter = (n: number) => `Q${n}`;

describe('gantt timeline', () => {
  test.each([
    // 2026-03-04 is a Wednesday.
    { date: '2026-03-04', weekStart: 1, expected: '2026-03-02' },
    { date: '2026-03-04', weekStart: 0, expected: '2026-03-01' },
    { date: '2026-03-04', weekStart: 6, expected: '2026-02-28' },
    { date: '2026-03-02', weekStart: 1, expected: '2026-03-02' },
  ])('the week of $date starting on day $weekStart begins $expected', ({ date, weekStart, expected }) => {
    expect(weekStartOf(day(date), weekStart)).toBe(day(expected));
  });

  test('week zoom: months above, weeks below from the locale’s first day, only the days asked', () => {
    const { upper, lower } = timelineTicks(day('2026-02-25'), day('2026-03-10'), 'week', 'en-US', 1, quarter);
    expect(upper.map((tick) => tick.label)).toEqual(['February 2026', 'March 2026']);
    expect(lower.map((tick) => [tick.label, tick.last - tick.first + 1])).toEqual([
      ['Feb 23', 7],
      ['Mar 2', 7],
      ['Mar 9', 7],
    ]);
  });

  test('quarter zoom: years above quarters, each quarter its three months; Arabic month names at month zoom', () => {
    const { upper, lower } = timelineTicks(
      day('2026-11-15'),
      day('2027-02-01'),
      'quarter',
      'en-US',
      1,
      quarter,
    );
    expect(upper.map((tick) => tick.label)).toEqual(['2026', '2027']);
    expect(lower.map((tick) => [tick.label, tick.first])).toEqual([
      ['Q4', day('2026-10-01')],
      ['Q1', day('2027-01-01')],
    ]);
    const arabic = timelineTicks(day('2026-03-01'), day('2026-03-31'), 'month', 'ar', 6, quarter);
    expect(arabic.lower[0]!.label).toMatch(/[\u0600-\u06FF]/);
  });

  test('today is counted in the person’s time zone', () => {
    const instant = Date.parse('2026-03-04T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe(day('2026-03-04'));
    expect(todayIn('Asia/Tokyo', instant)).toBe(day('2026-03-05'));
    expect(todayIn('America/Los_Angeles', instant)).toBe(day('2026-03-04'));
  });
});

describe('dependency arrows', () => {
  const from = { row: 0, x: 0, width: 50 };
  test.each([
    { type: 'FS', to: { row: 2, x: 100, width: 20 }, path: 'M50 18H75V90H100' },
    { type: 'SS', to: { row: 1, x: 40, width: 20 }, path: 'M0 18H-8V54H40' },
    { type: 'FF', to: { row: 1, x: 100, width: 20 }, path: 'M50 18H58V36H128V54H120' },
    { type: 'FS', to: { row: 1, x: 20, width: 20 }, path: 'M50 18H58V36H12V54H20' },
  ])('$type to $to.x: $path', ({ type, to, path }) => {
    expect(arrowPath({ type }, from, to, 36)).toBe(path);
  });
});
