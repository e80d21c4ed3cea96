/** Spec section 9: after the connection returns, the sync waits a random time up to 420 s. */
export const RANDOM_SYNC_DELAY_MAX_MS = 420_000;

/**
 * How long a browser `offline` or a real-time disconnect must last before the app calls itself
 * disconnected (the spec only says "after a delay"). 3 s absorbs the flaps that are not outages —
 * a Wi-Fi hand-over, a VPN or network switch, a laptop waking, the real-time socket's own quick
 * reconnect — so they show no toast and start no sync. Longer would leave the app claiming to be
 * connected while every save waits on a dead network; and a request that gets no answer at all
 * disconnects at once anyway, so the delay only ever applies to hints, never to proof.
 */
export const DISCONNECT_DELAY_MS = 3_000;

/** Spec section 4: the 'Connected' and 'Syncing' toasts show for 5 s. */
export const CONNECTION_TOAST_MS = 5_000;

/** A toast to show; the UI picks the words for `kind` from its catalogue. */
export interface ConnectionToast {
  kind: 'connected' | 'syncing';
  durationMs: number;
}

export interface ConnectionStateOptions<Timer> {
  setTimer(callback: () => void, ms: number): Timer;
  clearTimer(timer: Timer): void;
  /** A number in [0, 1), as `Math.random`: spreads the syncs of every client after an outage. */
  random(): number;
  disconnectDelayMs?: number;
  /** The state before any signal, `navigator.onLine` in the browser (default true). */
  isInitiallyConnected?: boolean;
  onChange(isConnected: boolean): void;
  /** The sync after a return (retry the failed requests, reload what changed); handles its own failures. */
  onReturn(): void;
  onToast(toast: ConnectionToast): void;
}

export interface ConnectionState {
  browserOnline(): void;
  browserOffline(): void;
  realtimePong(): void;
  realtimeReconnected(): void;
  realtimeDisconnected(): void;
  /** A request got an answer; only a non-GET one proves the server is reachable. */
  requestSucceeded(method: string): void;
  /** A request got no answer at all (not a cancellation, not an error status). */
  networkFailed(): void;
  isConnected(): boolean;
  dispose(): void;
}

/** Reads can be answered by the service worker's cache, so they prove nothing about the network. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The connection state of spec section 4, framework-agnostic so that the browser events, the
 * real-time client and the HTTP client can all feed it. Connected on any sign of life; disconnected
 * after `disconnectDelayMs` of browser or real-time silence, or at once when a request got no
 * answer (that is proof, not a hint). Each return from disconnected shows 'Connected' at once and
 * schedules one sync after a random wait, so that thousands of clients coming back from the same
 * outage do not reload at the same second; the sync is skipped if the connection is lost again by
 * then, and the next return schedules it anew.
 */
export function createConnectionState<Timer>(options: ConnectionStateOptions<Timer>): ConnectionState {
  const delayMs = options.disconnectDelayMs ?? DISCONNECT_DELAY_MS;
  let isConnected = options.isInitiallyConnected ?? true;
  let isDisposed = false;
  let disconnectTimer: { timer: Timer } | null = null;
  let syncTimer: { timer: Timer } | null = null;

  function cancelDisconnect() {
    if (!disconnectTimer) return;
    options.clearTimer(disconnectTimer.timer);
    disconnectTimer = null;
  }

  function connect() {
    if (isDisposed) return;
    cancelDisconnect();
    if (isConnected) return;
    isConnected = true;
    options.onChange(true);
    options.onToast({ kind: 'connected', durationMs: CONNECTION_TOAST_MS });
    // A sync already waiting (the connection flapped) keeps its turn: one sync per outage.
    if (syncTimer) return;
    const waitMs = Math.floor(Math.min(Math.max(options.random(), 0), 1) * RANDOM_SYNC_DELAY_MAX_MS);
    syncTimer = { timer: options.setTimer(sync, waitMs) };
  }

  function sync() {
    syncTimer = null;
    if (isDisposed || !isConnected) return;
    options.onToast({ kind: 'syncing', durationMs: CONNECTION_TOAST_MS });
    options.onReturn();
  }

  function disconnect() {
    if (isDisposed) return;
    cancelDisconnect();
    if (!isConnected) return;
    isConnected = false;
    options.onChange(false);
  }

  function disconnectLater() {
    // Already disconnected, or already counting down: a second hint must not postpone the first.
    if (isDisposed || !isConnected || disconnectTimer) return;
    disconnectTimer = { timer: options.setTimer(disconnect, delayMs) };
  }

  return {
    browserOnline: connect,
    browserOffline: disconnectLater,
    realtimePong: connect,
    realtimeReconnected: connect,
    realtimeDisconnected: disconnectLater,
    requestSucceeded(method) {
      if (READ_METHODS.has(method.toUpperCase())) return;
      connect();
    },
    networkFailed: disconnect,
    isConnected: () => isConnected,
    dispose() {
      isDisposed = true;
      cancelDisconnect();
      if (syncTimer) options.clearTimer(syncTimer.timer);
      syncTimer = null;
    },
  };
}
