/** The subscribeable_type of a notification about a folder view (spec section 3: "item or folder view"). */
export const VIEW_SUBSCRIBEABLE_TYPE = 'folder_view';

/** What a notification's link is made of (the fields of spec section 3, as the API names them). */
export interface NotificationLinkFields {
  id: string;
  board_id: string | null;
  folder_id: string | null;
  item_id: string | null;
  comment_id: string | null;
  subscribeable_type: string | null;
  subscribeable_id: string | null;
  notification_type?: string;
}

/** The automation runs' limit notifications: they open the board's automations on their usage. */
const RUNS_NOTIFICATION_TYPES: ReadonlySet<string> = new Set([
  'AutomationRunsWarningNotification',
  'AutomationRunsExceededNotification',
]);

/**
 * Where a notification leads in the web app, with `notification={id}` so that opening it marks it
 * read (spec section 2): an item's comment opens the item on its comments with the comment
 * highlighted; an item, the item; a folder view, the folder on that view; the automation runs'
 * limit, the board's automations on their usage (the folder route's `usage=automations`); a
 * board, the board; anything else the home page. The bell, the mail and the push notification lead alike.
 */
export function notificationPath(notification: NotificationLinkFields): string {
  const mark = `notification=${encodeURIComponent(notification.id)}`;
  const { board_id: board, folder_id: folder, item_id: item, comment_id: comment } = notification;
  if (board && folder && item) {
    const base = `/b/${board}/${folder}/${item}`;
    if (comment) return `${base}?t=comments&comment=${encodeURIComponent(comment)}&${mark}`;
    return `${base}?t=attributes&${mark}`;
  }
  if (
    board &&
    folder &&
    notification.subscribeable_type === VIEW_SUBSCRIBEABLE_TYPE &&
    notification.subscribeable_id
  )
    return `/b/${board}/${folder}?view=${encodeURIComponent(notification.subscribeable_id)}&${mark}`;
  if (board && RUNS_NOTIFICATION_TYPES.has(notification.notification_type ?? ''))
    return `/b/${board}?usage=automations&${mark}`;
  if (board) return `/b/${board}?${mark}`;
  return `/home?${mark}`;
}
