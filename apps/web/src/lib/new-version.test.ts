import { describe, expect, test } from 'vitest';
import { decideNewAppVersion, forcedReloadDelayMs } from './new-version';

describe('forced reload delay', () => {
  test.each([
    [0, 60_000],
    [0.5, 110_000],
    [0.99999, 159_999],
  ])('random %s waits %s ms (60 to 160 s)', (random, ms) => {
    expect(forcedReloadDelayMs(() => random)).toBe(ms);
  });
});

describe('NewAppVersion for a 1.2.0 build', () => {
  test.each([
    {
      case: 'a newer version',
      payload: { data: { version: '1.3.0', force: false } },
      flag: '1.3.0',
      reload: null,
    },
    {
      case: 'a newer forced version',
      payload: { data: { version: '2.0.0', force: true } },
      flag: '2.0.0',
      reload: 60_000,
    },
    {
      case: 'the same version, forced',
      payload: { data: { version: '1.2.0', force: true } },
      flag: null,
      reload: null,
    },
    {
      case: 'an older version',
      payload: { data: { version: '1.1.9', force: true } },
      flag: null,
      reload: null,
    },
    { case: 'no version', payload: { data: { force: true } }, flag: null, reload: null },
    { case: 'nothing', payload: null, flag: null, reload: null },
  ])('$case: flag $flag, reload after $reload', ({ payload, flag, reload }) => {
    expect(decideNewAppVersion(payload, '1.2.0', () => 0)).toEqual({ flag, reloadAfterMs: reload });
  });
});
