import { describe, expect, test } from 'vitest';
import { CHART_ERROR_MESSAGES } from './chart-errors';
import { chartSettingsSchema, readChartSettings } from './chart-settings';

describe('chart settings', () => {
  test('a stored chart with only its x axis gets the defaults: a bar chart counting items by month', () => {
    expect(chartSettingsSchema.parse({ x: { attribute_id: 'due' } })).toEqual({
      type: 'bar',
      x: { attribute_id: 'due', bucket: 'month' },
      measures: [{ aggregate: 'count' }],
      split_by: null,
      top20: false,
    });
  });

  test('a measure other than count names its attribute', () => {
    expect(chartSettingsSchema.safeParse({ measures: [{ aggregate: 'sum' }] }).success).toBe(false);
    expect(
      chartSettingsSchema.safeParse({ measures: [{ aggregate: 'avg', attribute_id: 'n' }] }).success,
    ).toBe(true);
  });

  test.each([
    { raw: { measures: [] }, code: 'NO_SERIES' },
    { raw: { measures: Array.from({ length: 8 }, () => ({ aggregate: 'count' })) }, code: 'TOO_MANY_SERIES' },
    { raw: { type: 'scatter' }, code: 'INVALID_SETTINGS' },
    { raw: { x: { attribute_id: 'due', bucket: 'hour' } }, code: 'INVALID_SETTINGS' },
    { raw: { measures: [{ aggregate: 'median', attribute_id: 'n' }] }, code: 'INVALID_SETTINGS' },
    { raw: 'bar', code: 'INVALID_SETTINGS' },
  ] as const)('$raw is refused with $code', ({ raw, code }) => {
    expect(readChartSettings(raw)).toEqual({ error: { code, message: CHART_ERROR_MESSAGES[code] } });
  });

  test('7 measures are allowed', () => {
    const read = readChartSettings({ measures: Array.from({ length: 7 }, () => ({ aggregate: 'count' })) });
    expect('settings' in read && read.settings.measures).toHaveLength(7);
  });
});
