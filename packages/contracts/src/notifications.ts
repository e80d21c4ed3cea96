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

export const itemFollowersPath = '/api/:teamId/items/:id/followers';

/** At most this many people are subscribed to an item in one request. */
export const ITEM_SUBSCRIBE_MAX = 50;

/** Subscribe people to an item: each then follows it (and is told so, UserSubscribedNotification). */
export const itemSubscribeBody = z.object({
  user_ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(ITEM_SUBSCRIBE_MAX),
});

/** Who follows an item and sees it, by id, in ascending order. */
export const itemFollowersAnswer = z.object({ user_ids: z.array(z.number().int()) });

/** The caller's following of a folder view (`GET`, `PUT` with itemFollowBody's `{ following }`). */
export const viewFollowPath = '/api/:teamId/views/:viewId/follow';

/** Who follows a folder view (`GET`), and subscribing people to it (`POST` with itemSubscribeBody). */
export const viewFollowersPath = '/api/:teamId/views/:viewId/followers';

export const notificationPreferencesPath = '/api/me/notification-preferences';

/** Whether one kind of notification is also mailed, and pushed to the person's devices. */
export const notificationPreferenceSchema = z.object({
  notification_type: z.enum(NOTIFICATION_TYPES),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** Every kind, in the order of NOTIFICATION_TYPES. */
export const notificationPreferencesAnswer = z.object({ preferences: z.array(notificationPreferenceSchema) });

/** A change of one kind: `email`, `push` or both (what is left out stays as it is). */
export const notificationPreferenceChangeSchema = z
  .object({
    notification_type: z.enum(NOTIFICATION_TYPES),
    email: z.boolean().optional(),
    push: z.boolean().optional(),
  })
  .refine((entry) => entry.email !== undefined || entry.push !== undefined, {
    message: 'Give email, push or both.',
  });
export type NotificationPreferenceChange = z.infer<typeof notificationPreferenceChangeSchema>;

/** The kinds to change: each at most once. */
export const notificationPreferencesBody = z.object({
  preferences: z
    .array(notificationPreferenceChangeSchema)
    .min(1)
    .max(NOTIFICATION_TYPES.length)
    .refine((list) => new Set(list.map((entry) => entry.notification_type)).size === list.length, {
      message: 'Each notification type may be listed once.',
    }),
});

export const pushPaths = {
  /** `POST` saves the caller's device token, `DELETE` removes it (spec section 7). */
  deviceTokens: '/api/notifications/device-tokens',
  /** The server's VAPID public key, for `PushManager.subscribe`. */
  publicKey: '/api/notifications/push-key',
  /** Whether a pushed notification is still unread: the service worker asks before showing it. */
  state: '/api/notifications/push-state',
} as const;

/** The length in bytes of an unpadded base64url text. */
const base64urlBytes = (text: string) => Math.floor((text.replace(/=+$/, '').length * 3) / 4);
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** A browser's key: base64url of `bytes` bytes (browsers leave the padding out). */
const base64urlKey = (
  name: string,
  bytes: number,
  extra?: { test: (text: string) => boolean; message: string },
) =>
  z
    .string({ error: `${name} is required.` })
    .max(200, { error: `${name} must be base64url of ${bytes} bytes.` })
    .refine((text) => BASE64URL.test(text) && base64urlBytes(text) === bytes && text.length % 4 !== 1, {
      message: `${name} must be base64url of ${bytes} bytes.`,
    })
    .refine((text) => extra?.test(text) ?? true, { message: extra?.message ?? '' });

/** The push service's address: an absolute http(s) URL (the server narrows it further). */
const pushEndpoint = z
  .string({ error: 'endpoint is required.' })
  .max(1000, { error: 'endpoint may not be longer than 1000 characters.' })
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { message: 'endpoint must be an https URL.' },
  );

/**
 * A device token: the browser's `PushSubscription.toJSON()` (its endpoint, and the keys payloads
 * are encrypted for).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, the first 0x04 (base64url 'B').
      p256dh: base64urlKey('keys.p256dh', 65, {
        test: (text) => text.startsWith('B'),
        message: 'keys.p256dh must be an uncompressed P-256 public key.',
      }),
      auth: base64urlKey('keys.auth', 16),
    },
    { error: 'keys (p256dh and auth) are required.' },
  ),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** `POST /api/notifications/device-tokens`: saves (or takes over) this browser's subscription. */
export const deviceTokenBody = z.object({
  token: z.object(pushSubscriptionSchema.shape, {
    error: 'token is required: the browser’s push subscription (PushSubscription.toJSON()).',
  }),
});

/** `DELETE /api/notifications/device-tokens`: the subscription to forget (its endpoint is enough). */
export const deviceTokenDeleteBody = z.object({
  token: z.object({ endpoint: pushEndpoint }, { error: 'token is required: the subscription’s endpoint.' }),
});

export const deviceTokenSavedAnswer = z.object({ ok: z.literal(true) });

/** `removed` is false when the caller had no such token (another person's is never touched). */
export const deviceTokenRemovedAnswer = z.object({ ok: z.literal(true), removed: z.boolean() });

export const pushKeyAnswer = z.object({ public_key: z.string() });

/**
 * What a push carries to the service worker: the notification's id, its text in the recipient's
 * language, where clicking it leads, and `check`, the signed capability with which the worker
 * (which holds no session) asks whether it is still unread.
 */
export const pushPayloadSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  check: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** `GET /api/notifications/push-state?id=&check=`: anonymous, the push's `check` is the permission. */
export const pushStateQuery = z.object({
  id: z.uuid({ error: 'id must be the id of a notification.' }),
  check: z.string().min(1).max(200),
});
export const pushStateAnswer = z.object({ unread: z.boolean() });

/**
 * The signed, anonymous link of every notification mail (`GET` shows a confirmation page, `POST`
 * turns notification mail off: RFC 8058 one-click). `u` the person, `e` when the link expires
 * (Unix seconds), `s` the signature.
 */
export const unsubscribePath = '/api/unsubscribe';
export const unsubscribeQuery = z.object({
  u: z.string().max(20).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(200).optional(),
});
