import type { AppVars } from '@strata/contracts/app-vars';
import { createChannelAuthorizer, type MultiAuthAnswer } from '@strata/sync/channel-authorizer';
import type Pusher from 'pusher-js';
import { api } from './api';
import { connectionSignals } from './connection';
import { signalOfStateChange } from './realtime-states';

type Broadcasting = AppVars['broadcasting'];
export type ChannelHandlers = Record<string, (data: unknown) => void>;

/** Channel authorisations of all subscriptions, 2 s batches through multi-auth. */
const authorizer = createChannelAuthorizer({
  request: (socketId, channelNames) =>
    api.post<MultiAuthAnswer>('/api/broadcasting/multi-auth', { socketId, channelNames }),
});

let connection: Promise<Pusher> | null = null;
/** How many subscribers each channel has: the last one to leave unsubscribes. */
const listeners = new Map<string, number>();

/** pusher-js states, as a return or a loss (realtime-states.ts). */
function handleStateChange({ previous, current }: { previous: string; current: string }): void {
  const signal = signalOfStateChange(previous, current);
  if (signal === 'reconnected') connectionSignals.realtimeReconnected();
  else if (signal === 'disconnected') connectionSignals.realtimeDisconnected();
}

/** The hub's answer to pusher-js's activity check (a ping after a quiet spell): a sign of life. */
function handleMessage(message: { event?: string }): void {
  if (message.event === 'pusher:pong') connectionSignals.realtimePong();
}

/** One Pusher connection to our hub, opened the first time something subscribes (pusher-js loads then). */
function connect(broadcasting: Broadcasting): Promise<Pusher> {
  connection ??= import('pusher-js').then(({ default: PusherClient }) => {
    const pusher = new PusherClient(broadcasting.key, {
      cluster: 'strata',
      wsHost: broadcasting.host,
      wsPort: broadcasting.port,
      wssPort: broadcasting.port,
      forceTLS: window.location.protocol === 'https:',
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      channelAuthorization: {
        endpoint: '/api/broadcasting/multi-auth',
        transport: 'ajax',
        customHandler: ({ socketId, channelName }, callback) => {
          authorizer.authorize(socketId, channelName).then(
            (auth) => callback(null, auth),
            (error: Error) => callback(error, null),
          );
        },
      },
    });
    pusher.connection.bind('state_change', handleStateChange);
    pusher.connection.bind('message', handleMessage);
    return pusher;
  });
  return connection;
}

/**
 * Listens to events on a channel until the returned function is called. Private channels are
 * authorised by the server: a refusal leaves the subscription silent.
 */
export function listen(
  broadcasting: Broadcasting,
  channelName: string,
  handlers: ChannelHandlers,
): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  void connect(broadcasting).then((pusher) => {
    if (stopped) return;
    // A channel left by its last listener while its authorisation was pending stays listed,
    // cancelled: pusher-js drops it once authorised unless subscribe() reinstates it.
    const listed = pusher.channel(channelName);
    const channel = listed && !listed.subscriptionCancelled ? listed : pusher.subscribe(channelName);
    listeners.set(channelName, (listeners.get(channelName) ?? 0) + 1);
    for (const [event, handler] of Object.entries(handlers)) channel.bind(event, handler);
    stop = () => {
      for (const [event, handler] of Object.entries(handlers)) channel.unbind(event, handler);
      const left = (listeners.get(channelName) ?? 1) - 1;
      if (left > 0) listeners.set(channelName, left);
      else {
        listeners.delete(channelName);
        pusher.unsubscribe(channelName);
      }
    };
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Closes the connection (signing out): the next subscription opens a new one for the next user. */
export function disconnectRealtime(): void {
  const current = connection;
  connection = null;
  listeners.clear();
  void current?.then((pusher) => {
    // Closing on purpose is no loss of connection.
    pusher.connection.unbind('state_change', handleStateChange);
    pusher.connection.unbind('message', handleMessage);
    pusher.disconnect();
  });
}
