import { expect, test } from 'vitest';
import { aggregateChart } from './chart-aggregate';
import { CHART_ERROR_MESSAGES, type ChartErrorCode } from './chart-errors';
import { ATTRIBUTES, chartOf, makeItem } from './chart-test-board';

const count = { aggregate: 'count' };
const sumOf = (attribute_id: string) => ({ aggregate: 'sum', attribute_id });

test.each<{ why: string; settings: unknown; code: ChartErrorCode; attributeId?: string; timeZone?: string }>([
  {
    why: 'an unknown chart type',
    settings: { type: 'radar', x: { attribute_id: 'due' } },
    code: 'INVALID_SETTINGS',
  },
  { why: 'no measure', settings: { x: { attribute_id: 'due' }, measures: [] }, code: 'NO_SERIES' },
  {
    why: '8 measures',
    settings: { x: { attribute_id: 'due' }, measures: Array.from({ length: 8 }, () => count) },
    code: 'TOO_MANY_SERIES',
  },
  { why: 'a bar chart without an x axis', settings: { type: 'bar' }, code: 'X_AXIS_REQUIRED' },
  {
    why: 'a single number with an x axis',
    settings: { type: 'kpi', x: { attribute_id: 'due' } },
    code: 'KPI_WITH_X_AXIS',
  },
  {
    why: 'a single number of two measures',
    settings: { type: 'kpi', measures: [count, count] },
    code: 'ONE_SERIES_ONLY',
  },
  {
    why: 'a pie of two measures',
    settings: { type: 'pie', x: { attribute_id: 'status' }, measures: [count, sumOf('estimate')] },
    code: 'ONE_SERIES_ONLY',
  },
  {
    why: 'a split donut',
    settings: { type: 'donut', x: { attribute_id: 'status' }, split_by: { attribute_id: 'owners' } },
    code: 'ONE_SERIES_ONLY',
  },
  {
    why: 'a split of two measures',
    settings: {
      type: 'stacked_bar',
      x: { attribute_id: 'status' },
      measures: [count, count],
      split_by: { attribute_id: 'flag' },
    },
    code: 'SPLIT_ONE_MEASURE',
  },
  {
    why: 'an x axis that does not exist',
    settings: { x: { attribute_id: 'nope' } },
    code: 'UNKNOWN_ATTRIBUTE',
    attributeId: 'nope',
  },
  {
    why: 'an x axis in the trash',
    settings: { x: { attribute_id: 'trashed' } },
    code: 'UNKNOWN_ATTRIBUTE',
    attributeId: 'trashed',
  },
  {
    why: 'a split that does not exist',
    settings: { x: { attribute_id: 'status' }, split_by: { attribute_id: 'nope' } },
    code: 'UNKNOWN_ATTRIBUTE',
    attributeId: 'nope',
  },
  {
    why: 'a sum of an attribute in the trash',
    settings: { x: { attribute_id: 'status' }, measures: [sumOf('trashed')] },
    code: 'UNKNOWN_ATTRIBUTE',
    attributeId: 'trashed',
  },
  {
    why: 'a text x axis',
    settings: { x: { attribute_id: 'title' } },
    code: 'X_AXIS_TYPE',
    attributeId: 'title',
  },
  {
    why: 'a number x axis',
    settings: { x: { attribute_id: 'estimate' } },
    code: 'X_AXIS_TYPE',
    attributeId: 'estimate',
  },
  {
    why: 'a split by a date',
    settings: { x: { attribute_id: 'status' }, split_by: { attribute_id: 'due' } },
    code: 'SPLIT_TYPE',
    attributeId: 'due',
  },
  {
    why: 'a sum of labels',
    settings: { x: { attribute_id: 'due' }, measures: [sumOf('status')] },
    code: 'NOT_A_NUMBER',
    attributeId: 'status',
  },
  {
    why: 'an average of a date',
    settings: { x: { attribute_id: 'status' }, measures: [{ aggregate: 'avg', attribute_id: 'due' }] },
    code: 'NOT_A_NUMBER',
    attributeId: 'due',
  },
  {
    why: 'a date axis in an unknown time zone',
    settings: { x: { attribute_id: 'due' } },
    code: 'INVALID_TIME_ZONE',
    timeZone: 'Mars/Olympus_Mons',
  },
])('$why is refused with $code', ({ settings, code, attributeId, timeZone }) => {
  const result = aggregateChart({
    items: [makeItem({ due: '2026-03-08', status: ['l-todo'], estimate: 1 })],
    attributes: ATTRIBUTES,
    settings,
    timeZone: timeZone ?? 'UTC',
  });
  const error =
    attributeId === undefined
      ? { code, message: CHART_ERROR_MESSAGES[code] }
      : { code, message: CHART_ERROR_MESSAGES[code], attributeId };
  expect(result).toEqual({ error });
});

test('an unknown time zone does not matter to a chart without dates', () => {
  expect(() =>
    chartOf({ x: { attribute_id: 'status' } }, [], { timeZone: 'Mars/Olympus_Mons' }),
  ).not.toThrow();
});

test('every reason has an English message that ends a sentence', () => {
  for (const message of Object.values(CHART_ERROR_MESSAGES)) expect(message).toMatch(/^[A-Z].*\.$/);
});
