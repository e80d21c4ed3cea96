// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { submitPublicForm } from './public-form-api';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const BODY = { values: {}, challenge: { token: 't', nonce: '1' } };

/** The server's answers in turn; each request's authorization header is kept. */
function server(...statuses: number[]) {
  const seen: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('authorization'));
      const status = statuses.shift() ?? 500;
      const body = status === 201 ? { ok: true, after: { message: 'Thanks' } } : { code: 'UNAUTHENTICATED' };
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return seen;
}

const signIn = () =>
  window.localStorage.setItem(
    'strata.token',
    JSON.stringify({
      access_token: 'tok',
      expires_in: 60,
      refresh_expires_in: 600,
      created_at: new Date().toISOString(),
    }),
  );

describe('sending an answer', () => {
  test.each([
    ['a visitor answers without a token', false, [201], [null]],
    ['someone signed in answers as themselves', true, [201], ['Bearer tok']],
    ['a token the server refuses: sent again as a visitor', true, [401, 201], ['Bearer tok', null]],
  ])('%s', async (_, signedIn, statuses, headers) => {
    if (signedIn) signIn();
    const seen = server(...statuses);
    expect(await submitPublicForm('f', BODY)).toEqual({ status: 'ok', after: { message: 'Thanks' } });
    expect(seen).toEqual(headers);
  });
});
