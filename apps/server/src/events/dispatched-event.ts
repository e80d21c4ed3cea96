import type { events } from '../db/schema/events';

/** An outbox row as subscribers receive it. */
export type DispatchedEvent = typeof events.$inferSelect;
