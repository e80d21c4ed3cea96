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

/** How many items are read together before they are counted. */
const BLOCK = 64;

/** One block's values, read before they are counted. */
interface Block {
  xData: unknown[];
  splitData: unknown[];
  /** Item-major: the k-th number of the block's j-th item is at `j * ids.length + k`; NaN for none. */
  numbers: Float64Array;
}

/**
 * The one pass over the items, a block of 64 at a time. First a tight loop reads the block's
 * values into flat arrays: with nothing else in the loop, the memory behind many items is fetched
 * at once, as a plain loop over the items would (counting item by item, the reads waited on each
 * other behind the axis and cell work: 10-15% slower). Then the block is counted: its values are
 * placed on the axes and each item's count and numbers added to the cells of every
 * (bucket, split value) it falls in.
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
  const xId = xAxis === null ? null : (plan.x?.id ?? null);
  const splitId = splitAxis === null ? null : (plan.split?.id ?? null);
  const block: Block = {
    xData: new Array(BLOCK).fill(null),
    splitData: new Array(BLOCK).fill(null),
    numbers: new Float64Array(BLOCK * Math.max(1, reads.ids.length)),
  };
  const counting: Counting = {
    grid: createGrid(Math.max(16, xAxis?.size() ?? 1), Math.max(1, splitAxis?.size() ?? 1) * tracks.size),
    width: tracks.size,
    xAxis,
    splitAxis,
    offsets: reads.offsets,
    xs: [0],
    splits: [0],
  };
  for (let start = 0; start < items.length; start += BLOCK) {
    const end = Math.min(items.length, start + BLOCK);
    readBlock(items, start, end, xId, splitId, reads, block);
    countBlock(end - start, block, counting);
  }
  return counting.grid;
}

function readBlock<T extends ChartItem>(
  items: readonly T[],
  start: number,
  end: number,
  xId: string | null,
  splitId: string | null,
  reads: NumberReads<T>,
  block: Block,
): void {
  const { xData, splitData, numbers } = block;
  const { ids, storedCount, id0, id1 } = reads;
  const numberCount = ids.length;
  for (let i = start; i < end; i++) {
    const values = items[i]!.values;
    const j = i - start;
    if (xId !== null) xData[j] = values[xId]?.data;
    if (splitId !== null) splitData[j] = values[splitId]?.data;
    const row = j * numberCount;
    if (storedCount > 0) numbers[row] = storedNumber(values[id0]?.data);
    if (storedCount > 1) numbers[row + 1] = storedNumber(values[id1]?.data);
    for (let k = 2; k < storedCount; k++) numbers[row + k] = storedNumber(storedData(values, ids, k));
  }
  if (storedCount === numberCount) return;
  for (let i = start; i < end; i++) {
    const row = (i - start) * numberCount;
    for (let k = storedCount; k < numberCount; k++) {
      const value = reads.numberOf!(items[i]!, ids[k]!);
      numbers[row + k] = value !== null && Number.isFinite(value) ? value : Number.NaN;
    }
  }
}

/** Stored numbers are finite (validated on write, and JSON has no NaN): any number counts. */
function storedNumber(data: unknown): number {
  return typeof data === 'number' ? data : Number.NaN;
}

/** What counting a block needs besides the block. */
interface Counting {
  grid: ChartGrid;
  /** Tracks per cell group. */
  width: number;
  xAxis: ChartAxis | null;
  splitAxis: ChartAxis | null;
  offsets: Int32Array;
  /** Where the axes write an item's positions. */
  xs: number[];
  splits: number[];
}

function countBlock(size: number, block: Block, counting: Counting): void {
  const { xData, splitData, numbers } = block;
  const { grid, width, xAxis, splitAxis, offsets, xs, splits } = counting;
  const numberCount = offsets.length;
  for (let j = 0; j < size; j++) {
    const xCount = xAxis === null ? 1 : xAxis.place(xData[j], xs);
    const splitCount = splitAxis === null ? 1 : splitAxis.place(splitData[j], splits);
    const row = j * numberCount;
    // Usually one cell; an item with several labels or members adds itself to each of its cells.
    for (let a = 0; a < xCount; a++)
      for (let b = 0; b < splitCount; b++) {
        const base = cellOffset(grid, xs[a]!, splits[b]!, width, xAxis, splitAxis);
        const cells = grid.cells;
        cells[base]! += 1;
        for (let k = 0; k < numberCount; k++) {
          const value = numbers[row + k]!;
          if (!Number.isNaN(value)) addToCell(cells, base + offsets[k]!, value);
        }
      }
  }
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
 * `values[ids[k]]?.data` for the third and later number attributes (readBlock reads the first two
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
