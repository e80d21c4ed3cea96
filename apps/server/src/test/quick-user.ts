import { uniqueEmail } from '@strata/test-utils/factories';
import type { AppContext } from '../context';
import { users } from '../db/schema/users';
import { createSession } from '../modules/auth/sessions.service';

/**
 * A verified account with a signed-in session, written straight to the database: for tests and
 * benches that need many people and are not about signing up (TestApp.signUp goes through
 * registration, mail and password hashing, ~100 times slower).
 */
export async function quickUser(
  ctx: AppContext,
  overrides: { name?: string; email?: string; guest?: boolean } = {},
): Promise<{ id: number; token: string; email: string }> {
  const email = (overrides.email ?? uniqueEmail('quick')).toLowerCase();
  const [user] = await ctx.db
    .insert(users)
    .values({
      email,
      name: overrides.name ?? 'Quick User',
      passwordHash: null,
      guest: overrides.guest ?? false,
      emailVerifiedAt: ctx.clock.now(),
    })
    .returning({ id: users.id });
  const issued = await createSession({ ctx, userId: user!.id });
  return { id: user!.id, token: issued.record.access_token, email };
}
