import type { Locale } from '@strata/domain/constants';
import { isRtl } from '@strata/domain/locale';

export const LOCALE_STORAGE_KEY = 'strata.locale';

/** `lang` and `dir` on <html>: the whole layout mirrors through logical CSS properties. */
export function applyDocumentLocale(locale: Locale): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = isRtl(locale) ? 'rtl' : 'ltr';
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage may be unavailable (private mode): the choice then lasts for this page only
  }
}

export function storedLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}
