import { expect, test } from 'vitest';
import { compareVersions, isUpdateRequired } from './version';

test.each([
  ['35.0.0', '35.0.0', 0],
  ['35.0.1', '35.0.0', 1],
  ['34.9.9', '35.0.0', -1],
  ['35', '35.0.0', 0],
  ['35.10.0', '35.9.0', 1],
])('compareVersions(%s, %s) = %i', (a, b, expected) => {
  expect(compareVersions(a, b)).toBe(expected);
});

test.each([
  { client: '34.0.0', min: '35.0.0', required: true },
  { client: '35.0.0', min: '35.0.0', required: false },
  { client: '36.1.0', min: '35.0.0', required: false },
  { client: undefined, min: '35.0.0', required: false },
  { client: 'garbage', min: '35.0.0', required: false },
  { client: '1.0.0', min: undefined, required: false },
])('client $client against minimum $min -> update required $required', ({ client, min, required }) => {
  expect(isUpdateRequired(client, min)).toBe(required);
});
