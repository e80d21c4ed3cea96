import i18next from 'i18next';
import enUS from '../i18n/locales/en-US.json';

/** For tests: i18next with the en-US catalogue, as the screens read their texts. */
export function initTestI18n() {
  return i18next.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false },
  });
}
