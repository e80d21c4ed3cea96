import type { Subscription } from '@strata/contracts/subscriptions';
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

/** Room for another owned workspace under the plan (canCreateWorkspace is a plan capability). */
export function workspaceRoom(subscription: Subscription | undefined): {
  canCreate: boolean;
  limit: number | null;
  count: number;
} {
  const limit = subscription?.limits.workspaces ?? null;
  const count = subscription?.usage.workspaces ?? 0;
  return { canCreate: subscription !== undefined && (limit === null || count < limit), limit, count };
}
