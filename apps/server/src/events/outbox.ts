import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { events } from '../db/schema/events';
import { insertJsonRows } from './json-rows';
import { ADDED_USERS_KEY, MOVED_FROM_KEY, VALUE_CHANGES_KEY } from './value-events';
import { currentOrigin, type EventOrigin, ORIGIN_KEY } from './write-origin';

export interface OutboxEvent {
  teamId: number | null;
  /** What happened, e.g. `permissions.updated`. */
  type: string;
  /** The real-time channel it is announced on (without Pusher's `private-` prefix). */
  channel: string;
  actorId?: number | null;
  /** The record the event is about: `{ type, id, row_version, data }` for real-time clients. */
  payload: {
    id: string | number;
    row_version?: number;
    data?: unknown;
    [VALUE_CHANGES_KEY]?: unknown;
    [ADDED_USERS_KEY]?: number[];
    [FANOUT_KEY]?: FanoutEntry[];
    [MOVED_FROM_KEY]?: string;
    item_id?: string;
    board_id?: string;
    folder_id?: string;
  };
}

/**
 * Where an event meant for many channels lists them: one record announced to many people (a
 * comment's 200 notifications), each copy with its own id, is one outbox row instead of one per
 * channel. The real-time subscriber sends each channel its copy: the payload with `id` (and its
 * `data`'s `id`) set to the entry's, without the list.
 */
export const FANOUT_KEY = 'fanout';

export interface FanoutEntry {
  channel: string;
  id: string | number;
}

/**
 * Records an event in the caller's transaction: it commits with the change or not at all. The
 * dispatcher that fans events out (real-time, webhooks, automations) reads them after commit.
 */
export async function recordEvent(tx: DbOrTx, event: OutboxEvent): Promise<void> {
  await recordEvents(tx, [event]);
}

/** Rows per INSERT: keeps one statement's JSON parameter to a few megabytes. */
export const EVENTS_PER_INSERT = 2000;

const EVENT_COLUMNS = {
  team_id: 'integer',
  type: 'text',
  channel: 'text',
  actor_id: 'integer',
  payload: 'jsonb',
} as const;

/**
 * Several events of one write in one INSERT (a batch of item creates, a board deleted with its
 * folders), sent as one JSON parameter (json-rows.ts); a write with very many (a board's items
 * numbered at once) takes one INSERT per 2,000. Ids follow the list's order, so the dispatcher
 * hands them out in the order the write gave them.
 */
export async function recordEvents(tx: DbOrTx, list: readonly OutboxEvent[]): Promise<void> {
  for (let start = 0; start < list.length; start += EVENTS_PER_INSERT)
    await tx.execute(insertEventsSql(list.slice(start, start + EVENTS_PER_INSERT)));
}

/** The INSERT of up to 2,000 events (recordEvents; record-write.ts joins it to others). */
export function insertEventsSql(list: readonly OutboxEvent[]): SQL {
  // An automation's write: by Autobot, carrying the chain's depth (write-origin.ts).
  const origin = currentOrigin();
  const stamp: EventOrigin | undefined = origin && {
    automation_id: origin.automation.id,
    depth: origin.depth,
  };
  const rows = list.map((event) => ({
    team_id: event.teamId,
    type: event.type,
    channel: event.channel,
    actor_id: origin ? origin.actorId : (event.actorId ?? null),
    payload: stamp
      ? { type: event.type, ...event.payload, [ORIGIN_KEY]: stamp }
      : { type: event.type, ...event.payload },
  }));
  return insertJsonRows(events, EVENT_COLUMNS, rows);
}

/** Channels of spec section 7 for a workspace. */
export const teamChannels = {
  users: (teamId: number) => `team.${teamId}.users`,
  permissions: (teamId: number) => `team.${teamId}.permissions`,
  /** The generic record-change channel: workspace-wide records (boards, folders). */
  records: (teamId: number) => `team.${teamId}.records`,
  /** A board's record channel: its attributes, items and views; only those who see the board may listen. */
  board: (teamId: number, boardId: string) => `team.${teamId}.board.${boardId}`,
} as const;

/** A user's own channel (App.User.{id}): what changes their list of workspaces and invitations. */
export const userChannel = (userId: number) => `App.User.${userId}`;

/**
 * Tells a user their own standing in a workspace changed (joined, left, new role, invited), so
 * their other screens follow. Carries only the workspace id: the user reloads what they may see.
 */
export function recordUserEvent(
  tx: DbOrTx,
  event: { teamId: number; userId: number; type: string; actorId: number },
): Promise<void> {
  return recordEvent(tx, {
    teamId: event.teamId,
    type: event.type,
    channel: userChannel(event.userId),
    actorId: event.actorId,
    payload: { id: event.teamId, data: { team_id: event.teamId } },
  });
}
