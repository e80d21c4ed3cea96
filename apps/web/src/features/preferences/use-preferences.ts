import type { Locale } from '@strata/domain/constants';
import { useCallback } from 'react';
import { changeLocale } from '../../i18n/i18n';
import { applyDocumentLocale } from '../../lib/document-locale';
import { useSession } from '../../lib/session';
import { applyTheme, type ThemePreference } from '../../lib/theme';
import { useUpdateProfile } from '../../lib/use-update-profile';

/** Changing language or theme: saved in the profile when signed in, on this device otherwise. */
export function usePreferences() {
  const { isSignedIn } = useSession();
  const update = useUpdateProfile();

  const setLocale = useCallback(
    (locale: Locale) => {
      applyDocumentLocale(locale);
      void changeLocale(locale);
      if (isSignedIn) update.mutate({ locale });
    },
    [isSignedIn, update],
  );

  const setTheme = useCallback(
    (theme: ThemePreference) => {
      applyTheme(theme);
      if (isSignedIn) update.mutate({ preferences: { theme } });
    },
    [isSignedIn, update],
  );

  return { setLocale, setTheme, isSaving: update.isPending, error: update.error };
}
