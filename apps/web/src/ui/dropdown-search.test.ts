import { expect, test } from 'vitest';
import { matchesOption } from './dropdown-search';

const option = { label: 'Project Status Report', synonyms: ['weekly update', 'Überblick'] };

test.each([
  ['', true],
  ['proj', true],
  ['PROJ', true],
  ['status', true],
  ['rep', true],
  ['tatus', false],
  ['port', false],
  ['weekly', true],
  ['upd', true],
  ['date', false],
  ['über', true],
  ['status rep', true],
  ['status x', false],
  ['  rep  ', true],
])('query %j -> %s', (query, expected) => {
  expect(matchesOption(option, query)).toBe(expected);
});

test('words split on punctuation too', () => {
  expect(matchesOption({ label: 'e-mail (work)' }, 'work')).toBe(true);
  expect(matchesOption({ label: 'e-mail (work)' }, 'mail')).toBe(true);
});

test('non-Latin scripts and no synonyms', () => {
  expect(matchesOption({ label: 'العربية' }, 'الع')).toBe(true);
  expect(matchesOption({ label: 'Deutsch' }, 'sch')).toBe(false);
});
