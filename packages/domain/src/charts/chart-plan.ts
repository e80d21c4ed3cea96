import type { AttributeType } from '../attributes/attribute-types';
import { SPLIT_TYPES, X_AXIS_TYPES } from './chart-axes';
import { type ChartError, chartError } from './chart-errors';
import {
  type ChartAggregate,
  type ChartSettings,
  ONE_SERIES_TYPES,
  readChartSettings,
} from './chart-settings';

/** An attribute as a chart reads it. One with `deleted_at` set is in the trash and counts as missing. */
export interface ChartAttribute {
  id: string;
  type: AttributeType;
  settings?: unknown;
  deleted_at?: string | null;
}

/** A chart's settings with their attributes looked up and checked: what the aggregation runs. */
export interface ChartPlan {
  settings: ChartSettings;
  x: ChartAttribute | null;
  split: ChartAttribute | null;
  measures: { aggregate: ChartAggregate; attribute: ChartAttribute | null }[];
}

const NUMBER_TYPES: readonly AttributeType[] = ['number', 'formula'];

/**
 * Checks that the settings can make a chart over these attributes, in the order a person sets a
 * chart up: the settings' shape, the chart type against its series and x axis, then each attribute
 * (it exists, and its type fits its place). The first problem is the answer.
 */
export function planChart(
  rawSettings: unknown,
  attributes: readonly ChartAttribute[],
): ChartPlan | { error: ChartError } {
  const read = readChartSettings(rawSettings);
  if ('error' in read) return read;
  const { settings } = read;
  if (settings.type === 'kpi' && settings.x) return chartError('KPI_WITH_X_AXIS');
  if (ONE_SERIES_TYPES.includes(settings.type) && (settings.measures.length > 1 || settings.split_by))
    return chartError('ONE_SERIES_ONLY');
  if (settings.type !== 'kpi' && !settings.x) return chartError('X_AXIS_REQUIRED');
  // A split multiplies series: one measure by up to 7 values and Other is already 8.
  if (settings.split_by && settings.measures.length > 1) return chartError('SPLIT_ONE_MEASURE');

  const live = new Map(attributes.filter((a) => !a.deleted_at).map((a) => [a.id, a]));
  let x: ChartAttribute | null = null;
  if (settings.x) {
    const id = settings.x.attribute_id;
    x = live.get(id) ?? null;
    if (!x) return chartError('UNKNOWN_ATTRIBUTE', id);
    if (!X_AXIS_TYPES.includes(x.type)) return chartError('X_AXIS_TYPE', id);
  }
  let split: ChartAttribute | null = null;
  if (settings.split_by) {
    const id = settings.split_by.attribute_id;
    split = live.get(id) ?? null;
    if (!split) return chartError('UNKNOWN_ATTRIBUTE', id);
    if (!SPLIT_TYPES.includes(split.type)) return chartError('SPLIT_TYPE', id);
  }
  const measures: ChartPlan['measures'] = [];
  for (const measure of settings.measures) {
    if (measure.aggregate === 'count') {
      measures.push({ aggregate: 'count', attribute: null });
      continue;
    }
    const attribute = live.get(measure.attribute_id);
    if (!attribute) return chartError('UNKNOWN_ATTRIBUTE', measure.attribute_id);
    if (!NUMBER_TYPES.includes(attribute.type)) return chartError('NOT_A_NUMBER', measure.attribute_id);
    measures.push({ aggregate: measure.aggregate, attribute });
  }
  return { settings, x, split, measures };
}
