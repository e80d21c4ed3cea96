import type { DispatchedEvent } from '../events/dispatched-event';
import type { EventSubscriber } from '../events/dispatcher';
import { FANOUT_KEY, type FanoutEntry } from '../events/outbox';
import type { BusMessage, RealtimeBus } from './bus';

/** The member a `member.removed` or `member.updated` event is about: `data.user_id`, else the payload's id. */
function memberUserId(payload: Record<string, unknown>): number | undefined {
  const data = payload.data as { user_id?: unknown } | undefined;
  const id = data?.user_id ?? payload.id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}

/**
 * What an event changes about who may listen where, as the bus tells the nodes:
 * - `member.removed`: the user loses every channel of the workspace (boards' included);
 * - `member.updated` (a new role): the user's board channels of the workspace are re-checked;
 * - `board.updated` (members, privacy) and `board.deleted`: that board's subscribers are;
 * - `permissions.updated`: a board's record re-checks that board, the workspace's record every
 *   board of the workspace.
 */
export function accessChangeOf(event: DispatchedEvent): BusMessage | undefined {
  const teamId = event.teamId;
  if (teamId === null) return undefined;
  const id = event.payload.id;
  switch (event.type) {
    case 'member.removed': {
      const userId = memberUserId(event.payload);
      return userId === undefined ? undefined : { kind: 'member-removed', teamId, userId };
    }
    case 'member.updated': {
      const userId = memberUserId(event.payload);
      return userId === undefined ? undefined : { kind: 'board-access-changed', teamId, userId };
    }
    case 'board.updated':
    case 'board.deleted':
      return typeof id === 'string' ? { kind: 'board-access-changed', teamId, boardId: id } : undefined;
    case 'permissions.updated': {
      if (typeof id !== 'string') return undefined;
      if (id.startsWith('board:')) return { kind: 'board-access-changed', teamId, boardId: id.slice(6) };
      return id.startsWith('workspace:') ? { kind: 'board-access-changed', teamId } : undefined;
    }
    default:
      return undefined;
  }
}

/** The channels an event goes to, each with the payload it hears (outbox.ts FANOUT_KEY). */
export function deliveriesOf(event: DispatchedEvent): { channel: string; data: Record<string, unknown> }[] {
  const { [FANOUT_KEY]: fanout, ...shared } = event.payload as Record<string, unknown>;
  if (!Array.isArray(fanout)) return [{ channel: event.channel, data: event.payload }];
  const data = shared.data;
  return (fanout as FanoutEntry[]).map((entry) => ({
    channel: entry.channel,
    data: {
      ...shared,
      id: entry.id,
      ...(data !== null && typeof data === 'object' && !Array.isArray(data)
        ? { data: { ...data, id: entry.id } }
        : {}),
    },
  }));
}

/**
 * Publishes every committed event on its channel (with Pusher's `private-` prefix) to all nodes.
 * When the event may take channels away from someone (accessChangeOf), that goes on the bus
 * after the event itself, so their client still hears the change that cost them the channel.
 */
export function createRealtimeSubscriber(options: { bus: RealtimeBus }): EventSubscriber {
  const { bus } = options;
  return {
    name: 'realtime',
    async handle(event: DispatchedEvent) {
      for (const delivery of deliveriesOf(event))
        await bus.publish({
          kind: 'event',
          channel: `private-${delivery.channel}`,
          event: event.type,
          data: delivery.data,
        });
      const change = accessChangeOf(event);
      if (change) await bus.publish(change);
    },
  };
}
