import type { DispatchedEvent, EventSubscriber } from '../events/dispatcher';
import type { RealtimeBus } from './bus';

/** The member a `member.removed` event is about: `data.user_id`, else the payload's id. */
function removedUserId(payload: Record<string, unknown>): number | undefined {
  const data = payload.data as { user_id?: unknown } | undefined;
  const id = data?.user_id ?? payload.id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Publishes every committed event on its channel (with Pusher's `private-` prefix) to all nodes.
 * A removed member also loses the workspace's channels on every node, after the event itself, so
 * their client still hears that it was removed.
 */
export function createRealtimeSubscriber(options: { bus: RealtimeBus }): EventSubscriber {
  const { bus } = options;
  return {
    name: 'realtime',
    async handle(event: DispatchedEvent) {
      await bus.publish({
        kind: 'event',
        channel: `private-${event.channel}`,
        event: event.type,
        data: event.payload,
      });
      if (event.type !== 'member.removed' || event.teamId === null) return;
      const userId = removedUserId(event.payload);
      if (userId !== undefined) await bus.publish({ kind: 'member-removed', teamId: event.teamId, userId });
    },
  };
}
