import { AppError } from '@strata/domain/errors';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { teamMembers } from '../../db/schema/teams';
import { type UserRow, users } from '../../db/schema/users';
import { quickUser } from '../../test/quick-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listPermissionRecords, savePermissionRecord } from './permission-records.service';
import { getTeam, renameTeam } from './teams.service';

/**
 * Issue 5's race: clients doing read-modify-write with row_version compare-and-set on a few hot
 * rows, retrying on 409 with the server copy. Each operation adds one to a counter kept in the
 * row (the workspace name, or the user id of a permission key), so every acknowledged operation
 * must be visible in the final state: the counter equals the number of acknowledgements, and the
 * values acknowledged are exactly 1..n with none twice (two acks of one value = a lost update).
 *
 * The clients call the services the routes call (the compare-and-set lives there; HTTP adds
 * ~15 ms a request on PGlite and nothing to the race). All 10,000 operations run on PostgreSQL
 * (TEST_DATABASE_URL), where transactions really run in parallel; on PGlite, one connection,
 * 1,000 keep `npm test` short. RACE_OPERATIONS overrides either.
 */
const OPERATIONS = Number(process.env.RACE_OPERATIONS ?? (process.env.TEST_DATABASE_URL ? 10_000 : 1_000));
const CLIENTS = 10;
const KEY_BASE = 1_000_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Counted = { count: number; version: number };

interface HotRow {
  label: string;
  /** The counter and row_version as stored. */
  read(user: UserRow): Promise<Counted>;
  /** Saves count at version; a 409 answers the server copy's counter and row_version. */
  write(user: UserRow, count: number, version: number): Promise<{ ok: true } | ({ ok: false } & Counted)>;
}

const teamCount = (team: { name: string; row_version: number }): Counted => ({
  count: Number(team.name.replace('count:', '')),
  version: team.row_version,
});
const recordCount = (record: { permissions: string[]; row_version: number }): Counted => ({
  count: record.permissions.length === 0 ? 0 : Number(record.permissions[0]!.split(':')[3]) - KEY_BASE,
  version: record.row_version,
});

/** A 409's server copy, counted; anything else is rethrown. */
function conflictCopy<T>(error: unknown, count: (copy: T) => Counted): { ok: false } & Counted {
  if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
  return { ok: false, ...count(error.current as T) };
}

function workspaceRow(teamId: number): HotRow {
  const ctx = t.app.ctx;
  return {
    label: `workspace ${teamId}`,
    read: async (user) => teamCount(await getTeam({ ctx, user, teamId })),
    async write(user, count, version) {
      try {
        await renameTeam({ ctx, user, teamId, name: `count:${count}`, rowVersion: version });
        return { ok: true };
      } catch (error) {
        return conflictCopy(error, teamCount);
      }
    },
  };
}

function permissionRow(teamId: number): HotRow {
  const ctx = t.app.ctx;
  return {
    label: `permission record of ${teamId}`,
    read: async (user) => recordCount((await listPermissionRecords({ ctx, user, teamId }))[0]!),
    async write(user, count, version) {
      try {
        await savePermissionRecord({
          ctx,
          user,
          teamId,
          record: {
            resource_type: 'workspace',
            resource_id: String(teamId),
            permissions: [`EXPORT:deny:user:${KEY_BASE + count}`],
            final_permissions: [],
            row_version: version,
          },
        });
        return { ok: true };
      } catch (error) {
        return conflictCopy(error, recordCount);
      }
    },
  };
}

test(`${CLIENTS} clients, ${OPERATIONS} read-modify-write operations with row_version CAS on 4 hot rows: no acknowledged update is lost`, async () => {
  const ctx = t.app.ctx;
  const owner = await quickUser(ctx);
  const rows: HotRow[] = [];
  const people = await Promise.all(Array.from({ length: CLIENTS + 1 }, () => quickUser(ctx)));
  const accounts = await ctx.db
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        people.map((p) => p.id),
      ),
    );
  const [referee, ...clients] = accounts;
  for (let i = 0; i < 2; i++) {
    const team = (
      await t.request({ method: 'POST', url: '/api/teams', token: owner.token, json: { name: 'count:0' } })
    ).json();
    await ctx.db
      .insert(teamMembers)
      .values(
        [referee!, ...clients].map((client) => ({ teamId: team.id, userId: client.id, role: 'admin' })),
      );
    rows.push(workspaceRow(team.id), permissionRow(team.id));
  }

  const acked = rows.map(() => [] as number[]);
  let started = 0;
  let conflicts = 0;
  const runClient = async (user: UserRow, index: number) => {
    for (let op = 0; started < OPERATIONS; op++) {
      started++;
      const which = (index + op) % rows.length;
      const row = rows[which]!;
      let base = await row.read(user);
      for (;;) {
        const result = await row.write(user, base.count + 1, base.version + 1);
        if (result.ok) {
          acked[which]!.push(base.count + 1);
          break;
        }
        conflicts++;
        base = result; // rebase on the server copy and try again
      }
    }
  };
  await Promise.all(clients.map((client, index) => runClient(client, index)));

  expect(acked.flat()).toHaveLength(OPERATIONS);
  // The clients really raced: some saves were refused and retried.
  expect(conflicts).toBeGreaterThan(0);
  for (const [which, row] of rows.entries()) {
    const values = [...acked[which]!].sort((a, b) => a - b);
    const final = await row.read(referee!);
    expect({ row: row.label, ...final }).toEqual({
      row: row.label,
      count: values.length,
      version: values.length,
    });
    expect(values).toEqual(Array.from({ length: values.length }, (_, i) => i + 1));
  }
}, 600_000);
