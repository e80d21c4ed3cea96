import type { events } from '../db/schema/events';
import type { EventOrigin } from './write-origin';

/**
 * An outbox row as subscribers receive it, with what the row carries for subscribers only (taken
 * out of the payload clients see, events/value-events.ts): the write's origin (an automation's),
 * a moved item's folder before the move, a changed value's data before the change, and a hidden
 * or private folder's value (its event goes out without data).
 */
export type DispatchedEvent = typeof events.$inferSelect & {
  origin?: EventOrigin;
  movedFrom?: string;
  valueBefore?: unknown;
  restrictedValue?: { id: string; item_id: string; attribute_id: string; data: unknown };
};
