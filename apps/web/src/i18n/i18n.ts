import { DEFAULT_LOCALE } from '@strata/domain/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';

export const resources = { 'en-US': { translation: enUS } } as const;

/** i18next with the catalogues; every string the UI shows comes from them. */
export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
