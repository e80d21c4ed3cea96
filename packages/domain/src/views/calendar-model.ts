import { dayNumberToIso, isEndBeforeStart, parseIsoDate } from '../attributes/date-values';
import { itemValueData } from '../attributes/item-values';
import type { ValueContext } from '../attributes/value-context';
import { applyView, type DataOf, type ViewAttribute, type ViewItem } from './view-rows';
import { MAX_CALENDAR_ATTRIBUTES, type ViewSettings } from './view-settings';

/** The attribute types a calendar places items by. */
export const CALENDAR_DATE_TYPES = new Set(['date', 'date_range']);

/** One value on the calendar: an item's date (or range) of one attribute. */
export interface CalendarEvent {
  /** `{itemId}:{attributeId}`: an item shows once per date attribute. */
  id: string;
  itemId: string;
  attributeId: string;
  title: string;
  /** `YYYY-MM-DD` for a day, an ISO instant for a time. */
  start: string;
  /** Exclusive, as the calendar takes it: the day after a range's last day; absent for one day. */
  end?: string;
  allDay: boolean;
  /** The label's colour, else the palette's for the attribute; empty without either. */
  color: string;
}

export interface CalendarModel {
  /** The date attributes shown (the view's, else the board's first). */
  dateAttributes: ViewAttribute[];
  events: CalendarEvent[];
  /** Items that pass the view's filters but have no date in any shown attribute. */
  undated: ViewItem[];
}

/** The day `offset` days from a `YYYY-MM-DD` date. */
function shiftDay(date: string, offset: number): string {
  const parsed = parseIsoDate(date);
  return parsed ? dayNumberToIso(Math.floor(parsed.ms / 86_400_000) + offset) : date;
}

/** The day after a `YYYY-MM-DD` date. */
export const nextDay = (date: string) => shiftDay(date, 1);

/** The day before a `YYYY-MM-DD` date. */
export const previousDay = (date: string) => shiftDay(date, -1);

/** The date attributes a calendar view shows: the chosen ones that still exist, else the first. */
export function calendarAttributes(
  attributes: readonly ViewAttribute[],
  settings: Pick<ViewSettings, 'date_attribute_ids'>,
): ViewAttribute[] {
  const dated = attributes.filter((attribute) => CALENDAR_DATE_TYPES.has(attribute.type));
  const chosen = settings.date_attribute_ids.flatMap((id) =>
    dated.filter((attribute) => attribute.id === id),
  );
  return (chosen.length > 0 ? chosen : dated.slice(0, 1)).slice(0, MAX_CALENDAR_ATTRIBUTES);
}

/** A label attribute's first label colour of an item, if the view colours by one. */
function labelColor(
  item: ViewItem,
  attribute: ViewAttribute | undefined,
  dataOf: DataOf<ViewItem>,
): string | undefined {
  if (!attribute) return undefined;
  const data = dataOf(item, attribute);
  const first = Array.isArray(data) ? data[0] : undefined;
  const labels = (attribute.settings as { labels?: { id: string; color?: string }[] } | undefined)?.labels;
  return labels?.find((label) => label.id === first)?.color;
}

/** An item's name as the calendar shows it; empty when it has none. */
export function itemTitle(
  item: ViewItem,
  nameAttribute: ViewAttribute | undefined,
  dataOf: DataOf<ViewItem> = itemValueData,
): string {
  const name = nameAttribute ? dataOf(item, nameAttribute) : null;
  return typeof name === 'string' && name.trim() !== '' ? name : '';
}

/** A date value's start and exclusive end as the calendar takes them, or null without a date. */
function span(
  attribute: ViewAttribute,
  data: unknown,
): { start: string; end?: string; allDay: boolean } | null {
  if (attribute.type === 'date') {
    if (typeof data !== 'string') return null;
    const parsed = parseIsoDate(data);
    return parsed ? { start: data, allDay: parsed.allDay } : null;
  }
  const range = data as { start?: unknown; end?: unknown } | null;
  const start = typeof range?.start === 'string' ? range.start : null;
  const end = typeof range?.end === 'string' ? range.end : null;
  const from = start ?? end;
  if (!from) return null;
  const first = parseIsoDate(from);
  if (!first) return null;
  // A range whose end comes before its start is shown on its start alone (the item flags it).
  if (!start || !end || !parseIsoDate(end) || isEndBeforeStart(start, end))
    return { start: from, allDay: first.allDay };
  if (first.allDay) return { start: from, end: nextDay(end!), allDay: true };
  return { start: from, end: end!, allDay: false };
}

/**
 * What a calendar view shows of a folder: the items that pass the view's filters (the shared
 * filter engine, subitems under shown items included), each once per shown date attribute it has
 * a date in, titled by its name and coloured by the view's label attribute or, without one, by the
 * date attribute; the rest as undated.
 */
export function calendarModel(options: {
  items: readonly ViewItem[];
  attributes: readonly ViewAttribute[];
  settings: ViewSettings;
  nameAttributeId: string | null;
  context?: ValueContext;
  dataOf?: DataOf<ViewItem>;
  untitled: string;
  /** Colours of the shown date attributes by their place (repeating); none: events have no colour. */
  palette?: readonly string[];
}): CalendarModel {
  const { attributes, settings, context, nameAttributeId } = options;
  const dataOf = options.dataOf ?? itemValueData;
  const palette = options.palette ?? [];
  const dateAttributes = calendarAttributes(attributes, settings);
  const rows = applyView({
    items: options.items,
    attributes,
    settings: { ...settings, group_by: null },
    context,
    dataOf,
  });
  const shown = rows.groups.flatMap((group) =>
    group.items.flatMap((item) => [item, ...(rows.subitems.get(item.id) ?? [])]),
  );
  const nameAttribute = attributes.find((attribute) => attribute.id === nameAttributeId);
  const colorAttribute = attributes.find(
    (attribute) => attribute.id === settings.color_by && attribute.type === 'label',
  );
  const events: CalendarEvent[] = [];
  const undated: ViewItem[] = [];
  for (const item of shown) {
    const title = itemTitle(item, nameAttribute, dataOf) || options.untitled;
    const color = labelColor(item, colorAttribute, dataOf);
    const before = events.length;
    for (const [at, attribute] of dateAttributes.entries()) {
      const dates = span(attribute, dataOf(item, attribute));
      if (!dates) continue;
      events.push({
        id: `${item.id}:${attribute.id}`,
        itemId: item.id,
        attributeId: attribute.id,
        title,
        ...dates,
        color: color ?? palette[at % palette.length] ?? '',
      });
    }
    if (events.length === before) undated.push(item);
  }
  return { dateAttributes, events, undated };
}

/**
 * The value a moved or resized event gives its attribute: `start` and `end` as the calendar
 * reports them (`YYYY-MM-DD` for all-day, instants otherwise; the end exclusive, absent when the
 * event has none).
 */
export function valueAfterMove(
  attribute: Pick<ViewAttribute, 'type'>,
  moved: { start: string; end: string | null; allDay: boolean },
): unknown {
  if (attribute.type === 'date') return moved.start;
  const end = moved.end === null ? moved.start : moved.allDay ? previousDay(moved.end) : moved.end;
  return { start: moved.start, end };
}
