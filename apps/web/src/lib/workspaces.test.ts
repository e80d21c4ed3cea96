// @vitest-environment jsdom
import type { Subscription } from '@strata/contracts/subscriptions';
import { describe, expect, test, vi } from 'vitest';
import { workspaceRoom } from './workspaces';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const NOW = Date.parse('2026-11-26T12:00:00Z');

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 1,
    user_id: 5,
    deal: 'free',
    limits: { workspaces: 3, members: 5 },
    usage: { workspaces: 1 },
    trial_ends_at: null,
    ends_at: null,
    transient: false,
    version: 1,
    ...overrides,
  };
}

describe('whether the create-workspace form may be sent (the server’s canCreateWorkspace)', () => {
  test.each([
    { name: 'an active plan with a free slot', sub: subscription(), allowed: true, reason: undefined },
    {
      name: 'a plan without a workspace limit',
      sub: subscription({ limits: { workspaces: null }, usage: { workspaces: 40 } }),
      allowed: true,
      reason: undefined,
    },
    {
      name: 'a plan that ended yesterday',
      sub: subscription({ ends_at: '2026-11-25T12:00:00Z' }),
      allowed: false,
      reason: 'inactive',
    },
    {
      name: 'an ended plan still on trial',
      sub: subscription({ ends_at: '2026-11-25T12:00:00Z', trial_ends_at: '2026-12-01T00:00:00Z' }),
      allowed: true,
      reason: undefined,
    },
    {
      name: 'a full plan',
      sub: subscription({ usage: { workspaces: 3 } }),
      allowed: false,
      reason: 'limit',
    },
    {
      name: 'someone else’s subscription',
      sub: subscription({ user_id: 6 }),
      allowed: false,
      reason: 'no_subscription',
    },
    { name: 'no subscription loaded', sub: undefined, allowed: false, reason: 'no_subscription' },
  ])('$name: allowed $allowed ($reason)', ({ sub, allowed, reason }) => {
    const { creation } = workspaceRoom(sub, 5, NOW);
    expect(creation.allowed).toBe(allowed);
    expect(creation.allowed ? undefined : creation.reason).toBe(reason);
  });

  test('the limit and the count come along for the message', () => {
    expect(workspaceRoom(subscription({ usage: { workspaces: 3 } }), 5, NOW)).toMatchObject({
      limit: 3,
      count: 3,
    });
  });
});
