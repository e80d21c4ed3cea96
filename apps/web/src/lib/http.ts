import { CLIENT_VERSION } from '@strata/domain/constants';
import { createHttpClient } from '@strata/sync/http-client';
import { memoryTokenStore, webStorageTokenStore } from '@strata/sync/token-store';
import i18next from 'i18next';
import { connectionSignals } from './connection';
import { takeEarlyRead } from './early-reads';
import { IS_EMBEDDED } from './embed-mode';
import { currentPasswordConfirmation } from './password-confirmation';
import { isPreviewMode } from './preview-mode';
import { markUpdateRequired } from './update-required';

/** The session kept on this device; an embedded public board keeps none (lib/embed-mode.ts). */
export const tokenStore = IS_EMBEDDED ? memoryTokenStore() : webStorageTokenStore(window.localStorage);

const sessionListeners = new Set<() => void>();

/** Called when the server refuses to refresh the session (signed out elsewhere, expired). */
export function onSessionExpired(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/**
 * The HTTP client without the offline queue: what `api` (api.ts) sends through, and what the
 * queue's replays use. It sits below both, so the queue never imports `api`.
 */
export const http = createHttpClient({
  clientVersion: CLIENT_VERSION,
  tokens: tokenStore,
  passwordConfirmation: currentPasswordConfirmation,
  onUpdateRequired: markUpdateRequired,
  previewMessage: () => (isPreviewMode() ? i18next.t('errors.previewMode') : null),
  onForceReload: () => window.location.reload(),
  onSessionExpired: () => {
    for (const listener of sessionListeners) listener();
  },
  onRequestSucceeded: (method) => connectionSignals.requestSucceeded(method),
  onNoAnswer: () => connectionSignals.networkFailed(),
  // Offline, the service worker answers reads from what it cached (docs/pwa.md).
  readsOffline: () => navigator.serviceWorker?.controller != null,
  takeEarlyResponse: takeEarlyRead,
});
