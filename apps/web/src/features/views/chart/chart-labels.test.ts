import { aggregateChart, type ChartData } from '@strata/domain/charts/chart-aggregate';
import { readChartSettings } from '@strata/domain/charts/chart-settings';
import type { ViewAttribute } from '@strata/domain/views/view-rows';
import type { TFunction } from 'i18next';
import { describe, expect, test } from 'vitest';
import { chartFileName } from './chart-export';
import { chartCsv, chartTexts } from './chart-labels';

const DONE = '00000000-0000-4000-8000-0000000000d1';
const attributes: ViewAttribute[] = [
  {
    id: 'status',
    name: 'Status',
    type: 'label',
    settings: { labels: [{ id: DONE, name: 'Done, "really"' }] },
  },
  { id: 'due', name: 'Due', type: 'date' },
  { id: 'ok', name: 'OK', type: 'checkbox' },
  { id: 'cost', name: 'Cost', type: 'number' },
];
const item = (values: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  values: Object.fromEntries(Object.entries(values).map(([key, data]) => [key, { data }])),
});
const items = [
  item({ status: [DONE], due: '2026-01-10', ok: true, cost: 5 }),
  item({ due: '2026-04-02', cost: 7.5 }),
];
// The catalogue's English, enough for these keys.
const t = ((key: string, values: Record<string, unknown> = {}) =>
  ({
    'views.chart.none': 'No value',
    'views.chart.other': 'Other',
    'views.chart.all': 'All items',
    'views.chart.checked': 'Checked',
    'views.chart.unchecked': 'Not checked',
    'views.chart.count': 'Items',
    'views.chart.quarterOf': `Q${values.quarter} ${values.year}`,
    'views.chart.measureOf.sum': `Sum of ${values.name}`,
  })[key] ?? key) as unknown as TFunction;

function chartOf(settings: Record<string, unknown>) {
  const chart = aggregateChart({
    items,
    attributes,
    settings,
    timeZone: 'UTC',
    locale: 'en-US',
  }) as ChartData;
  const read = readChartSettings(settings);
  if ('error' in read) throw new Error('settings');
  return { chart, texts: chartTexts(chart, read.settings, attributes, 'en-US', t) };
}

describe('chart texts and CSV', () => {
  test.each([
    {
      settings: { x: { attribute_id: 'status' } },
      csv: 'Status,Items\r\n"Done, ""really""",1\r\nNo value,1\r\n',
    },
    {
      settings: {
        x: { attribute_id: 'due', bucket: 'quarter' },
        measures: [{ aggregate: 'sum', attribute_id: 'cost' }],
      },
      csv: 'Due,Sum of Cost\r\nQ1 2026,5\r\nQ2 2026,7.5\r\n',
    },
    {
      settings: { x: { attribute_id: 'due', bucket: 'month' } },
      csv: 'Due,Items\r\nJan 2026,1\r\nApr 2026,1\r\n',
    },
    {
      settings: { x: { attribute_id: 'ok' } },
      csv: 'OK,Items\r\nNot checked,1\r\nChecked,1\r\n',
    },
  ])('$settings.x.attribute_id: buckets and series named in the reader’s words', ({ settings, csv }) => {
    const { chart, texts } = chartOf(settings);
    const axis = attributes.find((a) => a.id === (settings.x as { attribute_id: string }).attribute_id)!.name;
    expect(chartCsv(chart, texts, axis)).toBe(csv);
  });

  test.each([
    ['Q3 plan', 'Q3 plan.png'],
    ['a/b\\c:d', 'a_b_c_d.png'],
    ['..hidden', 'hidden.png'],
    ['', 'chart.png'],
  ])('the file of a chart titled %j is %s', (title, file) => {
    expect(chartFileName(title, 'png')).toBe(file);
  });
});
