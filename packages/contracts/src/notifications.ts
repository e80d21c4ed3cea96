import { z } from 'zod';
import { isoDateTime } from './common';

export const notificationPaths = {
  list: '/api/notifications',
  unreadCount: '/api/notifications/unread-count',
  read: '/api/notifications/read',
  unread: '/api/notifications/unread',
  readAll: '/api/notifications/read-all',
} as const;

/** The notification types of spec section 3. */
export const NOTIFICATION_TYPES = [
  'AddedToMembersAttributeNotification',
  'CommentCreatedNotification',
  'CommentReactionCreatedNotification',
  'MentionedInCommentNotification',
  'FormSubmittedNotification',
  'TemplateSharedNotification',
  'AutomationItemNotification',
  'AutomationBoardNotification',
  'AutomationRunsWarningNotification',
  'AutomationRunsExceededNotification',
  'StorageExceededNotification',
  'StorageWarningNotification',
  'UserSubscribedNotification',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification is about, for subscriptions: an item or a folder view. */
export const SUBSCRIBEABLE_TYPES = ['item', 'folder_view'] as const;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
/** read and unread take at most this many ids at once. */
export const NOTIFICATION_IDS_MAX = 500;

/** The notification of spec section 3. The display names are copied when it is created. */
export const notificationSchema = z.object({
  id: z.string(),
  notification_type: z.string(),
  item_id: z.string().nullable(),
  folder_id: z.string().nullable(),
  board_id: z.string().nullable(),
  comment_id: z.string().nullable(),
  template_id: z.string().nullable(),
  team_id: z.number().int().nullable(),
  subscribeable_type: z.string().nullable(),
  subscribeable_id: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_by_name: z.string().nullable(),
  board_name: z.string().nullable(),
  attribute_name: z.string().nullable(),
  item_name: z.string().nullable(),
  template_name: z.string().nullable(),
  form_name: z.string().nullable(),
  body: z.string().nullable(),
  usage: z.number().nullable(),
  limit: z.number().nullable(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_PAGE_SIZE}.`;

/** `?after=<cursor>&unread=1&limit=N`: `after` is the opaque cursor of the previous page. */
export const notificationsQuery = z.object({
  after: z.string().min(1).max(200).optional(),
  unread: z
    .enum(['1', 'true', '0', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, { error: LIMIT_MESSAGE })
    .default(NOTIFICATIONS_PAGE_SIZE),
});

/** One page, newest first. Ask again with `after` while `has_more`; `after` is null on the last page. */
export const notificationsPage = z.object({
  data: z.array(notificationSchema),
  has_more: z.boolean(),
  after: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

export const unreadCountResponse = z.object({ count: z.number().int() });

export const notificationIdsBody = z.object({
  notification_ids: z.array(z.uuid()).min(1).max(NOTIFICATION_IDS_MAX),
});

/** read / unread / read-all: `updated` counts the caller's notifications that changed state. */
export const notificationsUpdatedResponse = z.object({
  ok: z.literal(true),
  updated: z.number().int(),
});

export const readAllBody = z.object({ read_at: isoDateTime });

export const itemFollowPath = '/api/:teamId/items/:id/follow';

/** Follow an item (its comments are notified) or stop following it. */
export const itemFollowBody = z.object({ following: z.boolean() });

/** Whether the caller follows the item: by hand, or by creating it, being in its members or commenting. */
export const itemFollowAnswer = z.object({ following: z.boolean() });

export const notificationPreferencesPath = '/api/me/notification-preferences';

/** Whether one kind of notification is also mailed (spec section 3's types; the bell always has it). */
export const notificationPreferenceSchema = z.object({
  notification_type: z.enum(NOTIFICATION_TYPES),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** Every kind, in the order of NOTIFICATION_TYPES. */
export const notificationPreferencesAnswer = z.object({ preferences: z.array(notificationPreferenceSchema) });

/** The kinds to change: each at most once. */
export const notificationPreferencesBody = z.object({
  preferences: z
    .array(notificationPreferenceSchema)
    .min(1)
    .max(NOTIFICATION_TYPES.length)
    .refine((list) => new Set(list.map((entry) => entry.notification_type)).size === list.length, {
      message: 'Each notification type may be listed once.',
    }),
});
