import { useEffect, useRef } from 'react';
import { useAppVars } from './app-vars';
import { type ChannelHandlers, listen } from './realtime';
import { useSession } from './session';

/**
 * Listens to a real-time channel while the component is mounted. Guests get no real-time
 * subscriptions (spec section 6); handlers may change between renders without resubscribing.
 */
export function useChannel(channelName: string | null, handlers: ChannelHandlers): void {
  const broadcasting = useAppVars().data?.broadcasting;
  const { profile } = useSession();
  const latest = useRef(handlers);
  latest.current = handlers;
  const canListen = Boolean(profile && !profile.guest);
  const events = Object.keys(handlers).sort().join(',');

  useEffect(() => {
    if (!channelName || !broadcasting || !canListen) return;
    const bound = Object.fromEntries(
      events.split(',').map((event) => [event, (data: unknown) => latest.current[event]?.(data)]),
    );
    return listen(broadcasting, channelName, bound);
  }, [channelName, broadcasting, canListen, events]);
}
