import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createChannelAuthorizer, type MultiAuthAnswer } from './channel-authorizer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('batched channel authorisation', () => {
  test('channels asked within 2 s go out as one request; each gets its own answer', async () => {
    const request = vi.fn(
      async (_socket: string, names: string[]): Promise<MultiAuthAnswer> =>
        Object.fromEntries(names.map((n) => [n, { status: 200, data: { auth: `key:${n}` } }])),
    );
    const authorizer = createChannelAuthorizer({ request });
    const a = authorizer.authorize('1.2', 'private-team.1.users');
    await vi.advanceTimersByTimeAsync(1_500);
    const b = authorizer.authorize('1.2', 'private-team.1.permissions');
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    await expect(a).resolves.toEqual({ auth: 'key:private-team.1.users' });
    await expect(b).resolves.toEqual({ auth: 'key:private-team.1.permissions' });
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('1.2', ['private-team.1.users', 'private-team.1.permissions']);
  });

  test.each([
    { case: 'a 403 entry', answer: { 'private-x': { status: 403 } } },
    { case: 'a missing entry', answer: {} },
    { case: 'a 200 without auth', answer: { 'private-x': { status: 200 } } },
  ])('$case is Unauthorized', async ({ answer }) => {
    const authorizer = createChannelAuthorizer({ request: async () => answer as MultiAuthAnswer });
    const result = authorizer.authorize('1.2', 'private-x');
    const settled = expect(result).rejects.toThrow('Unauthorized');
    await vi.advanceTimersByTimeAsync(2_000);
    await settled;
  });

  test('a failed request refuses the whole batch; the next batch asks again', async () => {
    const request = vi
      .fn<(socket: string, names: string[]) => Promise<MultiAuthAnswer>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ 'private-x': { status: 200, data: { auth: 'k:s' } } });
    const authorizer = createChannelAuthorizer({ request });
    const first = authorizer.authorize('1.2', 'private-x');
    const refused = expect(first).rejects.toThrow('Unauthorized');
    await vi.advanceTimersByTimeAsync(2_000);
    await refused;
    const second = authorizer.authorize('1.2', 'private-x');
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(second).resolves.toEqual({ auth: 'k:s' });
  });

  test('sockets are batched apart', async () => {
    const request = vi.fn(async (_s: string, names: string[]) =>
      Object.fromEntries(names.map((n) => [n, { status: 200, data: { auth: 'k' } }])),
    );
    const authorizer = createChannelAuthorizer({ request });
    const a = authorizer.authorize('1.1', 'private-a');
    const b = authorizer.authorize('2.2', 'private-a');
    await vi.advanceTimersByTimeAsync(2_000);
    await Promise.all([a, b]);
    expect(request.mock.calls.map((c) => c[0]).sort()).toEqual(['1.1', '2.2']);
  });
});
