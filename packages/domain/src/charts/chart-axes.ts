import type { AttributeType } from '../attributes/attribute-types';
import { parseIsoDate } from '../attributes/date-values';
import { bucketStartDay, calendarTextDay, dateBucketKey, zonedDayReader } from './chart-buckets';
import { createIdTable, isTableId } from './chart-id-table';
import type { DateBucket } from './chart-settings';

/**
 * An axis turns a value's `data` into bucket positions. Positions are handed out as values are met
 * (or fixed up front where the attribute lists them), so the aggregation indexes plain arrays by
 * them; the axis's order is applied once at the end, in `buckets()`. Work on a distinct value
 * (parsing a date, finding its bucket, making its key) happens once per distinct value.
 */
export interface ChartAxis {
  /** Writes the positions the value falls in to `out`, each once, and answers how many (at least 1). */
  place(data: unknown, out: number[]): number;
  /**
   * On an axis where every value falls in exactly one bucket (dates, checkbox): that bucket's
   * position, what `place` writes, without the list. Null where a value may fall in several.
   */
  positionOf: ((data: unknown) => number) | null;
  /** One more than the highest position handed out so far. */
  size(): number;
  /** The buckets something fell in, in the axis's order, the none bucket (key null) last. */
  buckets(): AxisBucket[];
}

export interface AxisBucket {
  position: number;
  /** A label id, a user id, 'true'/'false', a date bucket key; null for items without a value. */
  key: string | null;
  /** A label's or a member's name. */
  label?: string;
}

/** The types an x axis can show; a split takes the same minus dates. */
export const X_AXIS_TYPES: readonly AttributeType[] = ['label', 'members', 'checkbox', 'date', 'date_range'];
export const SPLIT_TYPES: readonly AttributeType[] = ['label', 'members', 'checkbox'];

export interface AxisOptions {
  /** Members in the order the chart lists them, with their names. */
  members?: readonly { id: number; name: string }[];
  bucket: DateBucket;
  timeZone: string;
  weekStart: number;
}

export function createAxis(
  attribute: { type: AttributeType; settings?: unknown },
  options: AxisOptions,
): ChartAxis {
  switch (attribute.type) {
    case 'label':
      return labelAxis(attribute.settings);
    case 'members':
      return membersAxis(options.members ?? []);
    case 'checkbox':
      return checkboxAxis();
    case 'date':
    case 'date_range':
      return dateAxis({ ...options, isRange: attribute.type === 'date_range' });
    default:
      throw new Error(`a ${attribute.type} attribute cannot be a chart axis`);
  }
}

function pushOnce(out: number[], n: number, position: number): number {
  for (let i = 0; i < n; i++) if (out[i] === position) return n;
  out[n] = position;
  return n + 1;
}

function readLabels(settings: unknown): { id: string; name: string }[] {
  const labels = (settings as { labels?: unknown } | null | undefined)?.labels;
  if (!Array.isArray(labels)) return [];
  return labels.flatMap((label: { id?: unknown; name?: unknown }) =>
    typeof label?.id === 'string'
      ? [{ id: label.id, name: typeof label.name === 'string' ? label.name : '' }]
      : [],
  );
}

/**
 * Labels, in the attribute's label order. An item counts in each of its labels; ids the attribute
 * no longer lists are skipped, and an item left with none falls in the none bucket.
 */
function labelAxis(settings: unknown): ChartAxis {
  const labels = readLabels(settings);
  /** A dictionary-mode object rather than a Map, as the date axis's `byDate`: faster lookups by text. */
  const positions: Record<string, number> = Object.create(null);
  labels.forEach((label, i) => {
    positions[label.id] = i;
  });
  const none = labels.length;
  const seen = new Uint8Array(labels.length + 1);
  return {
    place(data, out) {
      let n = 0;
      if (Array.isArray(data)) {
        for (let i = 0; i < data.length; i++) {
          const id = data[i];
          const position = typeof id === 'string' ? positions[id] : undefined;
          if (position !== undefined) n = pushOnce(out, n, position);
        }
      }
      if (n === 0) out[n++] = none;
      for (let i = 0; i < n; i++) seen[out[i]!] = 1;
      return n;
    },
    positionOf: null,
    size: () => labels.length + 1,
    buckets() {
      const found: AxisBucket[] = [];
      labels.forEach((label, position) => {
        if (seen[position]) found.push({ position, key: label.id, label: label.name });
      });
      if (seen[none]) found.push({ position: none, key: null });
      return found;
    },
  };
}

/** Members, in the order given; members not listed follow by id. An item counts for each member. */
function membersAxis(members: readonly { id: number; name: string }[]): ChartAxis {
  const order = new Map(members.map((member, i) => [member.id, i]));
  const names = new Map(members.map((member) => [member.id, member.name]));
  /** Positions by id: user ids in an IdTable, any other number in a Map. */
  const table = createIdTable();
  const others = new Map<number, number>();
  const ids: (number | null)[] = [];
  let none = -1;
  const newPosition = (id: number | null) => {
    ids.push(id);
    return ids.length - 1;
  };
  const positionOf = (id: number) => {
    if (isTableId(id)) {
      let position = table.get(id);
      if (position < 0) {
        position = newPosition(id);
        table.set(id, position);
      }
      return position;
    }
    let position = others.get(id);
    if (position === undefined) {
      position = newPosition(id);
      others.set(id, position);
    }
    return position;
  };
  const rank = (id: number | null) =>
    id === null ? Number.POSITIVE_INFINITY : (order.get(id) ?? members.length + id);
  return {
    place(data, out) {
      let n = 0;
      if (Array.isArray(data)) {
        for (let i = 0; i < data.length; i++) {
          const id = data[i];
          if (typeof id === 'number') n = pushOnce(out, n, positionOf(id));
        }
      }
      if (n === 0) {
        if (none < 0) none = newPosition(null);
        out[n++] = none;
      }
      return n;
    },
    positionOf: null,
    size: () => ids.length,
    buckets() {
      return ids
        .map((id, position): AxisBucket => {
          if (id === null) return { position, key: null };
          const name = names.get(id);
          return name === undefined
            ? { position, key: String(id) }
            : { position, key: String(id), label: name };
        })
        .sort((a, b) => compareRanks(rank(ids[a.position]!), rank(ids[b.position]!)));
    },
  };
}

/** Unchecked, then checked. No none bucket: a checkbox without a value reads as unchecked (docs/attributes.md). */
function checkboxAxis(): ChartAxis {
  const seen = new Uint8Array(2);
  const positionOf = (data: unknown) => {
    const position = data === true ? 1 : 0;
    seen[position] = 1;
    return position;
  };
  return {
    place(data, out) {
      out[0] = positionOf(data);
      return 1;
    },
    positionOf,
    size: () => 2,
    buckets() {
      const found: AxisBucket[] = [];
      if (seen[0]) found.push({ position: 0, key: 'false' });
      if (seen[1]) found.push({ position: 1, key: 'true' });
      return found;
    },
  };
}

const DAY_MS = 86_400_000;

/**
 * Dates (a date range by its start), bucketed in the reader's zone, in time order. Calendar dates
 * (`YYYY-MM-DD`) have no zone: each distinct text is read once, from its characters, and its
 * position kept by the text. Instants go through the zone's day reader; each day's bucket is
 * found once.
 */
function dateAxis(options: AxisOptions & { isRange: boolean }): ChartAxis {
  const { bucket, weekStart, isRange } = options;
  const dayOf = zonedDayReader(options.timeZone);
  const byDay = new Map<number, number>();
  const byStart = new Map<number, number>();
  /** The first day of each position's bucket; NaN for the none bucket. */
  const starts: number[] = [];
  let none = -1;

  const nonePosition = () => {
    if (none < 0) {
      none = starts.length;
      starts.push(Number.NaN);
    }
    return none;
  };
  const positionOfBucket = (day: number) => {
    const start = bucketStartDay(day, bucket, weekStart);
    let position = byStart.get(start);
    if (position === undefined) {
      position = starts.length;
      starts.push(start);
      byStart.set(start, position);
    }
    return position;
  };
  const positionOfDay = (day: number) => {
    let position = byDay.get(day);
    if (position === undefined) {
      position = positionOfBucket(day);
      byDay.set(day, position);
    }
    return position;
  };
  const positionOfText = (text: string) => {
    const parsed = parseIsoDate(text);
    if (!parsed) return nonePosition();
    return positionOfDay(parsed.allDay ? Math.floor(parsed.ms / DAY_MS) : dayOf(parsed.ms));
  };

  /**
   * Positions by the text of a calendar date (or any text of its length), each read once. A
   * dictionary-mode object (no prototype) rather than a Map: looking up an internalized string
   * (JSON.parse gives such short strings) in it takes about half as long as in a Map, and this
   * lookup is most of a date chart's work per item.
   */
  const byDate: Record<string, number> = Object.create(null);
  const positionOf = (data: unknown) => {
    const text = isRange ? (data as { start?: unknown } | null | undefined)?.start : data;
    if (typeof text !== 'string') return nonePosition();
    // Instants are not kept by their text: mostly distinct, 100,000 of them kept by text made a
    // chart over them a quarter to a half slower.
    if (text.length !== 10) return positionOfText(text);
    return byDate[text] ?? positionOfNewDate(text);
  };
  const positionOfNewDate = (text: string) => {
    const day = calendarTextDay(text);
    const position = Number.isNaN(day) ? positionOfText(text) : positionOfBucket(day);
    byDate[text] = position;
    return position;
  };

  return {
    place(data, out) {
      out[0] = positionOf(data);
      return 1;
    },
    positionOf,
    size: () => starts.length,
    buckets() {
      return starts
        .map(
          (start, position): AxisBucket => ({
            position,
            key: Number.isNaN(start) ? null : dateBucketKey(start, bucket),
          }),
        )
        .sort((a, b) => compareRanks(rankOfStart(starts[a.position]!), rankOfStart(starts[b.position]!)));
    },
  };
}

function rankOfStart(start: number): number {
  return Number.isNaN(start) ? Number.POSITIVE_INFINITY : start;
}

function compareRanks(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
