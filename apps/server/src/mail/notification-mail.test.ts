import { describe, expect, it } from 'vitest';
import type { NotificationRow } from '../db/schema/notifications';
import { notificationSentence, notificationUrl } from './notification-mail';

const base: NotificationRow = {
  id: 'n1',
  userId: 2,
  teamId: 1,
  notificationType: 'UserSubscribedNotification',
  boardId: 'b1',
  folderId: 'f1',
  itemId: 'i1',
  commentId: null,
  templateId: null,
  subscribeableType: 'item',
  subscribeableId: 'i1',
  data: { created_by_name: 'Ada', item_name: 'Launch plan', view_name: 'Sprint' },
  readAt: null,
  emailedAt: null,
  createdAt: new Date('2026-11-27T07:00:00Z'),
};
const toView: Partial<NotificationRow> = {
  itemId: null,
  subscribeableType: 'folder_view',
  subscribeableId: 'v1',
};

describe('a notification mail names and links its subject', () => {
  it.each<[string, string, Partial<NotificationRow>, string, string]>([
    ['an item', 'en-US', {}, 'Ada subscribed you to Launch plan', '/b/b1/f1/i1?t=attributes&notification=n1'],
    ['a view', 'en-US', toView, 'Ada subscribed you to the view Sprint', '/b/b1/f1?view=v1&notification=n1'],
    [
      'a view, in French',
      'fr',
      toView,
      'Ada vous a abonné à la vue Sprint',
      '/b/b1/f1?view=v1&notification=n1',
    ],
    [
      'a comment',
      'en-US',
      { notificationType: 'CommentCreatedNotification', commentId: 'c1' },
      'Ada commented on Launch plan',
      '/b/b1/f1/i1?t=comments&comment=c1&notification=n1',
    ],
  ])('%s (%s)', (_name, locale, change, sentence, path) => {
    const row = { ...base, ...change };
    expect(notificationSentence(locale, row)).toBe(sentence);
    expect(notificationUrl('https://app.example', row)).toBe(`https://app.example${path}`);
  });
});
