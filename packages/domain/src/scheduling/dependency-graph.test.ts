import { expect, test } from 'vitest';
import { cycleMessage, topologicalOrder } from './dependency-graph';
import { task } from './test-plan';

test.each([
  {
    name: 'no links keep their order',
    tasks: [task('A', null, null), task('B', null, null)],
    order: ['A', 'B'],
  },
  {
    name: 'a predecessor comes before its dependent',
    tasks: [task('B', null, null, 'A:FS'), task('A', null, null)],
    order: ['A', 'B'],
  },
  {
    name: 'ready tasks in input order, then those each frees',
    tasks: [
      task('D', null, null, 'B:FS', 'C:SS'),
      task('C', null, null, 'A:FS'),
      task('B', null, null, 'A:FF'),
      task('A', null, null),
      task('E', null, null),
    ],
    order: ['A', 'E', 'C', 'B', 'D'],
  },
  {
    name: 'links to itself or to unknown items are left out',
    tasks: [task('A', null, null, 'A:FS', 'Z:FS'), task('B', null, null, 'A:SS')],
    order: ['A', 'B'],
  },
])('$name', ({ tasks, order }) => {
  expect(topologicalOrder(tasks)).toEqual({ order, cycle: null });
});

test.each([
  {
    name: 'two items',
    tasks: [task('A', null, null, 'B:FS'), task('B', null, null, 'A:FS')],
    cycle: ['A', 'B'],
  },
  {
    name: 'three items, named along the links from the first given',
    tasks: [
      task('X', null, null),
      task('A', null, null, 'C:FS'),
      task('B', null, null, 'A:SS'),
      task('C', null, null, 'B:FF'),
    ],
    cycle: ['A', 'B', 'C'],
  },
  {
    name: 'a cycle downstream of a chain',
    tasks: [task('R', null, null), task('S', null, null, 'R:FS', 'T:FS'), task('T', null, null, 'S:FS')],
    cycle: ['S', 'T'],
  },
])('a cycle of $name is answered instead of an order', ({ tasks, cycle }) => {
  expect(topologicalOrder(tasks)).toEqual({ order: null, cycle });
});

test('a cycle message names the items in order and closes the circle', () => {
  expect(cycleMessage(['A', 'B', 'C'])).toBe('These dependencies form a cycle: A -> B -> C -> A');
});

test('a chain of 20,000 tasks is ordered without overflowing the stack, and its closing is a cycle', () => {
  const chain = Array.from({ length: 20_000 }, (_, i) =>
    task(`t${i}`, null, null, ...(i > 0 ? [`t${i - 1}:FS`] : [])),
  );
  expect(topologicalOrder(chain).order).toHaveLength(20_000);
  const closed = [task('t0', null, null, 't19999:FS'), ...chain.slice(1)];
  expect(topologicalOrder(closed).cycle).toHaveLength(20_000);
});
