import type { DbOrTx } from '../db/client';
import { events } from '../db/schema/events';

export interface OutboxEvent {
  teamId: number | null;
  /** What happened, e.g. `permissions.updated`. */
  type: string;
  /** The real-time channel it is announced on (without Pusher's `private-` prefix). */
  channel: string;
  actorId?: number | null;
  /** The record the event is about: `{ type, id, row_version, data }` for real-time clients. */
  payload: { id: string | number; row_version?: number; data?: unknown };
}

/**
 * Records an event in the caller's transaction: it commits with the change or not at all. The
 * dispatcher that fans events out (real-time, webhooks, automations) reads them after commit.
 */
export async function recordEvent(tx: DbOrTx, event: OutboxEvent): Promise<void> {
  await recordEvents(tx, [event]);
}

/** Several events of one write in one INSERT (a board deleted with its folders). */
export async function recordEvents(tx: DbOrTx, list: readonly OutboxEvent[]): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(events).values(
    list.map((event) => ({
      teamId: event.teamId,
      type: event.type,
      channel: event.channel,
      actorId: event.actorId ?? null,
      payload: { type: event.type, ...event.payload },
    })),
  );
}

/** Channels of spec section 7 for a workspace. */
export const teamChannels = {
  users: (teamId: number) => `team.${teamId}.users`,
  permissions: (teamId: number) => `team.${teamId}.permissions`,
  /** The generic record-change channel: workspace-wide records (boards' own channels come with boards). */
  records: (teamId: number) => `team.${teamId}.records`,
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
