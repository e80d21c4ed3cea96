import { describe, expect, test } from 'vitest';
import { isStillUnread, parsePushMessage, pushTarget } from './sw-push';

const origin = 'https://strata.example';
const message = {
  id: 'n1',
  title: 'Ada mentioned you',
  body: 'look',
  url: `${origin}/home?notification=n1`,
  check: '7.9.s',
};

const answering = (respond: () => Promise<Response>) => (async () => respond()) as unknown as typeof fetch;

describe('a push in the service worker', () => {
  test('only our messages are read; anything else is ignored', () => {
    expect(parsePushMessage(JSON.stringify(message))).toEqual(message);
    expect(parsePushMessage('not json')).toBeNull();
    expect(parsePushMessage(JSON.stringify({ ...message, check: 5 }))).toBeNull();
  });

  test('a click leads into this app only', () => {
    expect(pushTarget(`${origin}/b/1/2/3?notification=n1`, origin)).toBe(`${origin}/b/1/2/3?notification=n1`);
    expect(pushTarget('/home?notification=n1', origin)).toBe(`${origin}/home?notification=n1`);
    expect(pushTarget('https://evil.example/phish', origin)).toBe(`${origin}/home`);
    expect(pushTarget('javascript:alert(1)', origin)).toBe(`${origin}/home`);
    expect(pushTarget(undefined, origin)).toBe(`${origin}/home`);
  });

  test('it is shown unless the server clearly says it was read; offline or refused, it is shown', async () => {
    let asked = '';
    const read = (async (url: string) => {
      asked = url;
      return Response.json({ unread: false });
    }) as unknown as typeof fetch;
    expect(await isStillUnread(message, origin, read)).toBe(false);
    expect(asked).toBe(`${origin}/api/notifications/push-state?id=n1&check=7.9.s`);
    expect(
      await isStillUnread(
        message,
        origin,
        answering(async () => Response.json({ unread: true })),
      ),
    ).toBe(true);
    expect(
      await isStillUnread(
        message,
        origin,
        answering(async () => {
          throw new TypeError('Failed to fetch');
        }),
      ),
    ).toBe(true);
    expect(
      await isStillUnread(
        message,
        origin,
        answering(async () => new Response('', { status: 403 })),
      ),
    ).toBe(true);
    expect(
      await isStillUnread(
        message,
        origin,
        answering(async () => new Response('{', { status: 200 })),
      ),
    ).toBe(true);
  });
});
