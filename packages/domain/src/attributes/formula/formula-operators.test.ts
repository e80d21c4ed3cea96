import { describe, expect, test } from 'vitest';
import { run } from './formula-test-board';

describe('arithmetic and precedence', () => {
  test.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 * 2', 16],
    ['2 ^ 3 ^ 2', 64],
    ['-2 ^ 2', 4],
    ['10 - 4 - 3', 3],
    ['12 / 4 / 3', 1],
    ['7 % 3', 1],
    ['-7 % 3', 2],
    ['0.1 + 0.2', 0.3],
    ['=1+1', 2],
    ['+5', 5],
    ['"3" * 2', 6],
    ['TRUE + TRUE', 2],
    ['{Empty} + 1', 1],
    ['1 + 2 & "x"', '3x'],
    ['1 + 2 = 3', true],
    ['"a" & "b" = "ab"', true],
  ] as const)('%s = %j', (text, expected) => {
    expect(run(text)).toBe(expected);
  });

  test.each([
    ['1 / 0', '#DIV/0!'],
    ['5 % 0', '#DIV/0!'],
    ['0 ^ -1', '#DIV/0!'],
    ['(-8) ^ 0.5', '#NUM!'],
    ['10 ^ 400', '#NUM!'],
    ['"abc" * 2', '#VALUE!'],
    ['-"x"', '#VALUE!'],
    ['{Due} * 2', '#VALUE!'],
    ['1 / 0 + 1', '#DIV/0!'],
    ['"a" & 1 / 0', '#DIV/0!'],
  ])('%s is %s', (text, code) => {
    expect(run(text)).toMatchObject({ error: code });
  });
});

describe('comparison', () => {
  test.each([
    ['"Apple" = "apple"', true],
    ['"a" <> "b"', true],
    ['"a" != "a"', false],
    ['1 == 1', true],
    ['2 < 10', true],
    ['"2" < "10"', false],
    ['1 < "a"', true],
    ['"a" < TRUE', true],
    ['{Empty} = 0', true],
    ['{Empty} = ""', true],
    ['{Due} > "2026-03-19"', true],
    ['{Due} = DATE(2026, 3, 20)', true],
    ['{Due} <= TODAY()', false],
    ['FALSE < TRUE', true],
    ['3 >= 3', true],
  ] as const)('%s is %j', (text, expected) => {
    expect(run(text)).toBe(expected);
  });
});

describe('dates in arithmetic', () => {
  test.each([
    ['{Due} + 3', '2026-03-23'],
    ['3 + {Due}', '2026-03-23'],
    ['{Due} - 20', '2026-02-28'],
    ['{Due} - DATE(2026, 3, 1)', 19],
    ['{Due} + 0.5', '2026-03-20T12:00:00.000Z'],
    ['{Empty} + {Due}', null],
  ] as const)('%s = %j', (text, expected) => {
    expect(run(text)).toBe(expected);
  });

  test('two dates cannot be added', () => {
    expect(run('{Due} + {Due}')).toMatchObject({ error: '#VALUE!' });
  });
});
