import { expect, test } from 'vitest';
import { isValidEmail, normaliseEmail, splitEmails } from './emails';

test.each([
  ['a@b.co', true],
  ['first.last+tag@example.org', true],
  ['no-at-sign', false],
  ['two@@example.org', false],
  ['space in@example.org', false],
  ['a@nodot', false],
  [`${'x'.repeat(250)}@b.co`, false],
])('isValidEmail(%s) = %s', (email, valid) => {
  expect(isValidEmail(email)).toBe(valid);
});

test.each([
  ['a@b.co, c@d.co', ['a@b.co', 'c@d.co']],
  ['a@b.co c@d.co', ['a@b.co', 'c@d.co']],
  ['a@b.co\nc@d.co\r\n e@f.co', ['a@b.co', 'c@d.co', 'e@f.co']],
  [' , ,\n', []],
])('splitEmails(%j) separates on commas, spaces and new lines', (text, parts) => {
  expect(splitEmails(text)).toEqual(parts);
});

test('emails are normalised to trimmed lower case', () => {
  expect(normaliseEmail('  Ann@Example.ORG ')).toBe('ann@example.org');
});
