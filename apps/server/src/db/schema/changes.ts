import { bigint, boolean, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams';

/**
 * The last change of every record of a workspace, for delta sync (`GET /api/{teamId}/changes`):
 * one row per record, moved to the workspace's next change_seq on every write, and kept as a
 * tombstone (`deleted`) when the record goes, so that clients behind the cursor learn of it.
 */
export const recordChanges = pgTable(
  'record_changes',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** One of the contract's CHANGE_RECORD_TYPES, e.g. `member`. */
    recordType: text('record_type').notNull(),
    /** The record's id as the API names it, as text (`12`, `workspace:12`). */
    recordId: text('record_id').notNull(),
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.recordType, t.recordId] }),
    // Every change takes its own number, so the pair is unique; it is also the delta read's index.
    uniqueIndex('record_changes_seq_key').on(t.teamId, t.changeSeq),
  ],
);
