import type { NotificationDto } from '@strata/contracts/notifications';
import { notificationTextKey } from '@strata/domain/notifications/notification-kinds';
import type { TFunction } from 'i18next';

/** What a notification says, in the reader's language, from the names it was written with. */
export function notificationText(t: TFunction, notification: NotificationDto): string {
  const key = notificationTextKey(notification.notification_type, notification.subscribeable_type);
  const { reaction, view_name: view } = notification.data;
  return t(`notifications.types.${key}`, {
    name: notification.created_by_name ?? t('notifications.someone'),
    item: notification.item_name || t('notifications.anItem'),
    board: notification.board_name ?? '',
    attribute: notification.attribute_name ?? '',
    template: notification.template_name ?? '',
    form: notification.form_name ?? '',
    reaction: typeof reaction === 'string' ? reaction : '',
    view: typeof view === 'string' ? view : '',
    usage: notification.usage ?? 0,
    limit: notification.limit ?? 0,
  });
}
