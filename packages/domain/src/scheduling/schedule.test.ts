import { describe, expect, test } from 'vitest';
import { dayNumberToIso } from '../attributes/date-values';
import type { ScheduleTask } from './dependencies';
import { reschedule } from './schedule';
import { task } from './test-plan';
import type { WorkingCalendar } from './working-days';

const MON_FRI: WorkingCalendar = { workingWeekdays: [1, 2, 3, 4, 5] };

/** The changes as ISO days, for reading. 2026-03-02 is a Monday. */
function moves(tasks: ScheduleTask[], calendar: WorkingCalendar | null) {
  return reschedule(tasks, calendar).map((c) => ({
    id: c.id,
    start: dayNumberToIso(c.start),
    end: dayNumberToIso(c.end),
  }));
}

describe('every day counts: predecessor P on 2-4 March, dependent D on 1-2 March', () => {
  test.each([
    { link: 'P:FS', moved: ['2026-03-05', '2026-03-06'] },
    { link: 'P:FS+2', moved: ['2026-03-07', '2026-03-08'] },
    { link: 'P:FS-2', moved: ['2026-03-03', '2026-03-04'] },
    { link: 'P:SS', moved: ['2026-03-02', '2026-03-03'] },
    { link: 'P:SS+3', moved: ['2026-03-05', '2026-03-06'] },
    { link: 'P:SS-1', moved: null },
    { link: 'P:FF', moved: ['2026-03-03', '2026-03-04'] },
    { link: 'P:FF+2', moved: ['2026-03-05', '2026-03-06'] },
    { link: 'P:FF-2', moved: null },
    { link: 'P:SF', moved: null },
    { link: 'P:SF+3', moved: ['2026-03-04', '2026-03-05'] },
    { link: 'P:SF-1', moved: null },
  ])('$link moves D to $moved', ({ link, moved }) => {
    const tasks = [task('P', '2026-03-02', '2026-03-04'), task('D', '2026-03-01', '2026-03-02', link)];
    expect(moves(tasks, null)).toEqual(moved ? [{ id: 'D', start: moved[0], end: moved[1] }] : []);
  });
});

describe('Monday to Friday: P on Wed 4 - Thu 5 March, D on Mon 2 - Tue 3 March (two working days)', () => {
  test.each([
    { link: 'P:FS', moved: ['2026-03-06', '2026-03-09'] },
    { link: 'P:FS+1', moved: ['2026-03-09', '2026-03-10'] },
    { link: 'P:FS+3', moved: ['2026-03-11', '2026-03-12'] },
    { link: 'P:FS-1', moved: ['2026-03-05', '2026-03-06'] },
    { link: 'P:SS', moved: ['2026-03-04', '2026-03-05'] },
    { link: 'P:SS+2', moved: ['2026-03-06', '2026-03-09'] },
    { link: 'P:SS-2', moved: null },
    { link: 'P:FF', moved: ['2026-03-04', '2026-03-05'] },
    { link: 'P:FF+1', moved: ['2026-03-05', '2026-03-06'] },
    { link: 'P:FF-3', moved: null },
    { link: 'P:SF', moved: ['2026-03-03', '2026-03-04'] },
    { link: 'P:SF+2', moved: ['2026-03-05', '2026-03-06'] },
    { link: 'P:SF-1', moved: null },
  ])('$link moves D to $moved', ({ link, moved }) => {
    const tasks = [task('P', '2026-03-04', '2026-03-05'), task('D', '2026-03-02', '2026-03-03', link)];
    expect(moves(tasks, MON_FRI)).toEqual(moved ? [{ id: 'D', start: moved[0], end: moved[1] }] : []);
  });

  test.each([
    {
      name: 'a predecessor ending on Friday: FS starts on Monday, three working days end on Wednesday',
      tasks: [task('P', '2026-03-05', '2026-03-06'), task('D', '2026-03-02', '2026-03-04', 'P:FS')],
      calendar: MON_FRI,
      moved: [{ id: 'D', start: '2026-03-09', end: '2026-03-11' }],
    },
    {
      name: 'the same without a calendar: FS starts on Saturday and keeps three days',
      tasks: [task('P', '2026-03-05', '2026-03-06'), task('D', '2026-03-02', '2026-03-04', 'P:FS')],
      calendar: null,
      moved: [{ id: 'D', start: '2026-03-07', end: '2026-03-09' }],
    },
    {
      name: 'a task over a weekend keeps its working days, not its calendar days',
      tasks: [task('P', '2026-03-02', '2026-03-04'), task('D', '2026-03-02', '2026-03-09', 'P:FS')],
      calendar: MON_FRI,
      moved: [{ id: 'D', start: '2026-03-05', end: '2026-03-12' }],
    },
    {
      name: 'a Sunday-to-Thursday week',
      tasks: [task('P', '2026-03-04', '2026-03-05'), task('D', '2026-03-01', '2026-03-02', 'P:FS')],
      calendar: { workingWeekdays: [0, 1, 2, 3, 4] },
      moved: [{ id: 'D', start: '2026-03-08', end: '2026-03-09' }],
    },
    {
      name: 'a calendar without weekdays is Monday to Friday',
      tasks: [task('P', '2026-03-05', '2026-03-06'), task('D', '2026-03-02', '2026-03-02', 'P:FS')],
      calendar: {},
      moved: [{ id: 'D', start: '2026-03-09', end: '2026-03-09' }],
    },
  ])('$name', ({ tasks, calendar, moved }) => {
    expect(moves(tasks, calendar)).toEqual(moved);
  });
});

describe('milestones', () => {
  test.each([
    {
      name: 'a milestone predecessor: FS starts the next day',
      tasks: [task('M', '2026-03-04', '2026-03-04'), task('D', '2026-03-01', '2026-03-02', 'M:FS')],
      calendar: null,
      moved: [{ id: 'D', start: '2026-03-05', end: '2026-03-06' }],
    },
    {
      name: 'a milestone dependent stays a milestone',
      tasks: [task('P', '2026-03-02', '2026-03-04'), task('M', '2026-03-01', '2026-03-01', 'P:FF+1')],
      calendar: null,
      moved: [{ id: 'M', start: '2026-03-05', end: '2026-03-05' }],
    },
    {
      name: 'a Saturday milestone predecessor: FS starts on Monday',
      tasks: [task('M', '2026-03-07', '2026-03-07'), task('D', '2026-03-02', '2026-03-03', 'M:FS')],
      calendar: MON_FRI,
      moved: [{ id: 'D', start: '2026-03-09', end: '2026-03-10' }],
    },
    {
      name: 'a Saturday milestone dependent moves to a working day and stays a milestone',
      tasks: [task('P', '2026-03-02', '2026-03-04'), task('M', '2026-02-28', '2026-02-28', 'P:FS')],
      calendar: MON_FRI,
      moved: [{ id: 'M', start: '2026-03-05', end: '2026-03-05' }],
    },
  ])('$name', ({ tasks, calendar, moved }) => {
    expect(moves(tasks, calendar)).toEqual(moved);
  });
});

describe('the flexible rule', () => {
  test('a dependent already later than it must be is not pulled back', () => {
    const tasks = [task('P', '2026-03-02', '2026-03-04'), task('D', '2026-03-10', '2026-03-11', 'P:FS')];
    expect(moves(tasks, null)).toEqual([]);
  });

  test('a dependent on a weekend that breaks nothing is left there', () => {
    const tasks = [task('P', '2026-03-02', '2026-03-04'), task('D', '2026-03-07', '2026-03-08', 'P:FS')];
    expect(moves(tasks, MON_FRI)).toEqual([]);
  });

  test('a push runs down a chain, and only moved tasks are answered, in the order given', () => {
    const tasks = [
      task('C', '2026-03-06', '2026-03-06', 'B:FS'),
      task('A', '2026-03-02', '2026-03-05'),
      task('B', '2026-03-04', '2026-03-05', 'A:FS'),
      task('E', '2026-03-20', '2026-03-21', 'C:FS'),
    ];
    expect(moves(tasks, null)).toEqual([
      { id: 'C', start: '2026-03-08', end: '2026-03-08' },
      { id: 'B', start: '2026-03-06', end: '2026-03-07' },
    ]);
  });

  test('with several predecessors the task moves by the least amount that meets them all', () => {
    const tasks = [
      task('A', '2026-03-02', '2026-03-03'),
      task('B', '2026-03-02', '2026-03-10'),
      task('D', '2026-03-01', '2026-03-03', 'A:FS', 'B:FF', 'A:SS+1'),
    ];
    expect(moves(tasks, null)).toEqual([{ id: 'D', start: '2026-03-08', end: '2026-03-10' }]);
  });

  test('running it again on its result changes nothing', () => {
    const tasks = [
      task('A', '2026-03-02', '2026-03-06'),
      task('B', '2026-03-02', '2026-03-03', 'A:FS+1'),
      task('C', '2026-03-02', '2026-03-02', 'B:SF', 'A:FF'),
    ];
    const changes = reschedule(tasks, MON_FRI);
    expect(changes).toHaveLength(2);
    const moved = tasks.map((t) => ({ ...t, ...changes.find((c) => c.id === t.id) }));
    expect(reschedule(moved, MON_FRI)).toEqual([]);
  });
});

describe('what scheduling leaves out', () => {
  test.each([
    {
      name: 'a dependent without dates',
      tasks: [task('P', '2026-03-02', '2026-03-04'), task('D', null, null, 'P:FS')],
    },
    {
      name: 'a predecessor without dates',
      tasks: [task('P', null, null), task('D', '2026-03-01', '2026-03-02', 'P:FS')],
    },
    {
      name: 'a dependent with only a start',
      tasks: [task('P', '2026-03-02', '2026-03-04'), task('D', '2026-03-01', null, 'P:FS')],
    },
    {
      name: 'a predecessor ending before it starts',
      tasks: [task('P', '2026-03-09', '2026-03-04'), task('D', '2026-03-01', '2026-03-02', 'P:FS')],
    },
    { name: 'a link to itself', tasks: [task('D', '2026-03-01', '2026-03-02', 'D:FS')] },
    { name: 'an unknown predecessor', tasks: [task('D', '2026-03-01', '2026-03-02', 'Z:FS')] },
    {
      name: 'an unknown type',
      tasks: [task('P', '2026-03-02', '2026-03-04'), task('D', '2026-03-01', '2026-03-02', 'P:XX')],
    },
    {
      name: 'a lag that is not whole',
      tasks: [task('P', '2026-03-02', '2026-03-04'), task('D', '2026-03-01', '2026-03-02', 'P:FS+0.5')],
    },
  ])('$name: nothing moves', ({ tasks }) => {
    expect(reschedule(tasks, null)).toEqual([]);
  });

  test('a cycle through an item without dates does not stop scheduling the dated ones', () => {
    const tasks = [
      task('A', '2026-03-02', '2026-03-04', 'B:FS'),
      task('B', null, null, 'C:FS'),
      task('C', '2026-03-01', '2026-03-01', 'A:FS'),
    ];
    expect(moves(tasks, null)).toEqual([{ id: 'C', start: '2026-03-05', end: '2026-03-05' }]);
  });

  test('links among dated items that form a cycle are refused, naming it', () => {
    const tasks = [
      task('A', '2026-03-02', '2026-03-04', 'C:FS'),
      task('B', '2026-03-02', '2026-03-04', 'A:FS'),
      task('C', '2026-03-02', '2026-03-04', 'B:FS'),
    ];
    expect(() => reschedule(tasks, null)).toThrow('These dependencies form a cycle: A -> B -> C -> A');
  });
});
