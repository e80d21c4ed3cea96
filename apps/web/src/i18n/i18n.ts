import { DEFAULT_LOCALE, type Locale } from '@strata/domain/constants';
import i18next from 'i18next';
import type { CataloguePart } from './catalogue-parts';
import enUSShell from './locales/en-US.json?part=shell';

/** Catalogues other than en-US load on demand, one chunk per language, each whole. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  '!./locales/en-US.json',
]);

/** The sections of the English catalogue that come with the screens using them (catalogue-parts.ts). */
const englishParts: Record<CataloguePart, () => Promise<{ default: Record<string, unknown> }>> = {
  views: () => import('./locales/en-US.json?part=views'),
  notifications: () => import('./locales/en-US.json?part=notifications'),
  palette: () => import('./locales/en-US.json?part=palette'),
  permissions: () => import('./locales/en-US.json?part=permissions'),
  forms: () => import('./locales/en-US.json?part=forms'),
  developer: () => import('./locales/en-US.json?part=developer'),
};
const partsLoaded = new Map<CataloguePart, Promise<void>>();

/** i18next with the first-load part of en-US built in (the fallback); every UI string comes from a catalogue. */
export function initI18n(locale: Locale = DEFAULT_LOCALE): typeof i18next {
  void i18next.init({
    resources: { [DEFAULT_LOCALE]: { translation: enUSShell } },
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (locale !== DEFAULT_LOCALE) void changeLocale(locale);
  return i18next;
}

/**
 * Adds a part of the English catalogue (a screen that uses it awaits this before it shows).
 * Other languages' catalogues are loaded whole, so they hold every part already.
 */
export function loadCataloguePart(part: CataloguePart): Promise<void> {
  let loading = partsLoaded.get(part);
  if (!loading) {
    loading = englishParts[part]().then((module) => {
      i18next.addResourceBundle(DEFAULT_LOCALE, 'translation', module.default, true, true);
    });
    loading.catch(() => partsLoaded.delete(part));
    partsLoaded.set(part, loading);
  }
  return loading;
}

/** The language asked for last: a catalogue that finishes loading after a later ask is not applied. */
let requestedLocale: Locale | undefined;

/**
 * Loads a catalogue if needed and switches the UI to it. The last call wins: the device's language
 * asked for at start, whose catalogue is still loading when the profile's arrives, must not
 * switch the texts back to it (the document's direction follows the profile's).
 */
export async function changeLocale(locale: Locale): Promise<void> {
  requestedLocale = locale;
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    const load = loaders[`./locales/${locale}.json`];
    if (load) i18next.addResourceBundle(locale, 'translation', (await load()).default, true, true);
  }
  if (requestedLocale !== locale) return;
  await i18next.changeLanguage(locale);
}
