import type { DispatchedEvent } from './dispatched-event';

/** Where an item event of the outbox carries its value changes (never sent as it is). */
export const VALUE_CHANGES_KEY = 'value_changes';

/** One value change as the item event's row keeps it: what its value event's payload needs. */
export interface CompactValueChange {
  type: 'value.created' | 'value.updated';
  /** The value's id. */
  id: string;
  /** Left out where the item's folder is hidden or private, as the item's own data is. */
  data?: { id: string; item_id: string; attribute_id: string; data: unknown };
}

export const VALUE_EVENT_TYPES = ['value.created', 'value.updated'] as const;

/**
 * An outbox row as subscribers receive it: an item change alone, then one `value.created` or
 * `value.updated` event per value it changed (the same id, channel and actor as the item's;
 * row_version the item's), each carrying what the per-value rows carried before they were folded
 * into their item's row. Other rows are handed out as they are.
 */
export function expandEvent(event: DispatchedEvent): DispatchedEvent[] {
  const changes = event.payload[VALUE_CHANGES_KEY] as CompactValueChange[] | undefined;
  if (changes === undefined) return [event];
  const { [VALUE_CHANGES_KEY]: _, ...payload } = event.payload;
  const item = { ...event, payload };
  const rowVersion = payload.row_version;
  return [
    item,
    ...changes.map((change) => ({
      ...event,
      type: change.type,
      payload: {
        type: change.type,
        id: change.id,
        row_version: rowVersion,
        ...(change.data === undefined ? {} : { data: change.data }),
      },
    })),
  ];
}

/** expandEvent over rows read from the outbox, in their order. */
export const expandEvents = (rows: readonly DispatchedEvent[]): DispatchedEvent[] =>
  rows.flatMap(expandEvent);
