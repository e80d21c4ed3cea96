import { describe, expect, test } from 'vitest';
import {
  channelKind,
  formatChannelEvent,
  formatConnectionEstablished,
  formatError,
  formatSubscriptionError,
  formatSubscriptionSucceeded,
  PONG_FRAME,
  parseClientMessage,
  parsePresenceMember,
} from './protocol';

describe('reading client messages', () => {
  test('ping and pong', () => {
    expect(parseClientMessage('{"event":"pusher:ping","data":{}}')).toEqual({ type: 'ping' });
    expect(parseClientMessage('{"event":"pusher:pong","data":{}}')).toEqual({ type: 'pong' });
  });

  test('a subscribe with data as an object (pusher-js) or as a JSON string', () => {
    const expected = { type: 'subscribe', channel: 'private-a', auth: 'k:s', channelData: undefined };
    expect(
      parseClientMessage('{"event":"pusher:subscribe","data":{"channel":"private-a","auth":"k:s"}}'),
    ).toEqual(expected);
    const asString = JSON.stringify({
      event: 'pusher:subscribe',
      data: JSON.stringify({ channel: 'private-a', auth: 'k:s' }),
    });
    expect(parseClientMessage(asString)).toEqual(expected);
  });

  test('a presence subscribe keeps its channel_data', () => {
    const text = JSON.stringify({
      event: 'pusher:subscribe',
      data: { channel: 'presence-a', auth: 'k:s', channel_data: '{"user_id":1}' },
    });
    expect(parseClientMessage(text)).toMatchObject({ channelData: '{"user_id":1}' });
  });

  test('an unsubscribe', () => {
    expect(parseClientMessage('{"event":"pusher:unsubscribe","data":{"channel":"a"}}')).toEqual({
      type: 'unsubscribe',
      channel: 'a',
    });
  });

  test('client events are recognised (to be refused)', () => {
    expect(parseClientMessage('{"event":"client-typing","channel":"private-a","data":"{}"}')).toEqual({
      type: 'client-event',
      event: 'client-typing',
      channel: 'private-a',
    });
  });

  test.each([
    ['not JSON', 'nope'],
    ['no event', '{"data":{}}'],
    ['an array', '[1]'],
    ['a subscribe without channel', '{"event":"pusher:subscribe","data":{}}'],
    ['a channel with spaces', '{"event":"pusher:subscribe","data":{"channel":"a b"}}'],
    [
      'a channel name over 164 characters',
      JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'a'.repeat(165) } }),
    ],
  ])('%s is invalid', (_name, text) => {
    expect(parseClientMessage(text).type).toBe('invalid');
  });

  test('other events are unknown', () => {
    expect(parseClientMessage('{"event":"pusher:signin","data":{}}')).toEqual({
      type: 'unknown',
      event: 'pusher:signin',
    });
  });
});

describe('writing server messages', () => {
  test('connection_established carries its data as a JSON string', () => {
    const frame = formatConnectionEstablished({ socketId: '123.456', activityTimeoutS: 120 });
    expect(frame).toBe(
      '{"event":"pusher:connection_established","data":"{\\"socket_id\\":\\"123.456\\",\\"activity_timeout\\":120}"}',
    );
  });

  test('an event on a channel carries its payload as a JSON string', () => {
    const frame = JSON.parse(formatChannelEvent({ channel: 'private-x', event: 'e', data: { id: 1 } }));
    expect(frame).toEqual({ event: 'e', channel: 'private-x', data: '{"id":1}' });
  });

  test('errors and subscription errors carry objects', () => {
    expect(JSON.parse(formatError({ message: 'm', code: 4001 }))).toEqual({
      event: 'pusher:error',
      data: { message: 'm', code: 4001 },
    });
    expect(JSON.parse(formatSubscriptionError({ channel: 'private-x', error: 'no', status: 401 }))).toEqual({
      event: 'pusher:subscription_error',
      channel: 'private-x',
      data: { type: 'AuthError', error: 'no', status: 401 },
    });
  });

  test('subscription_succeeded lists presence members when there are some', () => {
    expect(JSON.parse(formatSubscriptionSucceeded({ channel: 'private-x' })).data).toBe('{}');
    const presence = { ids: ['1'], hash: { '1': { name: 'A' } }, count: 1 };
    const frame = JSON.parse(formatSubscriptionSucceeded({ channel: 'presence-x', presence }));
    expect(JSON.parse(frame.data)).toEqual({ presence });
  });

  test('pong', () => {
    expect(JSON.parse(PONG_FRAME)).toEqual({ event: 'pusher:pong', data: {} });
  });
});

describe('channels and members', () => {
  test.each([
    ['team.1.users', 'public'],
    ['private-team.1.users', 'private'],
    ['private-encrypted-x', 'private'],
    ['presence-room', 'presence'],
  ])('%s is %s', (channel, kind) => {
    expect(channelKind(channel)).toBe(kind);
  });

  test('presence member data needs a user_id', () => {
    expect(parsePresenceMember('{"user_id":10,"user_info":{"name":"A"}}')).toEqual({
      userId: '10',
      userInfo: { name: 'A' },
    });
    expect(parsePresenceMember('{"user_id":"u1"}')).toEqual({ userId: 'u1', userInfo: null });
    expect(parsePresenceMember('{"user_info":{}}')).toBeUndefined();
    expect(parsePresenceMember('nope')).toBeUndefined();
    expect(parsePresenceMember(undefined)).toBeUndefined();
  });
});
