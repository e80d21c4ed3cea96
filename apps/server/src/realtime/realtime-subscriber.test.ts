import { describe, expect, test } from 'vitest';
import type { DispatchedEvent } from '../events/dispatched-event';
import { accessChangeOf, deliveriesOf } from './realtime-subscriber';

const event = (type: string, payload: Record<string, unknown>, teamId: number | null = 4) =>
  ({
    id: 1,
    teamId,
    type,
    channel: 'x',
    actorId: null,
    payload,
  }) as unknown as DispatchedEvent;

describe('what an event changes about who may listen where', () => {
  test.each([
    ['member.removed', { id: 9, data: { user_id: 9 } }, { kind: 'member-removed', teamId: 4, userId: 9 }],
    [
      'member.updated',
      { id: 9, data: { user_id: 9, role: 'guest' } },
      { kind: 'board-access-changed', teamId: 4, userId: 9 },
    ],
    [
      'board.updated',
      { id: 'aZ09aZ09aZ0', row_version: 2 },
      { kind: 'board-access-changed', teamId: 4, boardId: 'aZ09aZ09aZ0' },
    ],
    [
      'board.deleted',
      { id: 'aZ09aZ09aZ0', row_version: 3 },
      { kind: 'board-access-changed', teamId: 4, boardId: 'aZ09aZ09aZ0' },
    ],
    [
      'permissions.updated',
      { id: 'board:aZ09aZ09aZ0', row_version: 1 },
      { kind: 'board-access-changed', teamId: 4, boardId: 'aZ09aZ09aZ0' },
    ],
    [
      'permissions.updated',
      { id: 'workspace:4', row_version: 1 },
      { kind: 'board-access-changed', teamId: 4 },
    ],
  ])('%s %j -> %j', (type, payload, change) => {
    expect(accessChangeOf(event(type, payload))).toEqual(change);
  });

  test.each([
    ['board.created', { id: 'aZ09aZ09aZ0' }, 4],
    ['folder.updated', { id: 'aZ09aZ09aZ0' }, 4],
    ['team.updated', { id: 4 }, 4],
    ['item.updated', { id: 'x' }, 4],
    ['board.updated', { id: 'aZ09aZ09aZ0' }, null],
    ['member.removed', { id: 'not a number' }, 4],
  ])('nothing for %s %j (team %s)', (type, payload, teamId) => {
    expect(accessChangeOf(event(type, payload, teamId))).toBeUndefined();
  });
});

describe('the channels an event is delivered on', () => {
  test('an event goes to its own channel as it is', () => {
    const payload = { type: 'item.updated', id: 'a', data: { id: 'a', n: 1 } };
    expect(deliveriesOf({ ...event('item.updated', payload), channel: 'team.4.board.b' })).toEqual([
      { channel: 'team.4.board.b', data: payload },
    ]);
  });

  test('a fan-out event gives each listed channel its own copy, with its id, without the list', () => {
    const payload = {
      type: 'notification.created',
      id: 'n1',
      data: { notification_type: 'CommentCreatedNotification', item_name: 'Plan' },
      fanout: [
        { channel: 'App.User.7', id: 'n1' },
        { channel: 'App.User.8', id: 'n2' },
      ],
    };
    expect(deliveriesOf({ ...event('notification.created', payload), channel: 'App.User.7' })).toEqual([
      {
        channel: 'App.User.7',
        data: {
          type: 'notification.created',
          id: 'n1',
          data: { notification_type: 'CommentCreatedNotification', item_name: 'Plan', id: 'n1' },
        },
      },
      {
        channel: 'App.User.8',
        data: {
          type: 'notification.created',
          id: 'n2',
          data: { notification_type: 'CommentCreatedNotification', item_name: 'Plan', id: 'n2' },
        },
      },
    ]);
  });
});
