import { LOCALE_STORAGE_KEY } from './document-locale';
import { THEME_STORAGE_KEY } from './theme';

/**
 * What this device keeps for whoever uses it next: the language and theme last shown (so the
 * sign-in page after a sign-out looks as the app did) and the layout chosen for this screen
 * (`strata.layout.*`: sidebar and panel sizes). Everything else in storage is the user's.
 */
const DEVICE_KEYS: ReadonlySet<string> = new Set([LOCALE_STORAGE_KEY, THEME_STORAGE_KEY]);
const DEVICE_PREFIXES: readonly string[] = ['strata.layout.'];

export const isDeviceKey = (key: string): boolean =>
  DEVICE_KEYS.has(key) || DEVICE_PREFIXES.some((prefix) => key.startsWith(prefix));

/**
 * Clears what a signed-in user left in `storage` (tokens, the kept profile, view settings, ...)
 * and keeps the device's own preferences. Spec section 8 has sign-out clear local storage; the
 * language and theme are the device's, not the account's, so they stay.
 */
export function clearUserStorage(storage: Storage): void {
  const kept: [string, string][] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    const value = key === null ? null : storage.getItem(key);
    if (key !== null && value !== null && isDeviceKey(key)) kept.push([key, value]);
  }
  storage.clear();
  for (const [key, value] of kept) storage.setItem(key, value);
}
