import { expect, test } from 'vitest';
import { validatorState } from './input-validator';

const isUrl = (v: string) => /^https?:\/\/\S+$/.test(v) || 'Not a valid URL format';
const isNumber = (v: string) => !Number.isNaN(Number(v));

test.each([
  { value: '', check: isUrl, state: { invalid: false } },
  { value: '   ', check: isUrl, state: { invalid: false } },
  { value: 'https://strata.test', check: isUrl, state: { invalid: false } },
  { value: 'strata', check: isUrl, state: { invalid: true, message: 'Not a valid URL format' } },
  { value: 'abc', check: isNumber, state: { invalid: true } },
  { value: '42', check: isNumber, state: { invalid: false } },
])('$value -> $state', ({ value, check, state }) => {
  expect(validatorState(value, check)).toEqual(state);
});
