import type { ChartAxis } from './chart-axes';
import { addToCell, type ChartGrid, createGrid, growGrid, STRIDE } from './chart-grid';
import type { ChartPlan } from './chart-plan';

/** An item as a chart reads it: its values keyed by attribute id (docs/attributes.md). */
export interface ChartItem {
  id: string;
  values: Readonly<Record<string, { data?: unknown } | null | undefined>>;
}

/** A formula's computed number for an item, supplied by the caller. */
export type NumberOf<T> = (item: T, attributeId: string) => number | null;

/**
 * What the cells track: track 0 counts items (what count measures show), then one track per
 * number attribute the measures read. Measures over the same attribute share a track (sum,
 * average and max of Estimate all come from its count, sum and max), so an item updates one cell
 * per attribute, not one per measure.
 */
export interface Tracks {
  /** How many tracks: the item count and the number attributes. */
  size: number;
  /** Per number attribute: its id, its track, and whether `numberOf` computes it. */
  numbers: { id: string; track: number; viaNumberOf: boolean }[];
  /** Per measure: its track. */
  ofMeasure: number[];
}

/** The tracks of a chart's measures; `hasNumberOf`: formulas are read through the caller's numberOf. */
export function tracksOf(plan: ChartPlan, hasNumberOf: boolean): Tracks {
  const tracks: Tracks = { size: 1, numbers: [], ofMeasure: [] };
  for (const { attribute } of plan.measures) {
    if (!attribute) {
      tracks.ofMeasure.push(0);
      continue;
    }
    let number = tracks.numbers.find((one) => one.id === attribute.id);
    if (!number) {
      const viaNumberOf = hasNumberOf && attribute.type === 'formula';
      number = { id: attribute.id, track: tracks.size++, viaNumberOf };
      tracks.numbers.push(number);
    }
    tracks.ofMeasure.push(number.track);
  }
  return tracks;
}

/** How an item's numbers are read and where they go in its cell (see Tracks). */
interface NumberReads<T extends ChartItem> {
  /** Stored numbers first, then those `numberOf` computes. */
  ids: string[];
  storedCount: number;
  /** Per number: where its track starts in an item's cell group. */
  offsets: Int32Array;
  numberOf: NumberOf<T> | undefined;
  /** The first two stored numbers, read each at a place of its own (see storedData). */
  id0: string;
  id1: string;
}

function numberReads<T extends ChartItem>(tracks: Tracks, numberOf: NumberOf<T> | undefined): NumberReads<T> {
  const ordered = [...tracks.numbers].sort((a, b) => Number(a.viaNumberOf) - Number(b.viaNumberOf));
  return {
    ids: ordered.map((one) => one.id),
    storedCount: ordered.filter((one) => !one.viaNumberOf).length,
    offsets: Int32Array.from(ordered, (one) => one.track * STRIDE),
    numberOf,
    id0: ordered[0]?.id ?? '',
    id1: ordered[1]?.id ?? '',
  };
}

/** What counting needs besides the items. */
interface Counting {
  grid: ChartGrid;
  /** Tracks per cell group. */
  width: number;
  xAxis: ChartAxis | null;
  splitAxis: ChartAxis | null;
  xId: string | null;
  splitId: string | null;
  offsets: Int32Array;
}

/**
 * The one pass over the items, item by item: each item's values are placed on the axes and its
 * count and numbers added to the cells of every (bucket, split value) it falls in. Where neither
 * axis can put a value in two buckets (dates, checkbox, none), each item has exactly one cell and
 * is counted straight into it; labels and members go through the lists of positions. Reading a
 * block of items into flat arrays before counting them, which helped while placing a date took a
 * Map lookup, is no faster for dates now and 6-14% slower for labels and members.
 */
export function countItems<T extends ChartItem>(options: {
  items: readonly T[];
  numberOf?: NumberOf<T>;
  tracks: Tracks;
  plan: ChartPlan;
  xAxis: ChartAxis | null;
  splitAxis: ChartAxis | null;
}): ChartGrid {
  const { items, tracks, plan, xAxis, splitAxis } = options;
  const reads = numberReads(tracks, options.numberOf);
  const counting: Counting = {
    grid: createGrid(Math.max(16, xAxis?.size() ?? 1), Math.max(1, splitAxis?.size() ?? 1) * tracks.size),
    width: tracks.size,
    xAxis,
    splitAxis,
    xId: xAxis === null ? null : (plan.x?.id ?? null),
    splitId: splitAxis === null ? null : (plan.split?.id ?? null),
    offsets: reads.offsets,
  };
  const isOneCellEach =
    (xAxis === null || xAxis.positionOf !== null) && (splitAxis === null || splitAxis.positionOf !== null);
  if (isOneCellEach) countOneCellEach(items, reads, counting);
  else countEachCell(items, reads, counting);
  return counting.grid;
}

/**
 * Counting where each item falls in one cell (see countItems): its position on each axis, then
 * its count and numbers added to that cell as they are read, with no list of positions and no
 * copy of the numbers. Most charts have this shape (a date or checkbox axis, or a single number).
 */
function countOneCellEach<T extends ChartItem>(
  items: readonly T[],
  reads: NumberReads<T>,
  counting: Counting,
): void {
  const { grid, width, xAxis, splitAxis, xId, splitId, offsets } = counting;
  const xOf = xAxis?.positionOf ?? null;
  const splitOf = splitAxis?.positionOf ?? null;
  const { ids, storedCount, id0, id1, numberOf } = reads;
  const numberCount = ids.length;
  const offset0 = offsets[0] ?? 0;
  const offset1 = offsets[1] ?? 0;
  // The grid's fields as locals, read again only when it grows.
  let { cells, buckets, series } = grid;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const values = item.values;
    // The first two numbers are read before the axes' work, so that their memory is on its way.
    const data0 = storedCount > 0 ? values[id0]?.data : undefined;
    const data1 = storedCount > 1 ? values[id1]?.data : undefined;
    const x = xOf === null ? 0 : xOf(values[xId!]?.data);
    const split = splitOf === null ? 0 : splitOf(values[splitId!]?.data);
    if (x >= buckets || (split + 1) * width > series) {
      growGrid(grid, xAxis?.size() ?? 1, (splitAxis?.size() ?? 1) * width);
      ({ cells, buckets, series } = grid);
    }
    const base = (x * series + split * width) * STRIDE;
    cells[base]! += 1;
    if (storedCount > 0) addStored(cells, base + offset0, data0);
    if (storedCount > 1) addStored(cells, base + offset1, data1);
    for (let k = 2; k < storedCount; k++) addStored(cells, base + offsets[k]!, storedData(values, ids, k));
    for (let k = storedCount; k < numberCount; k++) {
      const value = numberOf!(item, ids[k]!);
      if (value !== null && Number.isFinite(value)) addToCell(cells, base + offsets[k]!, value);
    }
  }
}

/**
 * Counting where an item may fall in several cells (two labels, three members): its positions
 * on each axis and its numbers are read first, then added to each (bucket, split value) pair.
 */
function countEachCell<T extends ChartItem>(
  items: readonly T[],
  reads: NumberReads<T>,
  counting: Counting,
): void {
  const { grid, width, xAxis, splitAxis, xId, splitId, offsets } = counting;
  const { ids, storedCount, id0, id1, numberOf } = reads;
  const numberCount = ids.length;
  const xs = [0];
  const splits = [0];
  /** The item's numbers, NaN for none. */
  const numbers = new Float64Array(numberCount);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const values = item.values;
    if (storedCount > 0) numbers[0] = storedNumber(values[id0]?.data);
    if (storedCount > 1) numbers[1] = storedNumber(values[id1]?.data);
    const xCount = xAxis === null ? 1 : xAxis.place(values[xId!]?.data, xs);
    const splitCount = splitAxis === null ? 1 : splitAxis.place(values[splitId!]?.data, splits);
    for (let k = 2; k < storedCount; k++) numbers[k] = storedNumber(storedData(values, ids, k));
    for (let k = storedCount; k < numberCount; k++) {
      const value = numberOf!(item, ids[k]!);
      numbers[k] = value !== null && Number.isFinite(value) ? value : Number.NaN;
    }
    for (let a = 0; a < xCount; a++)
      for (let b = 0; b < splitCount; b++) {
        const base = cellOffset(grid, xs[a]!, splits[b]!, width, xAxis, splitAxis);
        const cells = grid.cells;
        cells[base]! += 1;
        for (let k = 0; k < numberCount; k++) {
          const value = numbers[k]!;
          if (!Number.isNaN(value)) addToCell(cells, base + offsets[k]!, value);
        }
      }
  }
}

/** Stored numbers are finite (validated on write, and JSON has no NaN): any number but NaN counts. */
function addStored(cells: Float64Array, offset: number, data: unknown): void {
  if (typeof data === 'number' && !Number.isNaN(data)) addToCell(cells, offset, data);
}

/** A stored number, or NaN for none (see addStored). */
function storedNumber(data: unknown): number {
  return typeof data === 'number' ? data : Number.NaN;
}

/**
 * Where the cells of bucket position `x` and split position `split` start. Positions are handed
 * out as values are met: the grid grows when one is past its edge.
 */
function cellOffset(
  grid: ChartGrid,
  x: number,
  split: number,
  width: number,
  xAxis: ChartAxis | null,
  splitAxis: ChartAxis | null,
): number {
  if (x >= grid.buckets || (split + 1) * width > grid.series)
    growGrid(grid, xAxis?.size() ?? 1, (splitAxis?.size() ?? 1) * width);
  return (x * grid.series + split * width) * STRIDE;
}

/**
 * `values[ids[k]]?.data` for the third and later number attributes (the loops read the first two
 * themselves), with a property read of its own for each k. In V8 a read that meets several attribute
 * ids goes megamorphic (a global cache probe each time, a large share of the pass); one read per
 * attribute keeps each on the one id it sees while a chart counts.
 */
function storedData(values: ChartItem['values'], ids: readonly string[], k: number): unknown {
  switch (k) {
    case 2:
      return values[ids[2]!]?.data;
    case 3:
      return values[ids[3]!]?.data;
    case 4:
      return values[ids[4]!]?.data;
    case 5:
      return values[ids[5]!]?.data;
    default:
      return values[ids[k]!]?.data;
  }
}
