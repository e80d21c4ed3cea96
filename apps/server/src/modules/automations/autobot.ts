import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

/**
 * Autobot's account (spec: automation user 'Autobot'), made by migration 0029: the author of every
 * change an automation makes. It cannot sign in (its password hash is no hash) and no one can
 * register its address (taken, and under the reserved `.invalid` domain).
 */
export const AUTOBOT_EMAIL = 'autobot@automation.invalid';

export async function findAutobotId(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${AUTOBOT_EMAIL}`)
    .limit(1);
  if (!row) throw new Error('Autobot account missing: migration 0029 did not run');
  return row.id;
}
