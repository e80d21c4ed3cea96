import { subscriptionPath, subscriptionSchema } from '@strata/contracts/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { ensureSubscription } from './subscriptions.service';
import { countOwnedTeams } from './teams.repo';

/** GET /api/subscription: the caller's subscription with its usage (billing extends it later). */
export function subscriptionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      subscriptionPath,
      { schema: { tags: ['subscriptions'], response: { 200: subscriptionSchema } } },
      async (request) => {
        const { user } = requireUser(request);
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
      },
    );
}
