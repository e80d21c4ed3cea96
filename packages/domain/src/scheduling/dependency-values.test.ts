import { expect, test } from 'vitest';
import { isoToDay } from './day-numbers';
import {
  readDependencyLinks,
  readScheduledDays,
  readScheduleTask,
  scheduledAttributeId,
  scheduledValue,
} from './dependency-values';

const day = (iso: string) => isoToDay(iso)!;

test.each([
  { data: null, links: [] },
  { data: 'A', links: [] },
  {
    data: [{ item_id: 'A', type: 'FS', lag_days: 2 }],
    links: [{ predecessorId: 'A', type: 'FS', lagDays: 2 }],
  },
  { data: [{ item_id: 'A', type: 'SS' }], links: [{ predecessorId: 'A', type: 'SS', lagDays: 0 }] },
  {
    data: [{ item_id: 'A', type: 7, lag_days: '2' }, null, { type: 'FS' }, { item_id: '', type: 'FS' }],
    links: [{ predecessorId: 'A', type: '7', lagDays: Number.NaN }],
  },
])('dependency value $data reads as $links', ({ data, links }) => {
  expect(readDependencyLinks(data)).toEqual(links);
});

test.each([
  { data: '2026-03-04', days: { start: day('2026-03-04'), end: day('2026-03-04') } },
  {
    data: { start: '2026-03-02', end: '2026-03-06' },
    days: { start: day('2026-03-02'), end: day('2026-03-06') },
  },
  { data: { start: '2026-03-02', end: null }, days: { start: day('2026-03-02'), end: null } },
  { data: { start: 'soon', end: 5 }, days: { start: null, end: null } },
  { data: null, days: { start: null, end: null } },
])('date value $data reads as its days', ({ data, days }) => {
  expect(readScheduledDays(data)).toEqual(days);
});

test('an item reads as a task from its two values', () => {
  expect(readScheduleTask('B', [{ item_id: 'A', type: 'FF', lag_days: -1 }], '2026-03-04')).toEqual({
    id: 'B',
    start: day('2026-03-04'),
    end: day('2026-03-04'),
    links: [{ predecessorId: 'A', type: 'FF', lagDays: -1 }],
  });
});

test.each([
  { settings: { schedules: 'attr-1' }, id: 'attr-1' },
  { settings: { schedules: '' }, id: null },
  { settings: {}, id: null },
  { settings: null, id: null },
])('settings $settings schedule $id', ({ settings, id }) => {
  expect(scheduledAttributeId(settings)).toBe(id);
});

test('a moved item is saved in its attribute type', () => {
  const change = { id: 'B', start: day('2026-03-05'), end: day('2026-03-06') };
  expect(scheduledValue('date_range', change)).toEqual({ start: '2026-03-05', end: '2026-03-06' });
  expect(scheduledValue('date', { ...change, end: change.start })).toBe('2026-03-05');
});
