import { z } from 'zod';
import { type ChartError, chartError } from './chart-errors';

/**
 * A chart view's settings, kept in the view's settings JSON (snake_case keys, as stored). Every
 * field but the measures' attributes has a default, so an old chart keeps working when a field is
 * added.
 */
export const CHART_TYPES = ['bar', 'stacked_bar', 'line', 'area', 'pie', 'donut', 'kpi'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const DATE_BUCKETS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

export const NUMBER_AGGREGATES = ['sum', 'avg', 'min', 'max'] as const;
export type NumberAggregate = (typeof NUMBER_AGGREGATES)[number];
export type ChartAggregate = 'count' | NumberAggregate;

/** "Attribute selection 1 to 7": the measures of a chart, or the split values before "Other". */
export const MAX_SERIES = 7;
/** "Show Top 20 Values": how many x buckets stay when it is on. */
export const TOP_VALUES = 20;

/** Chart types that draw one series only. */
export const ONE_SERIES_TYPES: readonly ChartType[] = ['pie', 'donut', 'kpi'];

const attributeId = z.string().min(1).max(64);

export const chartMeasureSchema = z.discriminatedUnion('aggregate', [
  z.object({ aggregate: z.literal('count') }),
  z.object({ aggregate: z.enum(NUMBER_AGGREGATES), attribute_id: attributeId }),
]);
export type ChartMeasure = z.infer<typeof chartMeasureSchema>;

export const chartSettingsSchema = z.object({
  type: z.enum(CHART_TYPES).default('bar'),
  /** The x axis; null for a single number (kpi). `bucket` applies to date attributes only. */
  x: z
    .object({ attribute_id: attributeId, bucket: z.enum(DATE_BUCKETS).default('month') })
    .nullable()
    .default(null),
  /** Each measure is a series, unless `split_by` splits the one measure by an attribute's values. */
  measures: z
    .array(chartMeasureSchema)
    .min(1)
    .max(MAX_SERIES)
    .default([{ aggregate: 'count' }]),
  split_by: z.object({ attribute_id: attributeId }).nullable().default(null),
  /** "Show Top 20 Values": the 20 largest x buckets stay, the rest are summed into "Other". */
  top20: z.boolean().default(false),
});
export type ChartSettings = z.infer<typeof chartSettingsSchema>;
/** The settings as written: the schema's input, before defaults. */
export type ChartSettingsInput = z.input<typeof chartSettingsSchema>;

/**
 * Reads a stored or incoming settings object. A wrong number of measures answers its own reason
 * (NO_SERIES, TOO_MANY_SERIES) so the UI can say what to change; anything else is INVALID_SETTINGS.
 */
export function readChartSettings(raw: unknown): { settings: ChartSettings } | { error: ChartError } {
  const parsed = chartSettingsSchema.safeParse(raw ?? {});
  if (parsed.success) return { settings: parsed.data };
  const count = parsed.error.issues.find((issue) => issue.path.length === 1 && issue.path[0] === 'measures');
  if (count?.code === 'too_small') return chartError('NO_SERIES');
  if (count?.code === 'too_big') return chartError('TOO_MANY_SERIES');
  return chartError('INVALID_SETTINGS');
}
