import type { NotificationDto } from '@strata/contracts/notifications';

/**
 * Where a notification leads, with `notification={id}` so that opening it marks it read (spec
 * section 2): an item's comment opens the item on its comments with the comment highlighted; an
 * item, the item; a board, the board; anything else the home page.
 */
export function notificationTarget(notification: NotificationDto): string {
  const mark = `notification=${encodeURIComponent(notification.id)}`;
  const { board_id: board, folder_id: folder, item_id: item, comment_id: comment } = notification;
  if (board && folder && item) {
    const base = `/b/${board}/${folder}/${item}`;
    if (comment) return `${base}?t=comments&comment=${encodeURIComponent(comment)}&${mark}`;
    return `${base}?t=attributes&${mark}`;
  }
  if (board) return `/b/${board}?${mark}`;
  return `/home?${mark}`;
}
