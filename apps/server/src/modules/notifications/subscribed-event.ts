import { subscribedRecipients } from '@strata/domain/notifications/comment-recipients';
import { recordEvent, userChannel } from '../../events/outbox';
import type { WriteScope } from '../records/write-scope';

/**
 * After people were subscribed to an item or a view: the event that tells the producer whom to
 * tell (UserSubscribedNotification), those named who did not follow before, other than the one
 * subscribing and only who see it (the domain's subscribedRecipients); nothing when nobody is new.
 * It goes on the caller's own channel: who follows something is not news for the whole board.
 */
export async function recordSubscribed(
  scope: WriteScope,
  event: {
    teamId: number;
    type: string;
    named: readonly number[];
    followersBefore: readonly number[];
    seeing: ReadonlySet<number>;
    /** The subject: its id (and an item's `item_id`). */
    subject: { id: string; item_id?: string };
  },
): Promise<void> {
  const added = subscribedRecipients({
    actorId: scope.user.id,
    named: event.named,
    followersBefore: event.followersBefore,
    canSee: (userId) => event.seeing.has(userId),
  });
  if (added.length === 0) return;
  await recordEvent(scope.tx, {
    teamId: event.teamId,
    type: event.type,
    channel: userChannel(scope.user.id),
    actorId: scope.user.id,
    payload: { ...event.subject, data: { user_ids: added } },
  });
}
