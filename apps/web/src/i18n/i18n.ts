import { DEFAULT_LOCALE, type Locale } from '@strata/domain/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';

/** Catalogues other than en-US load on demand, one chunk per language. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  '!./locales/en-US.json',
]);

/** i18next with the en-US catalogue built in (the fallback); every UI string comes from a catalogue. */
export function initI18n(locale: Locale = DEFAULT_LOCALE): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { [DEFAULT_LOCALE]: { translation: enUS } },
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (locale !== DEFAULT_LOCALE) void changeLocale(locale);
  return i18next;
}

/** Loads a catalogue if needed and switches the UI to it. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    const load = loaders[`./locales/${locale}.json`];
    if (load) i18next.addResourceBundle(locale, 'translation', (await load()).default, true, true);
  }
  await i18next.changeLanguage(locale);
}
