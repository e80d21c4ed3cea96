import { ALL_KEY, type ChartData, chartRows, OTHER_KEY } from '@strata/domain/charts/chart-aggregate';
import type { ChartSettings } from '@strata/domain/charts/chart-settings';
import type { ViewAttribute } from '@strata/domain/views/view-rows';
import type { TFunction } from 'i18next';

/** What a chart's buckets and series are called, in the reader's language. */
export interface ChartTexts {
  bucket(key: string | null, label?: string): string;
  series(index: number): string;
}

const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * Names for a chart's buckets (dates by the bucket, labels and members by their names, checkbox
 * as checked or not, none and Other) and its series (the measure, "Sum of Cost", or the split's
 * value), in the reader's language.
 */
export function chartTexts(
  chart: ChartData,
  settings: ChartSettings,
  attributes: readonly ViewAttribute[],
  locale: string,
  t: TFunction,
): ChartTexts {
  const xAttribute = attributes.find((a) => a.id === settings.x?.attribute_id);
  const splitAttribute = attributes.find((a) => a.id === settings.split_by?.attribute_id);
  const bucket = settings.x?.bucket ?? 'month';
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const valueText = (type: string | undefined, key: string | null, label?: string) => {
    if (key === null) return t('views.chart.none');
    if (key === OTHER_KEY) return t('views.chart.other');
    if (key === ALL_KEY) return t('views.chart.all');
    if (label) return label;
    if (type === 'checkbox') return key === 'true' ? t('views.chart.checked') : t('views.chart.unchecked');
    if (type === 'date' || type === 'date_range') {
      if (bucket === 'year') return key;
      if (bucket === 'quarter') {
        const [year, quarter] = key.split('-Q');
        return t('views.chart.quarterOf', { quarter, year });
      }
      if (bucket === 'month') return month.format(dateOf(`${key}-01`));
      return day.format(dateOf(key));
    }
    return key;
  };
  return {
    bucket: (key, label) => valueText(xAttribute?.type, key, label),
    series: (index) => {
      const series = chart.series[index]!;
      if (series.split !== undefined) return valueText(splitAttribute?.type, series.split, series.label);
      const measure = settings.measures[series.measure]!;
      if (measure.aggregate === 'count') return t('views.chart.count');
      const name = attributes.find((a) => a.id === measure.attribute_id)?.name ?? '';
      return t(`views.chart.measureOf.${measure.aggregate}`, { name });
    },
  };
}

/** A chart's data as CSV text: a row per bucket, a column per series (RFC 4180 quoting, CRLF). */
export function chartCsv(chart: ChartData, texts: ChartTexts, axisTitle: string): string {
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const header = [axisTitle, ...chart.series.map((_, index) => texts.series(index))];
  const rows = chartRows(chart).map((row, at) => [
    texts.bucket(chart.buckets[at]!.key, chart.buckets[at]!.label),
    ...chart.series.map((series) => {
      const value = row[series.key];
      return value === null || value === undefined ? '' : String(value);
    }),
  ]);
  return `${[header, ...rows].map((cells) => cells.map(quote).join(',')).join('\r\n')}\r\n`;
}
