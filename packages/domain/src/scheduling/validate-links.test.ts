import { expect, test } from 'vitest';
import { task } from './test-plan';
import { validateLinks } from './validate-links';

test('a plan of sound links has no problems', () => {
  expect(
    validateLinks([
      task('A', '2026-03-02', '2026-03-04'),
      task('B', '2026-03-05', '2026-03-06', 'A:FS', 'C:SF-3650'),
      task('C', null, null, 'A:SS+3650'),
    ]),
  ).toEqual([]);
});

test.each([
  {
    name: 'a link to itself',
    tasks: [task('A', null, null, 'A:FS')],
    problems: [
      { code: 'SELF_LINK', message: 'An item cannot depend on itself.', itemIds: ['A', 'A'], linkIndex: 0 },
    ],
  },
  {
    name: 'a predecessor not on the board',
    tasks: [task('A', null, null), task('B', null, null, 'A:FS', 'Z:FS')],
    problems: [
      {
        code: 'UNKNOWN_PREDECESSOR',
        message: 'The item it depends on is not on this board.',
        itemIds: ['B', 'Z'],
        linkIndex: 1,
      },
    ],
  },
  {
    name: 'an unknown type',
    tasks: [task('A', null, null), task('B', null, null, 'A:XX')],
    problems: [
      {
        code: 'UNKNOWN_TYPE',
        message: 'The dependency type must be FS, SS, FF or SF.',
        itemIds: ['B', 'A'],
        linkIndex: 0,
      },
    ],
  },
  {
    name: 'a lag that is not whole',
    tasks: [task('A', null, null), task('B', null, null, 'A:FS+1.5')],
    problems: [
      {
        code: 'INVALID_LAG',
        message: 'Lag must be a whole number of days.',
        itemIds: ['B', 'A'],
        linkIndex: 0,
      },
    ],
  },
  {
    name: 'a lag over ten years',
    tasks: [task('A', null, null), task('B', null, null, 'A:FS-3651')],
    problems: [
      {
        code: 'INVALID_LAG',
        message: 'Lag must be a whole number of days.',
        itemIds: ['B', 'A'],
        linkIndex: 0,
      },
    ],
  },
  {
    name: 'the same predecessor twice, whatever the types',
    tasks: [task('A', null, null), task('B', null, null, 'A:FS', 'A:SS+1')],
    problems: [
      {
        code: 'DUPLICATE_LINK',
        message: 'This item already depends on that item.',
        itemIds: ['B', 'A'],
        linkIndex: 1,
      },
    ],
  },
  {
    name: 'an end before the start',
    tasks: [task('A', '2026-03-05', '2026-03-04'), task('B', '2026-03-05', '2026-03-05')],
    problems: [{ code: 'END_BEFORE_START', message: 'Item end date before start date', itemIds: ['A'] }],
  },
  {
    name: 'a cycle of two',
    tasks: [task('A', null, null, 'B:FS'), task('B', '2026-03-02', '2026-03-03', 'A:FS')],
    problems: [
      { code: 'CYCLE', message: 'These dependencies form a cycle: A -> B -> A', itemIds: ['A', 'B'] },
    ],
  },
  {
    name: 'a cycle of three, in link order from its first item',
    tasks: [task('C', null, null, 'B:FS'), task('A', null, null, 'C:SS'), task('B', null, null, 'A:FF+2')],
    problems: [
      {
        code: 'CYCLE',
        message: 'These dependencies form a cycle: C -> A -> B -> C',
        itemIds: ['C', 'A', 'B'],
      },
    ],
  },
  {
    name: 'two separate cycles',
    tasks: [
      task('A', null, null, 'B:FS'),
      task('B', null, null, 'A:FS'),
      task('C', null, null, 'D:FS'),
      task('D', null, null, 'C:FS'),
    ],
    problems: [
      { code: 'CYCLE', message: 'These dependencies form a cycle: A -> B -> A', itemIds: ['A', 'B'] },
      { code: 'CYCLE', message: 'These dependencies form a cycle: C -> D -> C', itemIds: ['C', 'D'] },
    ],
  },
])('$name is reported', ({ tasks, problems }) => {
  expect(validateLinks(tasks)).toEqual(problems);
});

test('one link can have several problems, items come in order and cycles last', () => {
  const problems = validateLinks([
    task('A', null, null, 'B:FS'),
    task('B', '2026-03-09', '2026-03-02', 'A:XX+0.5'),
  ]);
  expect(problems.map((p) => p.code)).toEqual(['END_BEFORE_START', 'UNKNOWN_TYPE', 'INVALID_LAG', 'CYCLE']);
});
