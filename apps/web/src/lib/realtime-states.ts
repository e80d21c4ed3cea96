/** What a pusher-js connection state change tells the app's connection state (connection.ts). */
export type RealtimeSignal = 'reconnected' | 'disconnected';

const LOST = new Set(['unavailable', 'failed', 'disconnected']);

/**
 * Connected (again) is a return. Unavailable, failed or disconnected is a loss, and so is
 * connected → connecting: the socket closed and pusher-js is trying again, which it reports as
 * unavailable only after its own 10 s. The loss is a hint (connection.ts waits 3 s before calling
 * the app offline), so a reconnect within that time shows nothing, while a real drop shows the
 * offline badge in seconds, before the person tries to change anything.
 */
export function signalOfStateChange(previous: string, current: string): RealtimeSignal | null {
  if (current === 'connected') return 'reconnected';
  if (LOST.has(current) || (previous === 'connected' && current === 'connecting')) return 'disconnected';
  return null;
}
