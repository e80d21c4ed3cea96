import type { NotificationDto } from '@strata/contracts/notifications';
import { notificationPath } from '@strata/domain/notifications/notification-path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enUS from '../../i18n/locales/en-US.json';
import { notificationText } from './notification-text';

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

const base: NotificationDto = {
  id: 'n1',
  notification_type: 'CommentCreatedNotification',
  item_id: 'i1',
  folder_id: 'f1',
  board_id: 'b1',
  comment_id: 'c1',
  template_id: null,
  team_id: 1,
  subscribeable_type: 'item',
  subscribeable_id: 'i1',
  read_at: null,
  created_at: '2026-11-27T07:00:00.000Z',
  data: {},
  created_by_name: 'Ada',
  board_name: 'Roadmap',
  attribute_name: null,
  item_name: 'Launch plan',
  template_name: null,
  form_name: null,
  body: 'hello',
  usage: null,
  limit: null,
};

describe('notificationText', () => {
  it.each([
    [{}, 'Ada commented on Launch plan'],
    [{ notification_type: 'MentionedInCommentNotification' }, 'Ada mentioned you in Launch plan'],
    [
      { notification_type: 'CommentReactionCreatedNotification', data: { reaction: '👍' } },
      'Ada reacted 👍 to your comment on Launch plan',
    ],
    [
      { notification_type: 'AddedToMembersAttributeNotification', attribute_name: 'Owner' },
      'Ada added you to Owner on Launch plan',
    ],
    [{ created_by_name: null, item_name: null }, 'Someone commented on an item'],
    [
      { notification_type: 'AutomationRunsWarningNotification', usage: 200, limit: 250 },
      'Automations have used 200 of 250 runs this month',
    ],
    [{ notification_type: 'SomethingNewNotification' }, 'Something changed on Launch plan'],
    [{ notification_type: 'UserSubscribedNotification' }, 'Ada subscribed you to Launch plan'],
    [
      {
        notification_type: 'UserSubscribedNotification',
        item_id: null,
        item_name: null,
        subscribeable_type: 'folder_view',
        subscribeable_id: 'v1',
        data: { view_name: 'Sprint plan' },
      },
      'Ada subscribed you to the view Sprint plan',
    ],
  ] as [Partial<NotificationDto>, string][])('%j -> %s', (change, text) => {
    expect(notificationText(i18next.t, { ...base, ...change })).toBe(text);
  });
});

describe('notificationPath', () => {
  it.each([
    [{}, '/b/b1/f1/i1?t=comments&comment=c1&notification=n1'],
    [{ comment_id: null }, '/b/b1/f1/i1?t=attributes&notification=n1'],
    [{ item_id: null, folder_id: null, comment_id: null }, '/b/b1?notification=n1'],
    [{ board_id: null, folder_id: null, item_id: null, comment_id: null }, '/home?notification=n1'],
    [
      { item_id: null, comment_id: null, subscribeable_type: 'folder_view', subscribeable_id: 'v1' },
      '/b/b1/f1?view=v1&notification=n1',
    ],
    [
      { item_id: null, comment_id: null, subscribeable_type: 'folder_view', subscribeable_id: null },
      '/b/b1?notification=n1',
    ],
    [
      {
        notification_type: 'AutomationRunsWarningNotification',
        folder_id: null,
        item_id: null,
        comment_id: null,
      },
      '/b/b1?usage=automations&notification=n1',
    ],
    [
      {
        notification_type: 'AutomationRunsExceededNotification',
        folder_id: null,
        item_id: null,
        comment_id: null,
      },
      '/b/b1?usage=automations&notification=n1',
    ],
    [
      {
        notification_type: 'AutomationRunsExceededNotification',
        board_id: null,
        folder_id: null,
        item_id: null,
        comment_id: null,
      },
      '/home?notification=n1',
    ],
  ] as [Partial<NotificationDto>, string][])('%j -> %s', (change, path) => {
    expect(notificationPath({ ...base, ...change })).toBe(path);
  });
});
