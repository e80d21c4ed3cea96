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
 * number attribute the measures read. Measures over the same
 * attribute share a track (sum, average and max of Estimate all come from its count, sum and
 * max), so an item updates one cell per attribute, not one per measure.
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
  offset0: number;
  offset1: number;
}

function numberReads<T extends ChartItem>(tracks: Tracks, numberOf: NumberOf<T> | undefined): NumberReads<T> {
  const ordered = [...tracks.numbers].sort((a, b) => Number(a.viaNumberOf) - Number(b.viaNumberOf));
  const offsets = Int32Array.from(ordered, (one) => one.track * STRIDE);
  return {
    ids: ordered.map((one) => one.id),
    storedCount: ordered.filter((one) => !one.viaNumberOf).length,
    offsets,
    numberOf,
    id0: ordered[0]?.id ?? '',
    id1: ordered[1]?.id ?? '',
    offset0: offsets[0] ?? 0,
    offset1: offsets[1] ?? 0,
  };
}

/**
 * The one pass over the items: each item's values are placed on the axes and its count and
 * numbers added to the cells of every (bucket, split value) it falls in.
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
  const width = tracks.size;
  const reads = numberReads(tracks, options.numberOf);
  const xId = plan.x?.id ?? '';
  const splitId = plan.split?.id ?? '';
  const xs = [0];
  const splits = [0];
  const grid = createGrid(Math.max(16, xAxis?.size() ?? 1), Math.max(1, splitAxis?.size() ?? 1) * width);

  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const values = item.values;
    const xCount = xAxis === null ? 1 : xAxis.place(values[xId]?.data, xs);
    const splitCount = splitAxis === null ? 1 : splitAxis.place(values[splitId]?.data, splits);
    // Usually one cell; an item with several labels or members adds itself to each of its cells.
    for (let a = 0; a < xCount; a++)
      for (let b = 0; b < splitCount; b++)
        addItem(grid, cellOffset(grid, xs[a]!, splits[b]!, width, xAxis, splitAxis), item, reads);
  }
  return grid;
}

/** Adds an item to the cells starting at `base`: its count, then each of its numbers. */
function addItem<T extends ChartItem>(grid: ChartGrid, base: number, item: T, reads: NumberReads<T>): void {
  const { cells } = grid;
  const { values } = item;
  const { storedCount, ids, offsets } = reads;
  cells[base]! += 1;
  if (storedCount > 0) addStored(cells, base + reads.offset0, values[reads.id0]?.data);
  if (storedCount > 1) addStored(cells, base + reads.offset1, values[reads.id1]?.data);
  for (let k = 2; k < storedCount; k++) addStored(cells, base + offsets[k]!, storedData(values, ids, k));
  for (let k = storedCount; k < ids.length; k++) {
    const value = reads.numberOf!(item, ids[k]!);
    if (value !== null && Number.isFinite(value)) addToCell(cells, base + offsets[k]!, value);
  }
}

/** Adds a stored value when it is a number: stored numbers are finite (validated on write, and JSON has no NaN). */
function addStored(cells: Float64Array, offset: number, data: unknown): void {
  if (typeof data === 'number') addToCell(cells, offset, data);
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
 * `values[ids[k]]?.data` for the third and later number attributes (addItem reads the first two
 * itself), with a property read of its own for each k. In V8 a read that meets several attribute
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
