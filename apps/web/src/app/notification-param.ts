/** The query parameter that marks a notification read on any signed-in route (spec section 2). */
export const NOTIFICATION_PARAM = 'notification';

/**
 * The notification id a URL carries in `?notification=`, and the URL without it (the rest of the
 * query, in order, and the hash kept). null when there is none; an empty value is only removed.
 */
export function takeNotificationParam(
  pathname: string,
  search: string,
  hash: string,
): { id: string | null; url: string } | null {
  const query = new URLSearchParams(search);
  if (!query.has(NOTIFICATION_PARAM)) return null;
  const id = query.get(NOTIFICATION_PARAM)?.trim() || null;
  query.delete(NOTIFICATION_PARAM);
  const rest = query.toString();
  return { id, url: `${pathname}${rest ? `?${rest}` : ''}${hash}` };
}
