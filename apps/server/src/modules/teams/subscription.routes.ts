import { subscriptionPath, subscriptionSchema, subscriptionsPath } from '@strata/contracts/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { requireUser } from '../../http/authenticate';
import { ensureSubscription } from './subscriptions.service';
import { countOwnedTeams } from './teams.repo';

async function toSubscription(ctx: AppContext, user: UserRow) {
  const row = await ensureSubscription(ctx.db, user.id);
  return {
    id: row.id,
    user_id: row.userId,
    deal: row.deal,
    limits: row.limits,
    usage: { ...row.usage, workspaces: await countOwnedTeams(ctx.db, user.id) },
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    transient: row.transient,
    version: row.version,
  };
}

/** GET /api/subscription: the caller's subscription with its usage (billing extends it later). */
export function subscriptionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    subscriptionPath,
    { schema: { tags: ['subscriptions'], response: { 200: subscriptionSchema } } },
    async (request) => toSubscription(ctx, requireUser(request).user),
  );
  r.get(
    subscriptionsPath,
    { schema: { tags: ['subscriptions'], response: { 200: z.array(subscriptionSchema) } } },
    async (request) => {
      const { user } = requireUser(request);
      return user.guest ? [] : [await toSubscription(ctx, user)];
    },
  );
}
