import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { redactedUrl, sendOutgoing } from './outgoing-agent';

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((_request, response) =>
    response.writeHead(302, { location: 'http://10.0.0.1/' }).end('moved'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (url: string, allowLoopback: boolean) =>
  sendOutgoing({ url, method: 'POST', headers: {}, body: 'x', timeoutMs: 2000, policy: { allowLoopback } });

test('loopback is refused unless the policy allows it (tests and development only)', async () => {
  await expect(send(`${origin}/hook`, false)).rejects.toThrow(/not allowed/);
  // Allowed, the answer comes back as it is: a redirect is not followed.
  expect(await send(`${origin}/hook`, true)).toMatchObject({ status: 302, body: 'moved' });
});

test('private, link-local and metadata addresses are refused whatever the policy', async () => {
  for (const url of [
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd00::1]/',
  ])
    await expect(send(url, true), url).rejects.toThrow(/not allowed/);
});

test('only http and https go out', async () => {
  await expect(send('file:///etc/passwd', true)).rejects.toThrow(/http/);
});

test('logs see an endpoint’s origin and the start of its path, never its secret part', () => {
  expect(redactedUrl('https://fcm.googleapis.com/fcm/send/abcdefghijklmnop:APA91b')).toBe(
    'https://fcm.googleapis.com/fcm/send/ab…',
  );
  expect(redactedUrl('nonsense')).toBe('(not a URL)');
});
