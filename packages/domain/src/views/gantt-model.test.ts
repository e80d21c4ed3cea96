import { describe, expect, test } from 'vitest';
import { isoToDay } from '../scheduling/day-numbers';
import { ganttDatesAttribute, ganttModel } from './gantt-model';
import type { ViewAttribute, ViewItem } from './view-rows';
import { readViewSettings } from './view-settings';

const LABEL_A = '00000000-0000-4000-8000-0000000000a1';
const LABEL_B = '00000000-0000-4000-8000-0000000000b2';
const attributes: ViewAttribute[] = [
  { id: 'name', name: 'Name', type: 'text', settings: { primary: true } },
  { id: 'due', name: 'Due', type: 'date' },
  { id: 'plan', name: 'Plan', type: 'date_range' },
  { id: 'after', name: 'After', type: 'dependency', settings: { schedules: 'plan' } },
  { id: 'done', name: 'Done', type: 'progress' },
  {
    id: 'team',
    name: 'Team',
    type: 'label',
    settings: {
      labels: [
        { id: LABEL_A, name: 'Design' },
        { id: LABEL_B, name: 'Build' },
      ],
    },
  },
];
const day = (iso: string) => isoToDay(iso)!;
const item = (id: string, values: Record<string, unknown>, parent: string | null = null): ViewItem => ({
  id,
  parent_id: parent,
  sort_order: id,
  values: Object.fromEntries(Object.entries(values).map(([key, data]) => [key, { data }])),
});
const items = [
  item('a', { name: 'A', plan: { start: '2026-03-02', end: '2026-03-04' }, done: 50, team: [LABEL_A] }),
  item('b', {
    name: 'B',
    plan: { start: '2026-03-05', end: '2026-03-06' },
    after: [{ item_id: 'a' }],
    team: [LABEL_B],
  }),
  item('b1', { name: 'B1', plan: { start: '2026-03-06', end: '2026-03-04' } }, 'b'),
  item('c', { name: 'C', after: [{ item_id: 'b', type: 'SS', lag_days: 2 }, { item_id: 'gone' }] }),
];
const model = (settings: Record<string, unknown> = {}) =>
  ganttModel({ items, attributes, settings: readViewSettings(settings), today: day('2026-03-10') });

describe('gantt model', () => {
  test.each([
    { chosen: [], expected: 'plan', why: 'the plan’s scheduled attribute' },
    { chosen: ['due'], expected: 'due', why: 'the view’s choice' },
    { chosen: ['gone'], expected: 'plan', why: 'a choice that no longer exists' },
  ])('bars come from $expected: $why', ({ chosen, expected }) => {
    expect(ganttDatesAttribute(attributes, { date_attribute_ids: chosen })?.id).toBe(expected);
  });

  test('rows in the view’s order with subitems one level in; bars, progress and the flag of an end before its start', () => {
    const { rows } = model({ progress_attribute_id: 'done' });
    expect(rows.map((row) => (row.kind === 'item' ? [row.item.id, row.depth, row.bar] : row.key))).toEqual([
      [
        'a',
        0,
        {
          start: day('2026-03-02'),
          end: day('2026-03-04'),
          milestone: false,
          endBeforeStart: false,
          progress: 0.5,
        },
      ],
      [
        'b',
        0,
        {
          start: day('2026-03-05'),
          end: day('2026-03-06'),
          milestone: false,
          endBeforeStart: false,
          progress: null,
        },
      ],
      [
        'b1',
        1,
        {
          start: day('2026-03-06'),
          end: day('2026-03-06'),
          milestone: false,
          endBeforeStart: true,
          progress: null,
        },
      ],
      ['c', 0, null],
    ]);
  });

  test('a date attribute gives milestones; links only between shown items; the span covers bars and today with margins', () => {
    const m = model({ date_attribute_ids: ['due'] });
    expect(m.rows.every((row) => row.kind === 'item' && row.bar === null)).toBe(true);
    const plan = model();
    expect(plan.links).toEqual([
      { fromId: 'a', toId: 'b', type: 'FS', lagDays: 0 },
      { fromId: 'b', toId: 'c', type: 'SS', lagDays: 2 },
    ]);
    expect([plan.first, plan.last]).toEqual([day('2026-03-02') - 7, day('2026-03-10') + 28]);
    expect(plan.calendar).toEqual({ workingWeekdays: [1, 2, 3, 4, 5] });
    // An end before its start is left out of scheduling.
    expect(plan.tasks.find((task) => task.id === 'b1')).toMatchObject({ start: null, end: null });
  });

  test('grouped by a label: a heading per label with its count, items under it', () => {
    const { rows } = model({ group_by: 'team', show_subitems: false });
    expect(rows.map((row) => (row.kind === 'group' ? `${row.title}:${row.count}` : row.item.id))).toEqual([
      'Design:1',
      'a',
      'Build:1',
      'b',
      ':1',
      'c',
    ]);
  });
});
