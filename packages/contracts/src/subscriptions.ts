import { z } from 'zod';

export const subscriptionPath = '/api/subscription';
/** Every subscription the caller holds; empty for guest accounts (spec section 6). */
export const subscriptionsPath = '/api/subscription/all';

/** The user's subscription (spec section 3); usage counts what the limits apply to. */
export const subscriptionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  deal: z.string(),
  limits: z.record(z.string(), z.number().nullable()),
  usage: z.record(z.string(), z.number()),
  trial_ends_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  transient: z.boolean(),
  version: z.number().int(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
