import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  ACTIVITY_ROWS_PER_INSERT,
  type ActivityInsert,
  insertActivitySql,
  recordActivity,
} from '../modules/activity/activity-rows';
import {
  CHANGES_PER_STATEMENT,
  type NotedChange,
  noteChangedStandings,
  noteChanges,
  noteChangesSql,
  noteTakenSequence,
  uniqueChanges,
} from './change-log';
import { EVENTS_PER_INSERT, insertEventsSql, type OutboxEvent, recordEvents } from './outbox';

/**
 * What a write of a workspace's records tells others, in the write's transaction: its outbox
 * events, its delta-sync notes and its activity rows, in one statement (the two INSERTs as
 * data-modifying CTEs before the change log's bump), so a save costs one round trip for all three
 * instead of three. A write with very many (over 2,000 events or activity rows, or 5,000 changes)
 * takes the statements of each, chunked, as before.
 */
export async function recordWrite(
  tx: DbOrTx,
  write: {
    teamId: number;
    events: readonly OutboxEvent[];
    changes: readonly NotedChange[];
    activity: readonly ActivityInsert[];
  },
): Promise<void> {
  const { teamId, events, activity } = write;
  const changes = uniqueChanges(write.changes);
  if (
    changes.length === 0 ||
    changes.length > CHANGES_PER_STATEMENT ||
    events.length > EVENTS_PER_INSERT ||
    activity.length > ACTIVITY_ROWS_PER_INSERT
  ) {
    await recordEvents(tx, events);
    await noteChanges(tx, teamId, changes);
    await recordActivity(tx, activity);
    return;
  }
  noteChangedStandings(tx, teamId, changes);
  const before = sql`WITH outbox AS (${
    events.length > 0 ? sql`${insertEventsSql(events)} RETURNING 1` : sql`SELECT 1`
  }), activity AS (${activity.length > 0 ? sql`${insertActivitySql(activity)} RETURNING 1` : sql`SELECT 1`}),`;
  const result = await tx.execute(noteChangesSql(teamId, changes, before));
  if (!noteTakenSequence(tx, teamId, changes, result))
    throw new Error(`recordWrite: workspace ${teamId} does not exist`);
}
