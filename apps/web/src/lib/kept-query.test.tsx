// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useKeptQuery } from './kept-query';
import { deferred } from './test-deferred';

const session = vi.hoisted(() => ({ profile: { id: 3 } as { id: number } | undefined }));
vi.mock('./session', () => ({ useSession: () => session }));

const KEY = 'strata.access.t7.u3';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** The workspace's access through useKeptQuery, answered by `answer`. */
const renderKeptAccess = (answer: Promise<string[]>) =>
  renderHook(() => useKeptQuery('access.t7', { queryKey: ['access', 7], queryFn: () => answer }), {
    wrapper: wrapper(),
  });

beforeEach(() => {
  window.localStorage.clear();
  session.profile = { id: 3 };
});
afterEach(cleanup);

describe('useKeptQuery', () => {
  test('with nothing kept, nothing shows until the server answers; its answer is then kept', async () => {
    const answer = deferred<string[]>();
    const { result } = renderKeptAccess(answer.promise);
    expect(result.current.data).toBeUndefined();
    answer.resolve(['VIEW_BOARD']);
    await waitFor(() => expect(result.current.data).toEqual(['VIEW_BOARD']));
    expect(result.current.isPlaceholderData).toBe(false);
    await waitFor(() => expect(window.localStorage.getItem(KEY)).toBe('["VIEW_BOARD"]'));
  });

  test('the kept answer shows at once, marked as placeholder, and the server answer replaces it', async () => {
    window.localStorage.setItem(KEY, '["VIEW_BOARD","EDIT_ITEMS"]');
    const answer = deferred<string[]>();
    const { result } = renderKeptAccess(answer.promise);
    expect(result.current.data).toEqual(['VIEW_BOARD', 'EDIT_ITEMS']);
    expect(result.current.isPlaceholderData).toBe(true);
    answer.resolve(['VIEW_BOARD']);
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(result.current.data).toEqual(['VIEW_BOARD']);
    await waitFor(() => expect(window.localStorage.getItem(KEY)).toBe('["VIEW_BOARD"]'));
  });

  test('a failed answer leaves the kept one in storage', async () => {
    window.localStorage.setItem(KEY, '["VIEW_BOARD"]');
    const answer = deferred<string[]>();
    const { result } = renderKeptAccess(answer.promise);
    answer.reject(new Error('offline'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(window.localStorage.getItem(KEY)).toBe('["VIEW_BOARD"]');
  });

  test("another person's kept answer is not shown, and nothing is kept without a profile", async () => {
    window.localStorage.setItem(KEY, '["VIEW_BOARD"]');
    session.profile = undefined;
    const answer = deferred<string[]>();
    const { result } = renderKeptAccess(answer.promise);
    expect(result.current.data).toBeUndefined();
    answer.resolve(['EDIT_ITEMS']);
    await waitFor(() => expect(result.current.data).toEqual(['EDIT_ITEMS']));
    expect(window.localStorage.getItem(KEY)).toBe('["VIEW_BOARD"]');
    expect(Object.keys(window.localStorage)).toEqual([KEY]);
  });
});
