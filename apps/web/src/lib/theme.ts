export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'strata.theme';

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

/**
 * Light and dark set `data-theme` on <html>; system removes it and the stylesheet follows
 * prefers-color-scheme. The choice is cached so the page's head script (head/theme-init.js)
 * applies it before the first paint.
 */
export function applyTheme(preference: ThemePreference): void {
  const root = document.documentElement;
  if (preference === 'system') delete root.dataset.theme;
  else root.dataset.theme = preference;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // storage unavailable: the theme still applies to this page
  }
}

export function storedTheme(): ThemePreference {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(value) ? value : 'system';
  } catch {
    return 'system';
  }
}
