// @vitest-environment jsdom
import { chartError } from '@strata/domain/charts/chart-errors';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { setupViewsTest } from '../views-test-setup';
import { ChartCard } from './chart-card';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

beforeAll(() => setupViewsTest());
afterEach(cleanup);

const card = (settings: Record<string, unknown>, result: Parameters<typeof ChartCard>[0]['result']) =>
  render(
    <ChartCard
      chart={{ id: 'c1', title: 'Work by status', width: 1, settings }}
      result={result}
      attributes={[]}
      position={0}
      rtl={false}
      locale="en-US"
      readOnly={false}
      onEdit={() => {}}
      onResize={() => {}}
      onDelete={() => {}}
    />,
  );

describe('a chart that cannot be made says so (spec section 8) and why', () => {
  test.each([
    [
      'its x axis column was deleted',
      chartError('UNKNOWN_ATTRIBUTE', 'gone'),
      'A column of this chart no longer exists.',
    ],
    [
      'it sums a text column',
      chartError('NOT_A_NUMBER'),
      'Sum, average, minimum and maximum need a number or formula column.',
    ],
  ])('%s', (_why, result, reason) => {
    card({ type: 'bar', x: { attribute_id: 'gone' }, measures: [{ aggregate: 'count' }] }, result);
    expect(screen.getByText('The chart could not be generated')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByText('Work by status')).toBeTruthy();
  });

  test('settings that cannot be read are refused the same way', () => {
    card({ type: 'no-such-chart' }, { buckets: [], series: [], values: [] });
    expect(screen.getByText('The chart could not be generated')).toBeTruthy();
    expect(screen.getByText('The chart settings are not valid.')).toBeTruthy();
  });
});
