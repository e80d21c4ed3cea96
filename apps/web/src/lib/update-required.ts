import { compareVersions } from '@strata/domain/version';

/** The version this build was made from (the server package's, injected by Vite). */
export const BUILD_VERSION: string = __APP_VERSION__;
const STORAGE_KEY = 'strata.update-required';
/** How often the running app compares itself with the server's app.version. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The update-required flag, kept in storage by the version that required it: a reload into a
 * build at or above that version clears it (spec section 4).
 */
export function updateRequiredVersion(): string | null {
  try {
    const version = window.localStorage.getItem(STORAGE_KEY);
    if (version && compareVersions(BUILD_VERSION, version) >= 0) {
      window.localStorage.removeItem(STORAGE_KEY);
      return null;
    }
    return version;
  } catch {
    return null;
  }
}

export function markUpdateRequired(version: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, version);
  } catch {
    // without storage the banner still shows for this page
  }
  for (const listener of listeners) listener();
}

export function subscribeUpdateRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A server announcing another version than this build's means the app should update. */
export function isNewerServer(serverVersion: string): boolean {
  return compareVersions(serverVersion, BUILD_VERSION) > 0;
}

/**
 * Flags a version announced by the service worker (a waiting or newly active worker's build)
 * when it is newer than this build; an equal or older one is not an update.
 */
export function flagNewerVersion(version: string): void {
  if (isNewerServer(version)) markUpdateRequired(version);
}
