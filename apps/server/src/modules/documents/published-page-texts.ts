import { DEFAULT_LOCALE, LOCALES, type Locale } from '@strata/domain/constants';
import ar from './locales/published-page.ar.json';
import de from './locales/published-page.de.json';
import enUS from './locales/published-page.en-US.json';
import es from './locales/published-page.es.json';
import fr from './locales/published-page.fr.json';
import it from './locales/published-page.it.json';
import ko from './locales/published-page.ko.json';
import pl from './locales/published-page.pl.json';
import sr from './locales/published-page.sr.json';
import tr from './locales/published-page.tr.json';
import zh from './locales/published-page.zh.json';

type Texts = typeof enUS;

/** The published pages' few words of their own, in the language of whoever published them. */
export const PUBLISHED_PAGE_TEXTS: Record<Locale, Texts> = {
  'en-US': enUS,
  de,
  es,
  fr,
  it,
  pl,
  tr,
  ar,
  ko,
  zh,
  sr,
};

export function publishedPageTexts(locale: string): { texts: Texts; locale: Locale } {
  const known = (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE;
  return { texts: PUBLISHED_PAGE_TEXTS[known], locale: known };
}
