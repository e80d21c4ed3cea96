import { z } from 'zod';

/**
 * The events a board's hook can ask for (spec section 9 and the replaced product's public API):
 * an item created, changed, moved to the trash, or finalized (its creation and first values
 * committed: the moment an integration can read it whole), a value created or changed, a comment
 * added or edited.
 */
export const HOOK_EVENTS = [
  'item.created',
  'item.updated',
  'item.deleted',
  'item.finalized',
  'value.created',
  'value.updated',
  'comment.created',
  'comment.updated',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

const hookEvent = z.enum(HOOK_EVENTS, { message: 'Unknown event.' });

/**
 * A hook's events as clients send them: names (`["item.created"]`) or objects
 * (`[{ "event": "item.created", "data": ... }]`, the object's other fields ignored), in any mix;
 * kept once each, in the order of HOOK_EVENTS.
 */
const eventName = z
  .unknown()
  .transform((entry) =>
    entry !== null && typeof entry === 'object' && 'event' in entry
      ? (entry as { event: unknown }).event
      : entry,
  )
  .pipe(hookEvent);

export const hookEventsInput = z
  .array(eventName)
  .min(1, { message: 'Choose at least one event.' })
  .max(50)
  .transform((events) => HOOK_EVENTS.filter((event) => events.includes(event)));
