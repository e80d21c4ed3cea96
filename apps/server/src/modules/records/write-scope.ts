import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';

/**
 * What one write of a workspace's records runs with: an open transaction, the caller's standing
 * and one clock reading. A record's save or delete takes a scope, so that a single route and a
 * batch (save-multiple) run the very same function, the batch with one transaction for all.
 */
export interface WriteScope {
  ctx: AppContext;
  tx: DbOrTx;
  access: TeamAccess;
  user: UserRow;
  now: Date;
}

/** Runs one write in a transaction of its own: what a single PUT or DELETE route does. */
export async function runWrite<T>(
  ctx: AppContext,
  user: UserRow,
  teamId: number,
  write: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  const access = await getTeamAccess(ctx, teamId, user);
  const now = ctx.clock.now();
  return ctx.db.transaction((tx) => write({ ctx, tx, access, user, now }));
}
