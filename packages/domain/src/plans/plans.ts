/**
 * Plans and subscriptions, as far as workspaces need them (billing grows here later). Shapes
 * follow spec section 3.
 */
export interface PlanLimits {
  /** Workspaces the subscription's owner may own; null is no limit. */
  workspaces: number | null;
  WhitelabelLimit: number;
  AutomationRunsLimit: number | null;
  [other: string]: number | null;
}

export interface Plan {
  id: string;
  version: number;
  level: number;
  tier: string;
  limits: PlanLimits;
}

/** The plan every account starts on (choice: three workspaces, like the free tiers users know). */
export const FREE_PLAN: Plan = {
  id: 'free',
  version: 9,
  level: 0,
  tier: 'free',
  limits: {
    workspaces: 3,
    WhitelabelLimit: 0,
    AutomationRunsLimit: 250,
    AutomationsPerBoardLimit: 10,
    members: 5,
  },
};

export const PLANS: Record<string, Plan> = { [FREE_PLAN.id]: FREE_PLAN };

export interface SubscriptionState {
  user_id: number;
  deal: string;
  limits: PlanLimits;
  trial_ends_at: string | null;
  ends_at: string | null;
}

/** On trial while trial_ends_at is in the future (spec section 4). */
export function isOnTrial(subscription: SubscriptionState, nowMs: number): boolean {
  return subscription.trial_ends_at !== null && Date.parse(subscription.trial_ends_at) > nowMs;
}

/** Active when on trial, or without an end date, or with an end date in the future. */
export function isActive(subscription: SubscriptionState, nowMs: number): boolean {
  return (
    isOnTrial(subscription, nowMs) ||
    subscription.ends_at === null ||
    Date.parse(subscription.ends_at) > nowMs
  );
}

export type WorkspaceCreation =
  | { allowed: true }
  | { allowed: false; reason: 'no_subscription' | 'inactive' | 'limit' };

/**
 * Creating a workspace needs an owned, active subscription with a free workspace slot or no
 * workspace limit (spec section 5).
 */
export function canCreateWorkspace(
  subscription: SubscriptionState | null,
  userId: number,
  ownedWorkspaces: number,
  nowMs: number,
): WorkspaceCreation {
  if (!subscription || subscription.user_id !== userId) return { allowed: false, reason: 'no_subscription' };
  if (!isActive(subscription, nowMs)) return { allowed: false, reason: 'inactive' };
  const limit = subscription.limits.workspaces;
  if (limit !== null && ownedWorkspaces >= limit) return { allowed: false, reason: 'limit' };
  return { allowed: true };
}
