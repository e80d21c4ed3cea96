import { resolveLocale } from '@strata/domain/locale';
import { useEffect } from 'react';
import { changeLocale } from '../../i18n/i18n';
import { applyDocumentLocale, storedLocale } from '../../lib/document-locale';
import { useSession } from '../../lib/session';
import { applyTheme, isThemePreference, storedTheme } from '../../lib/theme';

/**
 * Keeps the document in step with the user's preferences: the profile's language and theme when
 * signed in; before that the last choice on this device, else the browser's language.
 */
export function PreferencesSync() {
  const { profile } = useSession();
  const locale = resolveLocale(profile?.locale ?? storedLocale(), navigator.languages ?? []);
  const theme = profile?.preferences.theme;

  useEffect(() => {
    applyDocumentLocale(locale);
    void changeLocale(locale);
  }, [locale]);

  useEffect(() => {
    applyTheme(isThemePreference(theme) ? theme : storedTheme());
  }, [theme]);

  return null;
}
