import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useAppVars } from '../../lib/app-vars';
import { useSession } from '../../lib/session';
import { useChannel } from '../../lib/use-channel';
import { fetchUnreadCount, NOTIFICATIONS_QUERY, UNREAD_COUNT_QUERY } from './notifications-api';

/**
 * How long the first read waits for the user's channel to hold before it is made anyway (no
 * real-time connection: blocked, or off).
 */
const SUBSCRIPTION_WAIT_MS = 6_000;

/**
 * The signed-in user's unread notifications, live: a `notification.created` on their own channel
 * (App.User.{id}) reads the count and the list again.
 *
 * Channel authorisations are batched for 2 s (spec section 9), so a count read before the
 * subscription holds can miss a notification made in between. The first read therefore waits
 * for the subscription (as the stores' first catch-up does: one read per load), and any
 * subscription that comes after a read (a real-time hub that answered late, or came back after
 * the socket was down) reads again.
 */
export function useUnreadCount(): number {
  const { profile } = useSession();
  const broadcasting = useAppVars().data?.broadcasting;
  const queryClient = useQueryClient();
  const live = Boolean(profile && !profile.guest && broadcasting);
  const [subscribed, setSubscribed] = useState(false);
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    if (!live || subscribed) return;
    const timer = setTimeout(() => setWaitedEnough(true), SUBSCRIPTION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [live, subscribed]);
  const query = useQuery({
    queryKey: UNREAD_COUNT_QUERY,
    queryFn: fetchUnreadCount,
    enabled: Boolean(profile) && (!live || subscribed || waitedEnough),
    retry: false,
  });
  const handlers = useMemo(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY });
    return {
      'notification.created': refresh,
      'pusher:subscription_succeeded': () => {
        const state = queryClient.getQueryState(UNREAD_COUNT_QUERY);
        const readBefore = Boolean(state && (state.dataUpdatedAt > 0 || state.fetchStatus === 'fetching'));
        setSubscribed(true);
        if (readBefore) refresh();
      },
    };
  }, [queryClient]);
  useChannel(profile ? `private-App.User.${profile.id}` : null, handlers);
  return query.data?.count ?? 0;
}
