import { describe, expect, test } from 'vitest';
import { formatNumber, parseNumberText } from './number-format';

// Intl puts narrow no-break spaces in some locales: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatNumber', () => {
  test.each([
    { value: 1234.5, settings: {}, locale: 'en-US', out: '1,234.5' },
    { value: 1234.5, settings: { thousandsSeparator: false }, locale: 'en-US', out: '1234.5' },
    { value: 1234.5, settings: { decimals: 2 }, locale: 'de', out: '1.234,50' },
    { value: 0.125, settings: { decimals: 1 }, locale: 'en-US', out: '0.1' },
    { value: 1234.5, settings: { format: 'currency', currency: 'EUR' }, locale: 'it', out: '1.234,50 €' },
    {
      value: 1234.5,
      settings: { format: 'currency', currency: 'USD', decimals: 0 },
      locale: 'en-US',
      out: '$1,235',
    },
    { value: 25, settings: { format: 'percent' }, locale: 'en-US', out: '25%' },
    { value: 12.5, settings: { format: 'percent', decimals: 1 }, locale: 'fr', out: '12,5 %' },
    { value: -3, settings: {}, locale: 'en-US', out: '-3' },
  ] as const)('$value with $settings in $locale -> $out', ({ value, settings, locale, out }) => {
    expect(plain(formatNumber(value, settings, locale))).toBe(out);
  });

  test('an unknown currency code falls back instead of breaking the table', () => {
    expect(formatNumber(5, { format: 'currency', currency: 'ZZZZ' as string }, 'en-US')).toContain('5');
  });
});

describe('parseNumberText', () => {
  test.each([
    { text: '1,234.5', locale: 'en-US', out: 1234.5 },
    { text: '1.234,5', locale: 'de', out: 1234.5 },
    { text: '1 234,5', locale: 'fr', out: 1234.5 },
    { text: '1234.5', locale: 'de', out: 1234.5 },
    { text: '1.234', locale: 'de', out: 1234 },
    { text: '$12.00', locale: 'en-US', out: 12 },
    { text: '12,00 €', locale: 'it', out: 12 },
    { text: '25%', locale: 'en-US', out: 25 },
    { text: '-3', locale: 'en-US', out: -3 },
    { text: '(3)', locale: 'en-US', out: -3 },
    { text: "1'234.5", locale: 'en-US', out: 1234.5 },
    { text: '', locale: 'en-US', out: null },
    { text: 'abc', locale: 'en-US', out: null },
    { text: '1.2.3', locale: 'en-US', out: null },
  ])('$text in $locale -> $out', ({ text, locale, out }) => {
    expect(parseNumberText(text, locale)).toBe(out);
  });
});
