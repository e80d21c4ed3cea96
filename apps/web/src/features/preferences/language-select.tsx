import { LOCALES, type Locale } from '@strata/domain/constants';
import { useTranslation } from '../../i18n/use-translation';
import { languageName } from '../../lib/language-names';
import { Dropdown, type DropdownOption } from '../../ui/dropdown';
import styles from './preferences.module.css';
import { usePreferences } from './use-preferences';

/** Each language under its own name (its autonym), findable by its English name and code too. */
const OPTIONS: DropdownOption<Locale>[] = LOCALES.map((locale) => ({
  value: locale,
  label: languageName(locale, locale),
  synonyms: [languageName(locale, 'en'), locale],
  lang: locale,
}));

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { setLocale } = usePreferences();
  return (
    <span className={styles.picker}>
      <span aria-hidden="true">{t('language.label')}</span>
      <Dropdown
        label={t('language.label')}
        options={OPTIONS}
        value={(LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : null}
        onChange={setLocale}
        searchable
        compact={compact}
      />
    </span>
  );
}
