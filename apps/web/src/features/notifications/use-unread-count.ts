import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useSession } from '../../lib/session';
import { useChannel } from '../../lib/use-channel';
import { fetchUnreadCount, NOTIFICATIONS_QUERY, UNREAD_COUNT_QUERY } from './notifications-api';

/**
 * The signed-in user's unread notifications, live: a `notification.created` on their own channel
 * (App.User.{id}) reads the count and the list again, as does a subscription that comes back after
 * the socket was down.
 */
export function useUnreadCount(): number {
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: UNREAD_COUNT_QUERY,
    queryFn: fetchUnreadCount,
    enabled: Boolean(profile),
    retry: false,
  });
  // The first subscription comes with the first read; only a later one (after the socket was
  // down) may have missed notifications.
  const subscriptions = useRef(0);
  const handlers = useMemo(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY });
    return {
      'notification.created': refresh,
      'pusher:subscription_succeeded': () => {
        subscriptions.current += 1;
        if (subscriptions.current > 1) refresh();
      },
    };
  }, [queryClient]);
  useChannel(profile ? `private-App.User.${profile.id}` : null, handlers);
  return query.data?.count ?? 0;
}
