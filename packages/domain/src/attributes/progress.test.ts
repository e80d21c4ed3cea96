import { expect, test } from 'vitest';
import { checklistProgress, progressPercent, ratingBounds } from './progress';
import { formatDuration, parseDuration, trackedTotalSeconds } from './time-tracking';

test.each([
  { entries: [], out: { done: 0, total: 0, percent: 0 } },
  { entries: [{ done: true }, { done: false }, { done: false }], out: { done: 1, total: 3, percent: 33 } },
  { entries: [{ done: true }, { done: true }], out: { done: 2, total: 2, percent: 100 } },
])('checklist progress $out.percent%', ({ entries, out }) => {
  expect(checklistProgress(entries)).toEqual(out);
});

test.each([
  { value: 50, min: 0, max: 100, out: 50 },
  { value: 3, min: 1, max: 5, out: 50 },
  { value: 150, min: 0, max: 100, out: 100 },
  { value: -1, min: 0, max: 100, out: 0 },
  { value: null, min: 0, max: 100, out: 0 },
])('progress $value in $min..$max is $out%', ({ value, min, max, out }) => {
  expect(progressPercent(value, { min, max })).toBe(out);
});

test('rating bounds are 0 to max', () => {
  expect(ratingBounds({ max: 5 })).toEqual({ min: 0, max: 5 });
});

test('tracked total counts a running entry up to now and ignores bad spans', () => {
  const now = Date.parse('2026-03-11T10:00:00Z');
  const entries = [
    { started_at: '2026-03-11T08:00:00Z', ended_at: '2026-03-11T08:30:00Z' },
    { started_at: '2026-03-11T09:45:00Z', ended_at: null },
    { started_at: '2026-03-11T09:00:00Z', ended_at: '2026-03-11T08:00:00Z' },
    { started_at: 'garbage', ended_at: null },
  ];
  expect(trackedTotalSeconds(entries, now)).toBe(45 * 60);
});

test.each([
  { seconds: 0, text: '0:00:00' },
  { seconds: 3725, text: '1:02:05' },
  { seconds: 90_000, text: '25:00:00' },
])('duration $seconds s is $text and back', ({ seconds, text }) => {
  expect(formatDuration(seconds)).toBe(text);
  expect(parseDuration(text)).toBe(seconds);
});

test('a duration is read with or without seconds, and nothing else', () => {
  expect(parseDuration('2:30')).toBe(9000);
  expect(parseDuration('2:75')).toBeNull();
  expect(parseDuration('soon')).toBeNull();
});
