import { expect, test } from 'vitest';
import { criticalPath } from './critical-path';
import { task } from './test-plan';

const MON_FRI = { workingWeekdays: [1, 2, 3, 4, 5] };

test.each([
  { name: 'an empty plan', tasks: [], calendar: null, critical: [] },
  {
    name: 'the longer of two chains',
    tasks: [
      task('C', '2026-03-02', '2026-03-03'),
      task('D', '2026-03-04', '2026-03-05', 'C:FS'),
      task('A', '2026-03-02', '2026-03-04'),
      task('B', '2026-03-05', '2026-03-09', 'A:FS'),
    ],
    calendar: null,
    critical: ['A', 'B'],
  },
  {
    name: 'a gap after a predecessor is slack: only the last task is critical',
    tasks: [task('A', '2026-03-02', '2026-03-04'), task('B', '2026-03-07', '2026-03-09', 'A:FS')],
    calendar: null,
    critical: ['B'],
  },
  {
    name: 'a weekend between two tasks is not slack with a calendar',
    tasks: [task('A', '2026-03-02', '2026-03-06'), task('B', '2026-03-09', '2026-03-10', 'A:FS')],
    calendar: MON_FRI,
    critical: ['A', 'B'],
  },
  {
    name: 'the same weekend is slack when every day counts',
    tasks: [task('A', '2026-03-02', '2026-03-06'), task('B', '2026-03-09', '2026-03-10', 'A:FS')],
    calendar: null,
    critical: ['B'],
  },
  {
    name: 'a pushed dependent ends the plan: the chain that pushed it is critical',
    tasks: [
      task('A', '2026-03-02', '2026-03-06'),
      task('B', '2026-03-01', '2026-03-02', 'A:FS'),
      task('X', '2026-03-01', '2026-03-07'),
    ],
    calendar: null,
    critical: ['A', 'B'],
  },
  {
    name: 'an SS link makes the predecessor critical only through its start',
    tasks: [
      task('A', '2026-03-02', '2026-03-03'),
      task('B', '2026-03-04', '2026-03-10', 'A:SS+2'),
      task('C', '2026-03-02', '2026-03-04'),
    ],
    calendar: null,
    critical: ['A', 'B'],
  },
  {
    name: 'an FF link with lag ties the ends',
    tasks: [task('A', '2026-03-02', '2026-03-05'), task('B', '2026-03-06', '2026-03-07', 'A:FF+2')],
    calendar: null,
    critical: ['A', 'B'],
  },
  {
    name: 'an SF link ties the predecessor start to the dependent end',
    tasks: [
      task('A', '2026-03-05', '2026-03-20'),
      task('B', '2026-03-01', '2026-03-04', 'A:SF+1'),
      task('C', '2026-03-01', '2026-03-20'),
    ],
    calendar: null,
    critical: ['A', 'C'],
  },
  {
    name: 'tasks that end together are both critical, and items without dates never',
    tasks: [
      task('A', '2026-03-02', '2026-03-04'),
      task('B', '2026-03-03', '2026-03-04'),
      task('N', null, null),
    ],
    calendar: null,
    critical: ['A', 'B'],
  },
])('$name', ({ tasks, calendar, critical }) => {
  expect(criticalPath(tasks, calendar)).toEqual(critical);
});

test('a cycle is refused, naming it', () => {
  const tasks = [
    task('A', '2026-03-02', '2026-03-04', 'B:FS'),
    task('B', '2026-03-02', '2026-03-04', 'A:FS'),
  ];
  expect(() => criticalPath(tasks, null)).toThrow('These dependencies form a cycle: A -> B -> A');
});
