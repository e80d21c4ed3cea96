import { expect, test } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates';

const instant = new Date('2026-03-08T23:30:05.000Z');

test.each([
  { zone: 'UTC', date: '2026-03-08', time: '23:30:05' },
  { zone: 'Europe/Rome', date: '2026-03-09', time: '00:30:05' },
  { zone: 'America/New_York', date: '2026-03-08', time: '19:30:05' },
  { zone: 'Asia/Kolkata', date: '2026-03-09', time: '05:00:05' },
])('in $zone: $date $time', ({ zone, date, time }) => {
  expect(formatDate(instant, zone)).toBe(date);
  expect(formatTime(instant, zone)).toBe(time);
  expect(formatDateTime(instant, zone)).toBe(`${date} ${time}`);
});

test('midnight is 00, not 24', () => {
  expect(formatTime(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('00:00:00');
});
