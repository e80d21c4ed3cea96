import type { DispatchedEvent } from './dispatched-event';
import { type EventOrigin, ORIGIN_KEY } from './write-origin';

/** Where an item event of the outbox carries its value changes (never sent as it is). */
export const VALUE_CHANGES_KEY = 'value_changes';

/** Where a value event names the user ids a people value gained (for notifications). */
export const ADDED_USERS_KEY = 'added_user_ids';

/** A value's per-value event data: what `value.created` and `value.updated` carry. */
export interface ValueEventData {
  id: string;
  item_id: string;
  attribute_id: string;
  data: unknown;
}

/**
 * One value change as the item event's row keeps it: what its value event's payload needs.
 * Three forms: with `data` (a value the item's own data does not hold as it is: a cleared one);
 * with `attribute_id` and no `data` (the item's data holds the value, which the dispatcher reads
 * from there instead of the row keeping it twice); with neither (the item's folder is hidden or
 * private: its value events go out without data, as the item's does).
 */
export interface CompactValueChange {
  type: 'value.created' | 'value.updated';
  /** The value's id. */
  id: string;
  attribute_id?: string;
  data?: ValueEventData;
  /** The user ids a people value gained (ADDED_USERS_KEY on its value event). */
  added?: number[];
  /** An updated value's data before the write (for subscribers only: automations' "from"). */
  before?: unknown;
  /** A hidden or private folder's value as it is now (for subscribers only: automations' triggers). */
  restricted?: ValueEventData;
}

/** Where an item event's row names the folder a move took it from (for subscribers only). */
export const MOVED_FROM_KEY = 'moved_from';

export const VALUE_EVENT_TYPES = ['value.created', 'value.updated'] as const;

type StoredValue = { id?: unknown; data?: unknown } | undefined;

/** The value event's data of a change, read from the item's data when the row left it there. */
function valueData(change: CompactValueChange, payload: Record<string, unknown>): ValueEventData | undefined {
  if (change.data !== undefined || change.attribute_id === undefined) return change.data;
  const values = (payload.data as { values?: Record<string, StoredValue> } | undefined)?.values;
  const value = values?.[change.attribute_id];
  if (value?.id !== change.id) return undefined;
  return { id: change.id, item_id: String(payload.id), attribute_id: change.attribute_id, data: value.data };
}

/**
 * An outbox row as subscribers receive it: an item change alone, then one `value.created` or
 * `value.updated` event per value it changed (the same id, channel and actor as the item's;
 * row_version the item's), each carrying what the per-value rows carried before they were folded
 * into their item's row. Other rows are handed out as they are.
 */
export function expandEvent(row: DispatchedEvent): DispatchedEvent[] {
  const event = withSubscriberFacts(row);
  const changes = event.payload[VALUE_CHANGES_KEY] as CompactValueChange[] | undefined;
  if (changes === undefined) return [event];
  const { [VALUE_CHANGES_KEY]: _, ...payload } = event.payload;
  const item = { ...event, payload };
  const rowVersion = payload.row_version;
  const { movedFrom: _moved, ...valueEvent } = event;
  return [
    item,
    ...changes.map((change) => {
      const data = valueData(change, payload);
      return {
        ...valueEvent,
        ...(change.before === undefined ? {} : { valueBefore: change.before }),
        ...(change.restricted === undefined ? {} : { restrictedValue: change.restricted }),
        type: change.type,
        payload: {
          type: change.type,
          id: change.id,
          row_version: rowVersion,
          ...(data === undefined ? {} : { data }),
          // With the item's id: a value of a hidden or private folder's item carries no data.
          ...(change.added ? { [ADDED_USERS_KEY]: change.added, item_id: String(payload.id) } : {}),
        },
      };
    }),
  ];
}

/** The row with what only subscribers read taken out of its payload (dispatched-event.ts). */
function withSubscriberFacts(row: DispatchedEvent): DispatchedEvent {
  const { [ORIGIN_KEY]: origin, [MOVED_FROM_KEY]: movedFrom, ...payload } = row.payload;
  if (origin === undefined && movedFrom === undefined) return row;
  return {
    ...row,
    payload,
    ...(origin === undefined ? {} : { origin: origin as EventOrigin }),
    ...(typeof movedFrom === 'string' ? { movedFrom } : {}),
  };
}

/** expandEvent over rows read from the outbox, in their order. */
export const expandEvents = (rows: readonly DispatchedEvent[]): DispatchedEvent[] =>
  rows.flatMap(expandEvent);
