import type { NotificationsPage } from '@strata/contracts/notifications';
import { api } from '../../lib/api';

export const NOTIFICATIONS_QUERY = ['notifications'] as const;
export const UNREAD_COUNT_QUERY = [...NOTIFICATIONS_QUERY, 'unread-count'] as const;
export const NOTIFICATION_LIST_QUERY = [...NOTIFICATIONS_QUERY, 'list'] as const;

export const fetchUnreadCount = () => api.get<{ count: number }>('/api/notifications/unread-count');

export function fetchNotifications(after: string | null): Promise<NotificationsPage> {
  const params = new URLSearchParams({ limit: '20' });
  if (after) params.set('after', after);
  return api.get<NotificationsPage>(`/api/notifications?${params}`);
}

/** Marks read or unread (spec section 8: a failure is swallowed; queued when offline). */
export function markNotifications(ids: readonly string[], read: boolean): Promise<unknown> {
  return api
    .put(`/api/notifications/${read ? 'read' : 'unread'}`, { notification_ids: ids }, { queue: true })
    .catch(() => undefined);
}

/** Read-all: everything created up to `upTo` (now) becomes read. */
export function markAllRead(upTo: Date): Promise<unknown> {
  return api
    .put('/api/notifications/read-all', { read_at: upTo.toISOString() }, { queue: true })
    .catch(() => undefined);
}
