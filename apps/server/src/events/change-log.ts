import type { ChangeRecordType } from '@strata/contracts/changes';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { noteInvalidation, noteSequence } from '../cache/commit-hooks';
import { type DbOrTx, rowsOf } from '../db/client';
import { recordChanges } from '../db/schema/changes';
import { teamInvitations } from '../db/schema/invitations';
import { teamMembers, teams } from '../db/schema/teams';
import { jsonRows } from './json-rows';

export interface NotedChange {
  type: ChangeRecordType;
  id: string | number;
  /** The record is gone (or, for invitations, no longer pending): a tombstone for delta sync. */
  deleted?: boolean;
}

const STANDING_TYPES = new Set<ChangeRecordType>(['team', 'member', 'permission_record']);

const CHANGE_COLUMNS = { record_type: 'text', record_id: 'text', deleted: 'boolean' } as const;

/**
 * Notes changes of a workspace's records for delta sync, in the caller's transaction: bumps the
 * workspace's change_seq once for all of them and moves each record's row to its new number, in
 * one statement (one per 5,000 records).
 *
 * The `UPDATE ... RETURNING` locks the workspace row until commit, so writes of one workspace
 * commit in the order of their numbers: a reader that saw number N has seen every change up to N,
 * and a change committed later always has a higher number. Call it next to `recordEvent`, after
 * the write itself (the lock is then held for the shortest time).
 */
export async function noteChanges(
  tx: DbOrTx,
  teamId: number,
  changes: readonly NotedChange[],
): Promise<void> {
  // Standings (memberships, roles, permission records, the workspace row) and attributes are
  // kept in memory by every process: they drop them when this transaction commits.
  noteChangedStandings(tx, teamId, changes);
  const unique = uniqueChanges(changes);
  // The bump and the notes in one round trip, the rows as one JSON parameter (json-rows.ts); a
  // further 5,000 take the numbers right after (the workspace row stays locked).
  for (let start = 0; start < unique.length; start += CHANGES_PER_STATEMENT) {
    const chunk = unique.slice(start, start + CHANGES_PER_STATEMENT);
    const result = await tx.execute(noteChangesSql(teamId, chunk));
    if (!noteTakenSequence(tx, teamId, chunk, result))
      throw new Error(`noteChanges: workspace ${teamId} does not exist`);
  }
}

/**
 * Hands the change numbers a noteChangesSql statement took (its answer) to the commit hooks, with
 * the items among the changes: the kept folder lists are patched with them after the commit.
 * False when the statement answered nothing (no such workspace).
 */
export function noteTakenSequence(
  tx: DbOrTx,
  teamId: number,
  chunk: readonly NotedChange[],
  result: unknown,
): boolean {
  const { rows } = rowsOf<{ change_seq: number | string | bigint }>(result);
  if (rows.length === 0) return false;
  let to = 0;
  for (const row of rows) to = Math.max(to, Number(row.change_seq));
  const itemIds = chunk.filter((change) => change.type === 'item').map((change) => String(change.id));
  noteSequence(tx, teamId, to, chunk.length, itemIds);
  return true;
}

/** Changes one statement notes. */
export const CHANGES_PER_STATEMENT = 5000;

/**
 * The statement of noteChanges for up to 5,000 distinct changes, optionally after other
 * data-modifying CTEs (`WITH a AS (...), b AS (...),` as `before`): the workspace's bump and the
 * notes, answering each note's change number when the workspace exists (`noteTakenSequence`
 * hands them on). The caller notes the invalidations.
 */
export function noteChangesSql(teamId: number, chunk: readonly NotedChange[], before?: SQL): SQL {
  const rows = chunk.map((change) => ({
    record_type: change.type,
    record_id: String(change.id),
    deleted: change.deleted ?? false,
  }));
  return sql`
    ${before ?? sql`WITH`} bumped AS (
      UPDATE ${teams} SET change_seq = change_seq + ${chunk.length}::bigint
      WHERE id = ${teamId}::integer
      RETURNING change_seq
    )
    INSERT INTO ${recordChanges} (team_id, record_type, record_id, change_seq, deleted)
    SELECT ${teamId}::integer, r.record_type, r.record_id,
      bumped.change_seq - ${chunk.length}::bigint + r.row_number, r.deleted
    FROM bumped, ${jsonRows(CHANGE_COLUMNS, rows)}
    ON CONFLICT (team_id, record_type, record_id)
      DO UPDATE SET change_seq = excluded.change_seq, deleted = excluded.deleted
    RETURNING change_seq`;
}

/** Invalidations of the hot caches a workspace's changes call for (hot-caches.ts). */
export function noteChangedStandings(tx: DbOrTx, teamId: number, changes: readonly NotedChange[]): void {
  if (changes.some((change) => STANDING_TYPES.has(change.type)))
    noteInvalidation(tx, { scope: 'team', teamId });
  if (changes.some((change) => change.type === 'attribute' || change.type === 'board'))
    noteInvalidation(tx, { scope: 'attributes', teamId });
  if (changes.some((change) => change.type === 'view')) noteInvalidation(tx, { scope: 'views', teamId });
  if (changes.some((change) => change.type === 'folder' || change.type === 'board'))
    noteInvalidation(tx, { scope: 'structure', teamId });
  else if (changes.some((change) => change.type === 'item' || change.type === 'attribute'))
    noteInvalidation(tx, { scope: 'folders', teamId });
}

/** One distinct row per record: a record named twice keeps its last state. */
export function uniqueChanges(changes: readonly NotedChange[]): NotedChange[] {
  const byKey = new Map<string, NotedChange>();
  for (const change of changes) byKey.set(`${change.type}\u0000${change.id}`, change);
  return [...byKey.values()];
}

/** One record's change; see noteChanges. */
export function noteChange(
  tx: DbOrTx,
  teamId: number,
  type: ChangeRecordType,
  id: string | number,
  options: { deleted?: boolean } = {},
): Promise<void> {
  return noteChanges(tx, teamId, [{ type, id, deleted: options.deleted }]);
}

/** The id delta sync gives a permission record, as its real-time event does. */
export const permissionRecordId = (resourceType: string, resourceId: string) =>
  `${resourceType}:${resourceId}`;

/**
 * A person's own fields changed (name, email, photo): their membership in every workspace and
 * their pending invitations show them, so each of those records changed. Workspaces are locked in
 * id order, so two such writes never wait on each other in a cycle.
 */
export async function notePersonChanged(tx: DbOrTx, userId: number): Promise<void> {
  noteInvalidation(tx, { scope: 'user', userId });
  const memberOf = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  const invitedTo = await tx
    .select({ teamId: teamInvitations.teamId })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.userId, userId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    );
  const byTeam = new Map<number, NotedChange[]>();
  for (const { teamId } of memberOf) byTeam.set(teamId, [{ type: 'member', id: userId }]);
  for (const { teamId } of invitedTo)
    byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), { type: 'invitation', id: userId }]);
  for (const teamId of [...byTeam.keys()].sort((a, b) => a - b))
    await noteChanges(tx, teamId, byTeam.get(teamId)!);
}
