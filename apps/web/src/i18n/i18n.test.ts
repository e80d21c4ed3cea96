import i18next from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { changeLocale, initI18n } from './i18n';

beforeAll(() => {
  initI18n();
});

describe('changing the language', () => {
  test('the last language asked for wins, even when an earlier one is still loading its catalogue', async () => {
    // The device's Arabic is asked for first (its catalogue loads), then the profile's English.
    const arabic = changeLocale('ar');
    const english = changeLocale('en-US');
    await Promise.all([arabic, english]);
    expect(i18next.language).toBe('en-US');
    expect(i18next.hasResourceBundle('ar', 'translation')).toBe(true);
  });

  test('a language asked for alone is applied once its catalogue has loaded', async () => {
    await changeLocale('fr');
    expect(i18next.language).toBe('fr');
    await changeLocale('en-US');
    expect(i18next.language).toBe('en-US');
  });
});
