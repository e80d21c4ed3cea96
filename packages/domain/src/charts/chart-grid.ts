import type { ChartAggregate } from './chart-settings';

/**
 * The cells of a chart while it is counted: per (bucket, series) the count, sum, min and max of
 * what fell in it, four numbers side by side, bucket-major (so room for more buckets is a copy of
 * a prefix). Keeping all four rather than a running answer lets cells be combined exactly: the
 * average of folded buckets is their total sum over their total count, never an average of
 * averages; min and max combine by min and max.
 */
export interface ChartGrid {
  buckets: number;
  series: number;
  cells: Float64Array;
}

/** count, sum, min, max. */
export const STRIDE = 4;

export function createGrid(buckets: number, series: number): ChartGrid {
  const cells = new Float64Array(buckets * series * STRIDE);
  // Min and max start at their identities, so adding and combining need no "is it empty" test.
  for (let o = 0; o < cells.length; o += STRIDE) {
    cells[o + 2] = Number.POSITIVE_INFINITY;
    cells[o + 3] = Number.NEGATIVE_INFINITY;
  }
  return { buckets, series, cells };
}

/** Makes room for at least this many buckets and series, doubling so that it happens rarely. */
export function growGrid(grid: ChartGrid, buckets: number, series: number): void {
  if (buckets <= grid.buckets && series <= grid.series) return;
  const next = createGrid(
    buckets > grid.buckets ? Math.max(buckets, grid.buckets * 2) : grid.buckets,
    series > grid.series ? Math.max(series, grid.series * 2) : grid.series,
  );
  if (next.series === grid.series) next.cells.set(grid.cells);
  else {
    const width = grid.series * STRIDE;
    for (let b = 0; b < grid.buckets; b++)
      next.cells.set(grid.cells.subarray(b * width, (b + 1) * width), b * next.series * STRIDE);
  }
  grid.buckets = next.buckets;
  grid.series = next.series;
  grid.cells = next.cells;
}

/** Adds one number to the cell at `offset` (an index into `cells`, a multiple of STRIDE). */
export function addToCell(cells: Float64Array, offset: number, value: number): void {
  cells[offset]! += 1;
  cells[offset + 1]! += value;
  // Plain comparisons: Math.min and Math.max also handle NaN and -0, and cost more than the rest.
  if (value < cells[offset + 2]!) cells[offset + 2] = value;
  if (value > cells[offset + 3]!) cells[offset + 3] = value;
}

function combineInto(target: Float64Array, t: number, source: Float64Array, o: number): void {
  target[t]! += source[o]!;
  target[t + 1]! += source[o + 1]!;
  target[t + 2] = Math.min(target[t + 2]!, source[o + 2]!);
  target[t + 3] = Math.max(target[t + 3]!, source[o + 3]!);
}

/**
 * A new grid whose cell (i, j) combines the cells of the buckets in `bucketGroups[i]` and the
 * series in `seriesGroups[j]`: the final order, "Other" folds and totals are all groupings.
 */
export function foldGrid(
  grid: ChartGrid,
  bucketGroups: readonly (readonly number[])[],
  seriesGroups: readonly (readonly number[])[],
): ChartGrid {
  const folded = createGrid(bucketGroups.length, seriesGroups.length);
  for (let i = 0; i < bucketGroups.length; i++) {
    for (let j = 0; j < seriesGroups.length; j++) {
      const t = (i * folded.series + j) * STRIDE;
      for (const b of bucketGroups[i]!)
        for (const s of seriesGroups[j]!)
          combineInto(folded.cells, t, grid.cells, (b * grid.series + s) * STRIDE);
    }
  }
  return folded;
}

/**
 * What a cell shows: its count, or the sum, average, min or max of its numbers. A sum of no
 * numbers is 0 (as SUM of empty cells); an average, min or max of none is null (nothing to draw).
 */
export function cellValue(
  grid: ChartGrid,
  bucket: number,
  series: number,
  aggregate: ChartAggregate,
): number | null {
  const o = (bucket * grid.series + series) * STRIDE;
  const count = grid.cells[o]!;
  switch (aggregate) {
    case 'count':
      return count;
    case 'sum':
      return grid.cells[o + 1]!;
    case 'avg':
      return count === 0 ? null : grid.cells[o + 1]! / count;
    case 'min':
      return count === 0 ? null : grid.cells[o + 2]!;
    case 'max':
      return count === 0 ? null : grid.cells[o + 3]!;
  }
}

/**
 * Which of `values` (in their display order) are among the `keep` largest, the rest apart; nulls
 * count as the smallest, ties go to the earlier one. Both lists keep the display order.
 */
export function keepLargest(
  values: readonly (number | null)[],
  keep: number,
): { kept: number[]; rest: number[] } {
  const ranked = values
    .map((_, i) => i)
    .sort((a, b) => {
      const va = values[a] ?? Number.NEGATIVE_INFINITY;
      const vb = values[b] ?? Number.NEGATIVE_INFINITY;
      return va === vb ? a - b : vb > va ? 1 : -1;
    });
  const isKept = new Uint8Array(values.length);
  for (const i of ranked.slice(0, keep)) isKept[i] = 1;
  const kept: number[] = [];
  const rest: number[] = [];
  values.forEach((_, i) => {
    (isKept[i] ? kept : rest).push(i);
  });
  return { kept, rest };
}
