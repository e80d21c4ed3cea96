import { describe, expect, test } from 'vitest';
import { formatDateText, isEndBeforeStart, parseDateText, parseIsoDate, zonedTimeToUtc } from './date-values';

describe('ISO values', () => {
  test.each([
    { text: '2026-03-08', out: { ms: Date.UTC(2026, 2, 8), allDay: true } },
    { text: '2024-02-29', out: { ms: Date.UTC(2024, 1, 29), allDay: true } },
    { text: '2025-02-29', out: null },
    { text: '2026-03-08T10:00:00Z', out: { ms: Date.UTC(2026, 2, 8, 10), allDay: false } },
    { text: '2026-03-08T10:00:00.250+02:00', out: { ms: Date.UTC(2026, 2, 8, 8, 0, 0, 250), allDay: false } },
    { text: '2026-03-08T10:00-0530', out: { ms: Date.UTC(2026, 2, 8, 15, 30), allDay: false } },
    { text: '2026-03-08T24:00:00Z', out: null },
    { text: '2026-03-08T10:00:00', out: null },
    { text: 'yesterday', out: null },
  ])('$text', ({ text, out }) => {
    expect(parseIsoDate(text)).toEqual(out);
  });

  test('dates are taken in the years 0001-9999 only, and a year under 100 stays that year', () => {
    expect(parseIsoDate('0000-01-01')).toBeNull();
    expect(parseIsoDate('0000-06-01T00:00:00Z')).toBeNull();
    expect(parseIsoDate('0001-01-01T00:30:00+01:00')).toBeNull(); // year 0 once in UTC
    expect(parseIsoDate('9999-12-31T23:30:00-01:00')).toBeNull(); // year 10000 once in UTC
    expect(parseDateText('0001-01-01 00:30', 'Etc/GMT-14')).toBeNull(); // UTC+14
    const early = parseIsoDate('0050-03-08');
    expect(early && new Date(early.ms).toISOString()).toBe('0050-03-08T00:00:00.000Z');
    expect(parseIsoDate('0001-01-01')).toEqual({ ms: -62_135_596_800_000, allDay: true });
    expect(parseIsoDate('9999-12-31T23:59:59Z')?.ms).toBe(253_402_300_799_000);
  });
});

test.each([
  { start: '2026-03-10', end: '2026-03-09', flagged: true },
  { start: '2026-03-10', end: '2026-03-10', flagged: false },
  { start: '2026-03-10T10:00:00Z', end: '2026-03-10T09:59:59Z', flagged: true },
  { start: '2026-03-10', end: '2026-03-10T01:00:00Z', flagged: false },
  { start: null, end: '2026-03-09', flagged: false },
  { start: 'bad', end: '2026-03-09', flagged: false },
])('end $end before start $start: $flagged', ({ start, end, flagged }) => {
  expect(isEndBeforeStart(start, end)).toBe(flagged);
});

describe('time zones', () => {
  test.each([
    { wall: [2026, 3, 29, 1, 30, 0], zone: 'Europe/Rome', iso: '2026-03-29T00:30:00.000Z' },
    { wall: [2026, 3, 29, 3, 30, 0], zone: 'Europe/Rome', iso: '2026-03-29T01:30:00.000Z' },
    { wall: [2026, 7, 1, 12, 0, 0], zone: 'America/New_York', iso: '2026-07-01T16:00:00.000Z' },
    { wall: [2026, 1, 1, 0, 0, 0], zone: 'UTC', iso: '2026-01-01T00:00:00.000Z' },
  ])('$wall in $zone is $iso', ({ wall, zone, iso }) => {
    const [y, m, d, h, mi, s] = wall as [number, number, number, number, number, number];
    expect(new Date(zonedTimeToUtc(y, m, d, h, mi, s, zone)).toISOString()).toBe(iso);
  });

  test('plain text of an instant is in the reader zone', () => {
    const instant = parseIsoDate('2026-03-08T23:30:05Z')!;
    expect(formatDateText(instant, 'Asia/Kolkata')).toBe('2026-03-09 05:00:05');
    expect(formatDateText(instant, 'America/New_York', false)).toBe('2026-03-08');
  });

  test('typed wall-clock text is read in the reader zone', () => {
    expect(parseDateText('2026-03-09 05:00:05', 'Asia/Kolkata')).toEqual(
      parseIsoDate('2026-03-08T23:30:05Z'),
    );
    expect(parseDateText('2026-03-09', 'Asia/Kolkata')).toEqual({ ms: Date.UTC(2026, 2, 9), allDay: true });
    expect(parseDateText('9 March', 'UTC')).toBeNull();
  });
});
