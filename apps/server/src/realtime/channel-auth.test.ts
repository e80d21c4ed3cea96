import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { channelAuthString, isValidChannelAuth, signChannel } from './channel-auth';

// The worked example of Pusher's "Authentication and authorization signatures" page.
const key = '278d425bdf160c739803';
const secret = '7ad3773142a6692b25b8';
const socketId = '1234.1234';

describe('channel signatures', () => {
  test('a private channel signs "{socket_id}:{channel}" with HMAC-SHA256 of the secret', () => {
    const expected = createHmac('sha256', secret).update('1234.1234:private-foobar').digest('hex');
    expect(signChannel({ secret, socketId, channel: 'private-foobar' })).toBe(expected);
  });

  test("the auth string matches Pusher's documented private-channel vector", () => {
    expect(channelAuthString({ key, secret, socketId, channel: 'private-foobar' })).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  test("a presence channel appends ':{channel_data}' (Pusher's documented presence vector)", () => {
    const channelData = '{"user_id":10,"user_info":{"name":"Mr. Channels"}}';
    const expected = createHmac('sha256', secret)
      .update(`1234.1234:presence-foobar:${channelData}`)
      .digest('hex');
    const auth = channelAuthString({ key, secret, socketId, channel: 'presence-foobar', channelData });
    expect(auth).toBe(`${key}:${expected}`);
    expect(auth).toBe(
      '278d425bdf160c739803:31935e7d86dba64c2a90aed31fdc61869f9b22ba9d8863bba239c03ca481bc80',
    );
  });

  test('a valid signature is accepted', () => {
    const auth = channelAuthString({ key, secret, socketId, channel: 'private-foobar' });
    expect(isValidChannelAuth({ key, secret, socketId, channel: 'private-foobar', auth })).toBe(true);
  });

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['another key', `otherkey:${signChannel({ secret, socketId, channel: 'private-foobar' })}`],
    ['another socket', channelAuthString({ key, secret, socketId: '1.2', channel: 'private-foobar' })],
    ['another channel', channelAuthString({ key, secret, socketId, channel: 'private-other' })],
    ['another secret', channelAuthString({ key, secret: 'nope', socketId, channel: 'private-foobar' })],
    ['truncated', channelAuthString({ key, secret, socketId, channel: 'private-foobar' }).slice(0, -1)],
    ['the key alone', `${key}:`],
  ])('a signature that is %s is refused', (_name, auth) => {
    expect(isValidChannelAuth({ key, secret, socketId, channel: 'private-foobar', auth })).toBe(false);
  });

  test('a presence signature covers the channel data: other member data is refused', () => {
    const channel = 'presence-foobar';
    const auth = channelAuthString({ key, secret, socketId, channel, channelData: '{"user_id":1}' });
    expect(isValidChannelAuth({ key, secret, socketId, channel, channelData: '{"user_id":1}', auth })).toBe(
      true,
    );
    expect(isValidChannelAuth({ key, secret, socketId, channel, channelData: '{"user_id":2}', auth })).toBe(
      false,
    );
  });
});
