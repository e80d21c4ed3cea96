import { describe, expect, test } from 'vitest';
import { formatDateDisplay, formatDateInput, parseLocaleDateText, toAsciiDigits } from './date-locale';
import { formatIsoDate, parseIsoDate } from './date-values';
import { type AttributeDefinition, valueToDisplayText, valueToPlainText } from './type-registry';

const day = (iso: string) => parseIsoDate(iso)!;
const ROME = 'Europe/Rome';

/** What typed text is read as: the canonical ISO form, or null when it is refused. */
function read(text: string, locale: string, timeZone = ROME): string | null {
  const value = parseLocaleDateText(text, locale, timeZone);
  return value ? formatIsoDate(value) : null;
}

describe('typed dates are read in the locale order and as ISO', () => {
  test.each([
    // ISO in every language
    { locale: 'fr', text: '2026-11-26', out: '2026-11-26' },
    { locale: 'ar', text: '2026-11-26', out: '2026-11-26' },
    { locale: 'en-US', text: ' 2026-11-26 ', out: '2026-11-26' },
    // the locale's own order and separators
    { locale: 'fr', text: '26/11/2026', out: '2026-11-26' },
    { locale: 'en-US', text: '11/26/2026', out: '2026-11-26' },
    { locale: 'en-US', text: '3/8/2026', out: '2026-03-08' },
    { locale: 'de', text: '26.11.2026', out: '2026-11-26' },
    { locale: 'it', text: '26-11-2026', out: '2026-11-26' },
    { locale: 'es', text: '8/3/2026', out: '2026-03-08' },
    { locale: 'pl', text: '26.11.2026', out: '2026-11-26' },
    { locale: 'tr', text: '26.11.2026', out: '2026-11-26' },
    { locale: 'sr', text: '26.11.2026.', out: '2026-11-26' },
    { locale: 'zh', text: '2026/11/26', out: '2026-11-26' },
    { locale: 'zh', text: '2026年11月26日', out: '2026-11-26' },
    { locale: 'ko', text: '2026. 11. 26.', out: '2026-11-26' },
    // a two-digit year is in this century
    { locale: 'fr', text: '26/11/26', out: '2026-11-26' },
    { locale: 'en-US', text: '11/26/26', out: '2026-11-26' },
    // a four-digit year first reads year, month, day in any locale
    { locale: 'fr', text: '2026/11/26', out: '2026-11-26' },
    // Arabic: day first, Arabic-Indic or Latin digits, with the marks Intl puts in
    { locale: 'ar', text: '٢٦/١١/٢٠٢٦', out: '2026-11-26' },
    { locale: 'ar', text: '26\u200f/11\u200f/2026', out: '2026-11-26' },
    { locale: 'ar', text: '۲۶/۱۱/۲۰۲۶', out: '2026-11-26' },
    // month names, as the app shows dates
    { locale: 'fr', text: '26 nov. 2026', out: '2026-11-26' },
    { locale: 'en-US', text: 'Nov 26, 2026', out: '2026-11-26' },
    { locale: 'de', text: '26. November 2026', out: '2026-11-26' },
    { locale: 'ar', text: '٢٦ نوفمبر ٢٠٢٦', out: '2026-11-26' },
    { locale: 'it', text: '26 november 2026', out: '2026-11-26' },
    // invalid
    { locale: 'fr', text: '31/02/2026', out: null },
    { locale: 'en-US', text: '26/11/2026', out: null },
    { locale: 'de', text: '26.13.2026', out: null },
    { locale: 'fr', text: '26/11', out: null },
    { locale: 'fr', text: 'demain', out: null },
    { locale: 'fr', text: '26 blah 2026', out: null },
    { locale: 'fr', text: '26/11/20260', out: null },
    { locale: 'en-US', text: '', out: null },
    { locale: 'ar', text: '٣١/٠٢/٢٠٢٦', out: null },
  ])('$locale: "$text" is $out', ({ locale, text, out }) => {
    expect(read(text, locale)).toBe(out);
  });
});

describe('a time after the date makes an instant in the reader zone', () => {
  test.each([
    { locale: 'fr', text: '26/11/2026 14:30', out: '2026-11-26T13:30:00.000Z' },
    { locale: 'en-US', text: '11/26/2026 2:30 PM', out: '2026-11-26T13:30:00.000Z' },
    { locale: 'en-US', text: '11/26/2026, 12:05 am', out: '2026-11-25T23:05:00.000Z' },
    { locale: 'ko', text: '2026. 11. 26. 오후 2:30', out: '2026-11-26T13:30:00.000Z' },
    { locale: 'ar', text: '٢٦/١١/٢٠٢٦ ٢:٣٠ م', out: '2026-11-26T13:30:00.000Z' },
    { locale: 'de', text: '2026-11-26 14:30', out: '2026-11-26T13:30:00.000Z' },
    { locale: 'fr', text: '26/11/2026 25:00', out: null },
    { locale: 'en-US', text: '11/26/2026 13:00 PM', out: null },
  ])('$locale: "$text" is $out', ({ locale, text, out }) => {
    expect(read(text, locale)).toBe(out);
  });
});

describe('dates are shown in the reader language', () => {
  test.each([
    { locale: 'fr', out: '26 nov. 2026' },
    { locale: 'en-US', out: 'Nov 26, 2026' },
    { locale: 'de', out: '26. Nov. 2026' },
    { locale: 'ar', out: '٢٦ نوفمبر ٢٠٢٦' },
  ])('$locale shows 2026-11-26 as "$out"', ({ locale, out }) => {
    expect(formatDateDisplay(day('2026-11-26'), locale, 'Pacific/Kiritimati', false)).toBe(out);
  });

  test('an instant is shown on its day and at its time in the reader zone', () => {
    const instant = day('2026-11-26T23:30:00Z');
    expect(formatDateDisplay(instant, 'fr', ROME, true)).toBe('27 nov. 2026, 00:30');
    expect(formatDateDisplay(instant, 'fr', ROME, false)).toBe('27 nov. 2026');
  });

  test('the typed form is numeric in the locale order, and reads back to the same value', () => {
    expect(formatDateInput(day('2026-11-26'), 'fr', ROME)).toEqual({ date: '26/11/2026', time: '' });
    expect(formatDateInput(day('2026-11-26'), 'en-US', ROME)).toEqual({ date: '11/26/2026', time: '' });
    expect(formatDateInput(day('2026-11-26'), 'ar', ROME).date).toBe('٢٦/١١/٢٠٢٦');
    for (const locale of ['ar', 'de', 'en-US', 'es', 'fr', 'it', 'ko', 'pl', 'sr', 'tr', 'zh']) {
      const instant = day('2026-11-26T13:30:00Z');
      const { date, time } = formatDateInput(instant, locale, ROME);
      expect(read(`${date} ${time}`, locale), locale).toBe('2026-11-26T13:30:00.000Z');
      expect(read(formatDateDisplay(day('2026-03-08'), locale, ROME, false), locale), locale).toBe(
        '2026-03-08',
      );
    }
  });

  test('Arabic-Indic digits of both forms become ASCII digits', () => {
    expect(toAsciiDigits('٢٠٢٦ ۱۱')).toBe('2026 11');
  });
});

describe('the shown text and the plain text of date attributes', () => {
  const date: AttributeDefinition = { id: 'd', name: 'Due', type: 'date' };
  const range: AttributeDefinition = { id: 'r', name: 'Timeline', type: 'date_range' };
  const context = { locale: 'fr', timeZone: ROME };

  test('the screen shows the locale form while CSV keeps ISO', () => {
    expect(valueToDisplayText(date, '2026-11-26', context)).toBe('26 nov. 2026');
    expect(valueToPlainText(date, '2026-11-26', context)).toBe('2026-11-26');
  });

  test('a start and end date shows both sides, an empty side as nothing', () => {
    expect(valueToDisplayText(range, { start: '2026-11-26', end: null }, context)).toBe('26 nov. 2026 – ');
    expect(valueToPlainText(range, { start: '2026-11-26', end: null }, context)).toBe('2026-11-26/');
  });

  test('a formula result that is a date is shown as one; other text as it is', () => {
    const formula: AttributeDefinition = { id: 'f', name: 'Next', type: 'formula' };
    expect(valueToDisplayText(formula, '2026-11-26', context)).toBe('26 nov. 2026');
    expect(valueToDisplayText(formula, '2026-11-26T13:30:00.000Z', context)).toBe('26 nov. 2026, 14:30');
    expect(valueToDisplayText(formula, 'Ready', context)).toBe('Ready');
    expect(valueToPlainText(formula, '2026-11-26', context)).toBe('2026-11-26');
  });

  test('types without a shown form of their own show their plain text', () => {
    expect(valueToDisplayText({ id: 't', name: 'Name', type: 'text' }, 'Plan', context)).toBe('Plan');
  });
});
