import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NOTIFICATIONS_QUERY } from '../features/notifications/notifications-api';
import { api } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { takeNotificationParam } from './notification-param';

/**
 * `?notification=<id>` on a signed-in route (spec section 2): marks that notification read (a
 * plain update, queued when offline; failures are swallowed, section 8) and removes the
 * parameter with a replace navigation, keeping the rest of the query, the hash and the state.
 */
export function useNotificationParam(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const taken = takeNotificationParam(location.pathname, location.search, location.hash);
    if (!taken) return;
    // Once per id: a re-run before the replace lands does not send it twice.
    if (taken.id && sent.current !== taken.id) {
      sent.current = taken.id;
      api
        .put('/api/notifications/read', { notification_ids: [taken.id] }, { queue: true })
        // The bell and the list follow.
        .then(() => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY }))
        .catch(() => {});
    }
    void navigate(taken.url, { replace: true, state: location.state });
  }, [location, navigate]);
}
