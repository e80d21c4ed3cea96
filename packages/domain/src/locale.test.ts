import { describe, expect, test } from 'vitest';
import { firstDayOfWeek, isRtl, matchLocale, resolveLocale } from './locale';

describe('the UI language', () => {
  test.each([
    { profile: 'de', browser: ['fr-FR'], locale: 'de' },
    { profile: null, browser: ['fr-FR', 'de'], locale: 'fr' },
    { profile: undefined, browser: ['xx', 'ko-KR'], locale: 'ko' },
    { profile: 'klingon', browser: ['pt-BR'], locale: 'en-US' },
    { profile: null, browser: ['en-GB'], locale: 'en-US' },
    { profile: null, browser: ['zh-Hans-CN'], locale: 'zh' },
    { profile: null, browser: ['sr-Latn-RS'], locale: 'sr' },
    { profile: null, browser: [], locale: 'en-US' },
  ])('profile $profile, browser $browser -> $locale', ({ profile, browser, locale }) => {
    expect(resolveLocale(profile, browser)).toBe(locale);
  });

  test('matching is case-insensitive and exact before base language', () => {
    expect(matchLocale('EN-us')).toBe('en-US');
    expect(matchLocale('ar_EG')).toBe('ar');
    expect(matchLocale('')).toBeUndefined();
  });
});

test.each([
  ['ar', true],
  ['ar-EG', true],
  ['he', true],
  ['fa-IR', true],
  ['ur', true],
  ['en-US', false],
  ['tr', false],
])('isRtl(%s) = %s', (tag, rtl) => {
  expect(isRtl(tag)).toBe(rtl);
});

describe('the first day of the week', () => {
  test.each([
    { locale: 'en-US', start: null, day: 0 },
    { locale: 'de', start: null, day: 1 },
    { locale: 'fr', start: undefined, day: 1 },
    { locale: 'ar', start: null, day: 6 },
    { locale: 'ko', start: null, day: 0 },
    { locale: 'en-GB', start: null, day: 1 },
    { locale: 'en-US', start: 1, day: 1 },
    { locale: 'de', start: 0, day: 0 },
    { locale: 'de', start: 9, day: 1 },
  ])('$locale with start_of_week $start -> $day', ({ locale, start, day }) => {
    expect(firstDayOfWeek(locale, start)).toBe(day);
  });
});
