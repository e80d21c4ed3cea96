import { expect, test } from 'vitest';
import { dayNumberToIso } from '../attributes/date-values';
import { isoToDay } from './day-numbers';

test.each([
  { iso: '1970-01-01', day: 0 },
  { iso: '1969-12-31', day: -1 },
  { iso: '2026-03-02', day: 20_514 },
  { iso: '2024-02-29', day: 19_782 },
  { iso: '0050-01-01', day: -701_265 },
])('$iso is day $day and back', ({ iso, day }) => {
  expect(isoToDay(iso)).toBe(day);
  expect(dayNumberToIso(day)).toBe(iso);
});

test.each(['2026-02-30', '2026-13-01', '26-03-02', '', 'tomorrow'])('%j is not a day', (text) => {
  expect(isoToDay(text)).toBeNull();
});

test('an instant counts on the date it was written with, whatever its offset', () => {
  expect(isoToDay('2026-03-08T23:30:00-05:00')).toBe(isoToDay('2026-03-08'));
  expect(isoToDay('2026-03-08T00:30:00+09:00')).toBe(isoToDay('2026-03-08'));
});
