import type { Locale } from '@strata/domain/constants';

const names = new Map<string, string>();

/**
 * A language's name in `inLanguage` (its autonym when both are the same), capitalised as a title.
 * Remembered once asked: the first `Intl.DisplayNames` of a page loads the browser's language
 * names (tens of milliseconds), so callers on a first screen ask only when they show one.
 */
export function languageName(locale: Locale, inLanguage: string): string {
  const key = `${locale} ${inLanguage}`;
  let name = names.get(key);
  if (name === undefined) {
    name = displayName(locale, inLanguage);
    names.set(key, name);
  }
  return name;
}

function displayName(locale: Locale, inLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1);
  } catch {
    return locale;
  }
}
