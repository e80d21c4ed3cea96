import { FREE_PLAN, type SubscriptionState } from '@strata/domain/plans/plans';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema/teams';

/** The user's subscription; every account gets the free plan the first time one is needed. */
export async function ensureSubscription(db: DbOrTx, userId: number) {
  await db
    .insert(subscriptions)
    .values({ userId, deal: FREE_PLAN.id, limits: FREE_PLAN.limits, version: FREE_PLAN.version })
    .onConflictDoNothing();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row!;
}

export function toSubscriptionState(row: Awaited<ReturnType<typeof ensureSubscription>>): SubscriptionState {
  return {
    user_id: row.userId,
    deal: row.deal,
    limits: { WhitelabelLimit: 0, AutomationRunsLimit: null, workspaces: null, ...row.limits },
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
  };
}
