import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../db/schema/platform';
import { isLoopbackAddress } from '../../http/same-machine';
import { createTestApp, type TestApp } from '../../test/test-app';

let direct: TestApp;
let proxied: TestApp;
const mailId = randomUUID();
const secretLink = `http://strata.test/password/reset?token=${randomUUID()}`;

beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  for (const t of [direct, proxied]) {
    await t.app.ctx.db.insert(mailOutbox).values({
      id: mailId,
      to: 'someone@example.test',
      subject: 'Reset your password',
      text: `Follow ${secretLink}`,
      html: `<a href="${secretLink}">Reset</a>`,
    });
  }
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const OUTBOX_URLS = ['/api/dev/mail', '/dev/mail', `/dev/mail/${mailId}.html`];

function get(t: TestApp, url: string, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

/** What the same client gets for a route that does not exist, under the outbox's prefix. */
function unknownRoute(t: TestApp, url: string, remoteAddress: string, forwardedFor?: string) {
  const unknown = url.startsWith('/api/') ? '/api/dev/no-such-route' : '/dev/no-such-page';
  return get(t, unknown, remoteAddress, forwardedFor);
}

function expectSameAsUnknown(res: LightMyRequestResponse, unknown: LightMyRequestResponse) {
  expect(res.statusCode).toBe(404);
  expect(res.body).toBe(unknown.body);
  expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
  expect(res.body).not.toContain(secretLink);
}

describe('the development outbox answers only this machine', () => {
  test.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'a request from %s reads every page of the outbox',
    async (address) => {
      for (const url of OUTBOX_URLS) {
        const res = await get(direct, url, address);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(secretLink);
      }
    },
  );

  test.each(['10.0.0.5', '192.168.1.2', '203.0.113.7', '::ffff:10.0.0.5', '2001:db8::1', 'fe80::1'])(
    'a request from %s is answered like an unknown route',
    async (address) => {
      for (const url of OUTBOX_URLS) {
        expectSameAsUnknown(await get(direct, url, address), await unknownRoute(direct, url, address));
      }
    },
  );

  test('without TRUST_PROXY a forwarded loopback address counts for nothing', async () => {
    for (const url of OUTBOX_URLS) {
      const res = await get(direct, url, '10.0.0.5', '127.0.0.1');
      expectSameAsUnknown(res, await unknownRoute(direct, url, '10.0.0.5', '127.0.0.1'));
    }
  });

  test('behind TRUST_PROXY the real client decides: a proxy on this machine forwarding a far client is refused', async () => {
    for (const url of OUTBOX_URLS) {
      const res = await get(proxied, url, '127.0.0.1', '10.0.0.5');
      expectSameAsUnknown(res, await unknownRoute(proxied, url, '127.0.0.1', '10.0.0.5'));
    }
  });

  test('behind TRUST_PROXY a client on this machine coming through a local proxy reads the outbox', async () => {
    for (const url of OUTBOX_URLS) {
      expect((await get(proxied, url, '127.0.0.1', '127.0.0.1')).statusCode, url).toBe(200);
    }
  });

  test('behind TRUST_PROXY a far client claiming to be 127.0.0.1 is refused', async () => {
    // The claim reaches us first in the list, with the real client appended by the proxy.
    for (const url of OUTBOX_URLS) {
      for (const [remote, forwarded] of [
        ['127.0.0.1', '127.0.0.1, 10.0.0.5'],
        ['10.0.0.9', '127.0.0.1'],
      ] as const) {
        const res = await get(proxied, url, remote, forwarded);
        expectSameAsUnknown(res, await unknownRoute(proxied, url, remote, forwarded));
      }
    }
  });
});

describe('loopback addresses', () => {
  test.each([
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['128.0.0.1', false],
    ['10.0.0.5', false],
    ['::', false],
    ['::ffff:192.168.1.2', false],
    ['localhost', false],
    ['', false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});
