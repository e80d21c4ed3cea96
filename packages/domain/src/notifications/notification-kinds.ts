import { VIEW_SUBSCRIBEABLE_TYPE } from './notification-path';

/**
 * The key of each notification type of spec section 3 in the texts that word it (the web app's
 * `notifications.types` and the notification mail's `types`); types without one use `other`.
 */
export const NOTIFICATION_TEXT_KEYS = {
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
} as const;

export type NotificationTextKey =
  | (typeof NOTIFICATION_TEXT_KEYS)[keyof typeof NOTIFICATION_TEXT_KEYS]
  | 'other';

/**
 * The text key of a notification type; a subscription to a folder view (subscribeable_type
 * `folder_view`) is worded apart from one to an item.
 */
export function notificationTextKey(
  type: string,
  subscribeableType: string | null = null,
): NotificationTextKey | 'subscribedView' {
  if (type === 'UserSubscribedNotification' && subscribeableType === VIEW_SUBSCRIBEABLE_TYPE)
    return 'subscribedView';
  return (NOTIFICATION_TEXT_KEYS as Record<string, NotificationTextKey>)[type] ?? 'other';
}
