import type { NotificationDto } from '@strata/contracts/notifications';
import type { TFunction } from 'i18next';

/** The catalogue key (under `notifications.types`) of each notification type of spec section 3. */
const TYPE_KEYS: Record<string, string> = {
  CommentCreatedNotification: 'commentCreated',
  MentionedInCommentNotification: 'mentioned',
  CommentReactionCreatedNotification: 'reaction',
  AddedToMembersAttributeNotification: 'addedToMembers',
  UserSubscribedNotification: 'subscribed',
  FormSubmittedNotification: 'formSubmitted',
  TemplateSharedNotification: 'templateShared',
  AutomationItemNotification: 'automationItem',
  AutomationBoardNotification: 'automationBoard',
  AutomationRunsWarningNotification: 'automationWarning',
  AutomationRunsExceededNotification: 'automationExceeded',
  StorageWarningNotification: 'storageWarning',
  StorageExceededNotification: 'storageExceeded',
};

/** What a notification says, in the reader's language, from the names it was written with. */
export function notificationText(t: TFunction, notification: NotificationDto): string {
  const key = TYPE_KEYS[notification.notification_type] ?? 'other';
  const reaction = notification.data.reaction;
  return t(`notifications.types.${key}`, {
    name: notification.created_by_name ?? t('notifications.someone'),
    item: notification.item_name || t('notifications.anItem'),
    board: notification.board_name ?? '',
    attribute: notification.attribute_name ?? '',
    template: notification.template_name ?? '',
    form: notification.form_name ?? '',
    reaction: typeof reaction === 'string' ? reaction : '',
    usage: notification.usage ?? 0,
    limit: notification.limit ?? 0,
  });
}
