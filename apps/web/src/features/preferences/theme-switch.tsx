import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session';
import { isThemePreference, storedTheme, type ThemePreference } from '../../lib/theme';
import styles from './preferences.module.css';
import { usePreferences } from './use-preferences';

const THEMES: ThemePreference[] = ['light', 'dark', 'system'];

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const { setTheme } = usePreferences();
  const current = isThemePreference(profile?.preferences.theme) ? profile.preferences.theme : storedTheme();
  return (
    <fieldset className={styles.themes} aria-label={t('theme.label')}>
      {THEMES.map((theme) => (
        <button key={theme} type="button" aria-pressed={current === theme} onClick={() => setTheme(theme)}>
          {t(`theme.${theme}`)}
        </button>
      ))}
    </fieldset>
  );
}
