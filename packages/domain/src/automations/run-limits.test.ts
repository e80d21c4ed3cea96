import { describe, expect, it } from 'vitest';
import { loopStop, MAX_CHAIN_DEPTH, MAX_RUNS_PER_ITEM_PER_MINUTE, switchesOff } from './loop-guard';
import { crossedLevel, mayAddAutomation, mayRun, runPeriod, runsLevel } from './run-limits';

describe('run limits', () => {
  it.each<[number, number | null, string]>([
    [0, 250, 'ok'],
    [199, 250, 'ok'],
    [200, 250, 'warning'],
    [249, 250, 'warning'],
    [250, 250, 'exceeded'],
    [300, 250, 'exceeded'],
    [7, 10, 'ok'],
    [8, 10, 'warning'],
    [10, 10, 'exceeded'],
    [0, 0, 'exceeded'],
    [1_000_000, null, 'ok'],
  ])('%i of %s runs: %s', (used, limit, level) => {
    expect(runsLevel(used, limit)).toBe(level);
  });

  it.each<[number, number, number | null, string | null]>([
    [198, 199, 250, null],
    [199, 200, 250, 'warning'],
    [200, 201, 250, null],
    [249, 250, 250, 'exceeded'],
    [250, 251, 250, null],
    [7, 10, 10, 'exceeded'],
    [5, 6, null, null],
  ])('from %i to %i of %s: crosses %s', (before, after, limit, level) => {
    expect(crossedLevel(before, after, limit)).toBe(level);
  });

  it('lets a run go ahead below the limit only', () => {
    expect([mayRun(249, 250), mayRun(250, 250), mayRun(10 ** 9, null)]).toEqual([true, false, true]);
  });

  it('counts automations of a board against the plan and the cap', () => {
    expect([
      mayAddAutomation(9, 10, 100),
      mayAddAutomation(10, 10, 100),
      mayAddAutomation(99, null, 100),
      mayAddAutomation(100, null, 100),
    ]).toEqual([true, false, true, false]);
  });

  it.each<[string, string, string, string]>([
    ['2026-11-29T10:00:00Z', '2026-11', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['2027-01-01T00:00:00Z', '2027-01', '2027-01-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z'],
    ['2028-02-29T12:00:00Z', '2028-02', '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
  ])('%s falls in %s', (at, key, start, end) => {
    const period = runPeriod(new Date(at));
    expect([period.key, period.start.toISOString(), period.end.toISOString()]).toEqual([key, start, end]);
  });
});

describe('loop guard', () => {
  it.each<[number, number, string | null]>([
    [0, 0, null],
    [MAX_CHAIN_DEPTH - 1, 0, null],
    [MAX_CHAIN_DEPTH, 0, 'chain_too_deep'],
    [1, MAX_RUNS_PER_ITEM_PER_MINUTE - 1, null],
    [1, MAX_RUNS_PER_ITEM_PER_MINUTE, 'too_frequent'],
  ])('depth %i, %i recent runs: %s', (depth, recent, stop) => {
    expect(loopStop(depth, recent)).toBe(stop);
  });

  it('switches off on the fifth failure in a row', () => {
    expect([0, 3, 4].map(switchesOff)).toEqual([false, false, true]);
  });
});
