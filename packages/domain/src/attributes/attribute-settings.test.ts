import { describe, expect, test } from 'vitest';
import { parseSettings, readSettings } from './attribute-settings';

const LABEL = '00000000-0000-4000-8000-000000000001';

describe('settings', () => {
  test('missing settings get the defaults', () => {
    expect(parseSettings('number', undefined)).toEqual({
      ok: true,
      warnings: [],
      data: { format: 'number', decimals: null, currency: 'USD', thousandsSeparator: true },
    });
    expect(parseSettings('rating', {}).ok && parseSettings('rating', {})).toMatchObject({
      data: { max: 5, icon: 'star' },
    });
    expect(parseSettings('label', {})).toMatchObject({ ok: true, data: { labels: [], multiple: false } });
    expect(parseSettings('time_tracking', null)).toMatchObject({
      ok: true,
      data: { allowParallel: false, sharedEntries: false },
    });
  });

  test('a label name is required, worded as the spec asks', () => {
    const result = parseSettings('label', { labels: [{ id: LABEL, name: '  ', color: '#f00' }] });
    expect(!result.ok && result.errors).toEqual([
      {
        code: 'LABEL_NAME_REQUIRED',
        message: 'The label name is required.',
        params: {},
        path: 'settings.labels.0.name',
      },
    ]);
  });

  test('labels keep name, color and textColor', () => {
    const result = parseSettings('label', {
      labels: [{ id: LABEL, name: 'Done', color: '#0c0', textColor: '#fff', extra: 1 }],
      multiple: true,
    });
    expect(result.ok && result.data).toEqual({
      labels: [{ id: LABEL, name: 'Done', color: '#0c0', textColor: '#fff' }],
      multiple: true,
    });
  });

  test.each([
    { type: 'number', settings: { decimals: 11 }, path: 'settings.decimals' },
    { type: 'number', settings: { format: 'roman' }, path: 'settings.format' },
    { type: 'number', settings: { currency: 'euro' }, path: 'settings.currency' },
    { type: 'progress', settings: { min: 10, max: 10 }, path: 'settings.max' },
    { type: 'rating', settings: { max: 11 }, path: 'settings.max' },
    { type: 'reference', settings: { boardId: 'short' }, path: 'settings.boardId' },
    { type: 'button', settings: { action: { type: 'launch' } }, path: 'settings.action.type' },
    { type: 'custom_id', settings: { prefix: 'X'.repeat(21) }, path: 'settings.prefix' },
    { type: 'label', settings: { labels: [{ id: 'x', name: 'A' }] }, path: 'settings.labels.0.id' },
  ] as const)('$type $settings is refused at $path', ({ type, settings, path }) => {
    const result = parseSettings(type, settings);
    expect(!result.ok && result.errors[0]).toMatchObject({ code: 'INVALID_SETTINGS', path });
  });

  test('reading bad stored settings falls back to the defaults', () => {
    expect(readSettings('rating', { max: 'lots' })).toEqual({ max: 5, icon: 'star' });
    expect(readSettings('button', 'broken')).toEqual({ label: 'Run', action: null });
  });

  test('reading the same settings object twice gives the same parsed object', () => {
    const stored = { labels: [{ id: LABEL, name: 'A', color: '#000' }] };
    expect(readSettings('label', stored)).toBe(readSettings('label', stored));
  });
});
