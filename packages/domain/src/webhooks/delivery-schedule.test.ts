import { describe, expect, test } from 'vitest';
import { delayBeforeAttempt, disableReason, FAILING_DISABLE_MS, isDelivered } from './delivery-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the Standard Webhooks retry schedule', () => {
  test.each([
    [1, 0],
    [2, 5_000],
    [3, 5 * MINUTE],
    [4, 30 * MINUTE],
    [5, 2 * HOUR],
    [6, 5 * HOUR],
    [7, 10 * HOUR],
    [8, 10 * HOUR],
    [9, null],
    [0, null],
    [1.5, null],
  ])('attempt %d waits %s ms', (attempt, delay) => {
    expect(delayBeforeAttempt(attempt)).toBe(delay);
  });
});

describe('what an answer is', () => {
  test.each([
    [200, true],
    [204, true],
    [299, true],
    [301, false],
    [302, false],
    [304, false],
    [400, false],
    [410, false],
    [500, false],
    [0, false],
  ])('%d delivered: %s', (status, delivered) => {
    expect(isDelivered(status)).toBe(delivered);
  });
});

describe('when a hook is switched off', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  test.each([
    [410, null, 'gone'],
    [410, ago(HOUR), 'gone'],
    [500, null, null],
    [500, ago(FAILING_DISABLE_MS - 1), null],
    [500, ago(FAILING_DISABLE_MS), 'failing'],
    [null, ago(6 * 24 * HOUR), 'failing'],
    [null, ago(HOUR), null],
  ] as const)('status %s, failing since %s: %s', (status, since, reason) => {
    expect(disableReason(status, since, now)).toBe(reason);
  });
});
