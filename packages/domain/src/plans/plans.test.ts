import { describe, expect, test } from 'vitest';
import { canCreateWorkspace, FREE_PLAN, isActive, isOnTrial, type SubscriptionState } from './plans';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const sub = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  user_id: 1,
  deal: 'free',
  limits: FREE_PLAN.limits,
  trial_ends_at: null,
  ends_at: null,
  ...over,
});

describe('subscription states', () => {
  test.each([
    { trial: '2026-06-02T00:00:00Z', ends: '2026-01-01T00:00:00Z', onTrial: true, active: true },
    { trial: '2026-05-01T00:00:00Z', ends: null, onTrial: false, active: true },
    { trial: null, ends: '2026-07-01T00:00:00Z', onTrial: false, active: true },
    { trial: null, ends: '2026-05-31T23:59:59Z', onTrial: false, active: false },
    { trial: '2026-05-01T00:00:00Z', ends: '2026-05-02T00:00:00Z', onTrial: false, active: false },
  ])('trial $trial, ends $ends -> on trial $onTrial, active $active', ({ trial, ends, onTrial, active }) => {
    const s = sub({ trial_ends_at: trial, ends_at: ends });
    expect(isOnTrial(s, NOW)).toBe(onTrial);
    expect(isActive(s, NOW)).toBe(active);
  });
});

describe('creating a workspace', () => {
  test.each([
    { s: sub(), user: 1, owned: 0, result: { allowed: true } },
    { s: sub(), user: 1, owned: 2, result: { allowed: true } },
    { s: sub(), user: 1, owned: 3, result: { allowed: false, reason: 'limit' } },
    {
      s: sub({ limits: { ...FREE_PLAN.limits, workspaces: null } }),
      user: 1,
      owned: 99,
      result: { allowed: true },
    },
    { s: sub(), user: 2, owned: 0, result: { allowed: false, reason: 'no_subscription' } },
    { s: null, user: 1, owned: 0, result: { allowed: false, reason: 'no_subscription' } },
    {
      s: sub({ ends_at: '2026-01-01T00:00:00Z' }),
      user: 1,
      owned: 0,
      result: { allowed: false, reason: 'inactive' },
    },
  ])('owned $owned by user $user -> $result', ({ s, user, owned, result }) => {
    expect(canCreateWorkspace(s, user, owned, NOW)).toEqual(result);
  });
});
