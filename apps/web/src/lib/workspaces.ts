import type { Subscription } from '@strata/contracts/subscriptions';
import {
  canCreateWorkspace,
  type PlanLimits,
  type SubscriptionState,
  type WorkspaceCreation,
} from '@strata/domain/plans/plans';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export { refreshWorkspaces, renameWorkspace, useWorkspaces } from './workspaces-store';

export const SUBSCRIPTION_QUERY = ['subscription'] as const;
/** Invitations waiting for the signed-in user. */
export const MY_INVITATIONS_QUERY = ['me', 'invitations'] as const;

export function useSubscription() {
  return useQuery({
    queryKey: SUBSCRIPTION_QUERY,
    queryFn: () => api.get<Subscription>('/api/subscription'),
  });
}

/**
 * Whether the user may create another workspace, by the same rule the server applies
 * (`canCreateWorkspace`: an owned, active subscription with a free slot), with the plan's limit and
 * the count for the message. Without the subscription loaded yet the answer is "no subscription".
 */
export function workspaceRoom(
  subscription: Subscription | undefined,
  userId: number | undefined,
  nowMs: number = Date.now(),
): { creation: WorkspaceCreation; limit: number | null; count: number } {
  const limit = subscription?.limits.workspaces ?? null;
  const count = subscription?.usage.workspaces ?? 0;
  const state: SubscriptionState | null =
    subscription === undefined
      ? null
      : {
          ...subscription,
          // The contract's limits are a plain record; the rule reads only `workspaces` of them.
          limits: { ...subscription.limits, workspaces: limit } as PlanLimits,
        };
  const creation =
    userId === undefined
      ? ({ allowed: false, reason: 'no_subscription' } as const)
      : canCreateWorkspace(state, userId, count, nowMs);
  return { creation, limit, count };
}
