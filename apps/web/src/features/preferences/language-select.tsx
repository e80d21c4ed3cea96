import { LOCALES, type Locale } from '@strata/domain/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './preferences.module.css';
import { usePreferences } from './use-preferences';

/** Each language is offered under its own name (its autonym). */
function autonym(locale: Locale): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

export function LanguageSelect({ showLabel = true }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const { setLocale } = usePreferences();
  const id = useId();
  return (
    <span className={styles.picker}>
      <label htmlFor={id} className={showLabel ? undefined : 'visually-hidden'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={i18n.language}
        onChange={(event) => setLocale(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {autonym(locale)}
          </option>
        ))}
      </select>
    </span>
  );
}
