import { aggregateChart, type ChartData, type ChartInput } from './chart-aggregate';
import type { ChartItem } from './chart-count';
import type { ChartAttribute } from './chart-plan';

/** A board for chart tests: attributes of every kind a chart reads, and a way to make items. */
export const LABELS = [
  { id: 'l-todo', name: 'To do' },
  { id: 'l-doing', name: 'Doing' },
  { id: 'l-done', name: 'Done' },
];

export const ATTRIBUTES: ChartAttribute[] = [
  { id: 'status', type: 'label', settings: { labels: LABELS, multiple: true } },
  { id: 'owners', type: 'members' },
  { id: 'due', type: 'date' },
  { id: 'span', type: 'date_range' },
  { id: 'flag', type: 'checkbox' },
  { id: 'estimate', type: 'number' },
  { id: 'cost', type: 'number' },
  { id: 'hours', type: 'number' },
  { id: 'points', type: 'number' },
  { id: 'score', type: 'formula' },
  { id: 'title', type: 'text' },
  { id: 'trashed', type: 'number', deleted_at: '2026-01-01T00:00:00.000Z' },
];

export const MEMBERS = [
  { id: 30, name: 'Chloé' },
  { id: 10, name: 'Amir' },
  { id: 20, name: 'Bea' },
];

let next = 0;

/** An item with these data by attribute id (undefined: no value). */
export function makeItem(data: Record<string, unknown>): ChartItem {
  const values: Record<string, { data: unknown }> = {};
  for (const [id, value] of Object.entries(data)) if (value !== undefined) values[id] = { data: value };
  return { id: `item-${next++}`, values };
}

/** Aggregates over the test board in UTC with Monday weeks unless told otherwise; throws on a refusal. */
export function chartOf(
  settings: unknown,
  items: ChartItem[],
  options: Partial<Omit<ChartInput<ChartItem>, 'items' | 'settings'>> = {},
): ChartData {
  const result = aggregateChart({
    items,
    attributes: ATTRIBUTES,
    settings,
    timeZone: 'UTC',
    weekStart: 1,
    members: MEMBERS,
    ...options,
  });
  if ('error' in result) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

/** The chart as rows `[bucket key, value of series 1, value of series 2, …]`, for readable expectations. */
export function rowsOf(chart: ChartData): (string | number | null)[][] {
  return chart.buckets.map((bucket, i) => [bucket.key, ...chart.values.map((series) => series[i]!)]);
}
