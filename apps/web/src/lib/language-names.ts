import type { Locale } from '@strata/domain/constants';

/** A language's name in `inLanguage` (its autonym when both are the same), capitalised as a title. */
export function languageName(locale: Locale, inLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1);
  } catch {
    return locale;
  }
}
