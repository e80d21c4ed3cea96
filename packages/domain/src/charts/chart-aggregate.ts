import { DEFAULT_LOCALE } from '../constants';
import { firstDayOfWeek } from '../locale';
import { type AxisBucket, type ChartAxis, createAxis } from './chart-axes';
import { isKnownTimeZone } from './chart-buckets';
import { type ChartItem, countItems, type NumberOf, type Tracks, tracksOf } from './chart-count';
import { type ChartError, chartError } from './chart-errors';
import { type ChartGrid, cellValue, foldGrid, keepLargest } from './chart-grid';
import { type ChartAttribute, type ChartPlan, planChart } from './chart-plan';
import { MAX_SERIES, TOP_VALUES } from './chart-settings';

export interface ChartInput<T extends ChartItem> {
  items: readonly T[];
  attributes: readonly ChartAttribute[];
  /** The chart's settings as stored; checked here with `chartSettingsSchema`. */
  settings: unknown;
  /** IANA zone in which instants fall on days. */
  timeZone: string;
  /** 0 = Sunday … 6 = Saturday: the profile's start_of_week; the locale's when absent. */
  weekStart?: number | null;
  /** BCP 47 tag whose region decides the week's first day when the profile has none. */
  locale?: string;
  /** Members in the order the chart lists them, with their names. */
  members?: readonly { id: number; name: string }[];
  /** A formula's computed number for an item (without it, a formula's stored data if a number). */
  numberOf?: NumberOf<T>;
}

export interface ChartBucket {
  /** See AxisBucket; OTHER_KEY for the folded rest, ALL_KEY for a single number's one bucket. */
  key: string | null;
  label?: string;
}

export interface ChartSeries {
  /** Unique, usable as a Recharts `dataKey`: `m0`…`m6` by measure, `s:<split key>` when split. */
  key: string;
  label?: string;
  /** The index of its measure in the settings. */
  measure: number;
  /** When split: the split value's key (null: no value; OTHER_KEY: the folded rest). */
  split?: string | null;
}

/** `values[series][bucket]`; null where an average, min or max had no number. */
export interface ChartData {
  buckets: ChartBucket[];
  series: ChartSeries[];
  values: (number | null)[][];
}

export type ChartResult = ChartData | { error: ChartError };

export const OTHER_KEY = '__other__';
export const ALL_KEY = '__all__';
const NONE_SERIES = '__none__';

/**
 * Aggregates items into a chart's buckets and series, or answers why it cannot. One pass over the
 * items: each value is turned into bucket positions by its axis (work per distinct value is
 * cached there) and added into flat cells; order, top 20 and the "Other" folds come after, on the
 * cells. An item counts in every bucket and series its values put it in (two labels: both bars).
 */
export function aggregateChart<T extends ChartItem>(input: ChartInput<T>): ChartResult {
  const plan = planChart(input.settings, input.attributes);
  if ('error' in plan) return plan;
  const isDateAxis = plan.x?.type === 'date' || plan.x?.type === 'date_range';
  if (isDateAxis && !isKnownTimeZone(input.timeZone)) return chartError('INVALID_TIME_ZONE');
  const options = {
    members: input.members,
    bucket: plan.settings.x?.bucket ?? 'month',
    timeZone: input.timeZone,
    weekStart: firstDayOfWeek(input.locale ?? DEFAULT_LOCALE, input.weekStart),
  };
  const xAxis = plan.x ? createAxis(plan.x, options) : null;
  const splitAxis = plan.split ? createAxis(plan.split, options) : null;
  const tracks = tracksOf(plan, input.numberOf !== undefined);
  const grid = countItems({ ...input, tracks, plan, xAxis, splitAxis });
  return shapeChart(grid, plan, tracks, xAxis, splitAxis);
}

function toBucket(bucket: AxisBucket): ChartBucket {
  return bucket.label === undefined ? { key: bucket.key } : { key: bucket.key, label: bucket.label };
}

/**
 * Orders and folds the cells. A split keeps its 7 largest values (by the measure over all buckets)
 * in the axis's order and folds the rest into "Other"; top 20 keeps the 20 buckets largest by the
 * first measure (for a split chart: over all its split values, the stack's total) and folds the
 * rest into an "Other" bucket after them.
 */
function shapeChart(
  grid: ChartGrid,
  plan: ChartPlan,
  tracks: Tracks,
  xAxis: ChartAxis | null,
  splitAxis: ChartAxis | null,
): ChartData {
  const { measures } = plan;
  const xBuckets: AxisBucket[] = xAxis ? xAxis.buckets() : [{ position: 0, key: ALL_KEY }];
  const allBuckets = [xBuckets.map((bucket) => bucket.position)];

  let seriesGroups: number[][];
  let series: ChartSeries[];
  if (splitAxis) {
    const aggregate = measures[0]!.aggregate;
    // The one measure's cells of a split value: its track within the value's tracks.
    const cellsOf = (position: number) => position * tracks.size + tracks.ofMeasure[0]!;
    let shown = splitAxis.buckets();
    let rest: number[] = [];
    if (shown.length > MAX_SERIES) {
      const totals = foldGrid(
        grid,
        allBuckets,
        shown.map((split) => [cellsOf(split.position)]),
      );
      const largest = keepLargest(
        shown.map((_, j) => cellValue(totals, 0, j, aggregate)),
        MAX_SERIES,
      );
      rest = largest.rest.map((j) => cellsOf(shown[j]!.position));
      shown = largest.kept.map((j) => shown[j]!);
    }
    seriesGroups = shown.map((split) => [cellsOf(split.position)]);
    series = shown.map((split) => {
      const one: ChartSeries = { key: `s:${split.key ?? NONE_SERIES}`, measure: 0, split: split.key };
      if (split.label !== undefined) one.label = split.label;
      return one;
    });
    if (rest.length > 0) {
      seriesGroups.push(rest);
      series.push({ key: `s:${OTHER_KEY}`, measure: 0, split: OTHER_KEY });
    }
  } else {
    seriesGroups = tracks.ofMeasure.map((track) => [track]);
    series = measures.map((_, m) => ({ key: `m${m}`, measure: m }));
  }

  let bucketGroups = xBuckets.map((bucket) => [bucket.position]);
  let buckets = xBuckets.map(toBucket);
  if (plan.settings.top20 && xBuckets.length > TOP_VALUES) {
    const first = splitAxis ? [seriesGroups.flat()] : [seriesGroups[0]!];
    const totals = foldGrid(grid, bucketGroups, first);
    const aggregate = measures[0]!.aggregate;
    const largest = keepLargest(
      xBuckets.map((_, i) => cellValue(totals, i, 0, aggregate)),
      TOP_VALUES,
    );
    bucketGroups = [
      ...largest.kept.map((i) => [xBuckets[i]!.position]),
      largest.rest.map((i) => xBuckets[i]!.position),
    ];
    buckets = [...largest.kept.map((i) => toBucket(xBuckets[i]!)), { key: OTHER_KEY }];
  }

  const folded = foldGrid(grid, bucketGroups, seriesGroups);
  const values = series.map((one, j) =>
    buckets.map((_, i) => cellValue(folded, i, j, measures[one.measure]!.aggregate)),
  );
  return { buckets, series, values };
}

/**
 * The rows Recharts takes as `data`: one per bucket with `key`, `label` (the label, else the key)
 * and one field per series key, so `<Bar dataKey={series.key} />` and `<XAxis dataKey="key" />`
 * (a pie: `<Pie dataKey={series[0].key} nameKey="label" />`) draw it as it is.
 */
export function chartRows(chart: ChartData): Record<string, string | number | null>[] {
  return chart.buckets.map((bucket, i) => {
    const row: Record<string, string | number | null> = {
      key: bucket.key,
      label: bucket.label ?? bucket.key,
    };
    chart.series.forEach((one, j) => {
      row[one.key] = chart.values[j]![i]!;
    });
    return row;
  });
}
