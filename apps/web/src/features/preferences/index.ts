export { LanguageSelect } from './language-select';
export { PreferencesSync } from './preferences-sync';
export { ThemeSwitch } from './theme-switch';
export { usePreferences } from './use-preferences';
