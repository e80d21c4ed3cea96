import { expect, test } from 'vitest';
import { signalOfStateChange } from './realtime-states';

test.each([
  { previous: 'initialized', current: 'connecting', signal: null },
  { previous: 'connecting', current: 'connected', signal: 'reconnected' },
  // The socket closed under a connected app: pusher-js tries again at once.
  { previous: 'connected', current: 'connecting', signal: 'disconnected' },
  // Still trying after the first failure: already told.
  { previous: 'unavailable', current: 'connecting', signal: null },
  { previous: 'connecting', current: 'unavailable', signal: 'disconnected' },
  { previous: 'connecting', current: 'failed', signal: 'disconnected' },
  { previous: 'connected', current: 'disconnected', signal: 'disconnected' },
  { previous: 'unavailable', current: 'connected', signal: 'reconnected' },
])('$previous -> $current: $signal', ({ previous, current, signal }) => {
  expect(signalOfStateChange(previous, current)).toBe(signal);
});
