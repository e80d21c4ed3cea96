import { expect, test } from 'vitest';
import { findFormulaCycles, formulaCycleError } from './formula-cycles';

test.each([
  { graph: { a: ['b'], b: ['c'], c: [] }, cycles: [] },
  { graph: { a: ['a'] }, cycles: [['a']] },
  { graph: { a: ['b'], b: ['a'], c: ['a'] }, cycles: [['a', 'b']] },
  {
    graph: { a: ['b'], b: ['c'], c: ['a'], d: ['e'], e: ['d'] },
    cycles: [
      ['a', 'b', 'c'],
      ['d', 'e'],
    ],
  },
  { graph: { a: ['not-a-formula'] }, cycles: [] },
])('cycles of $graph', ({ graph, cycles }) => {
  const found = findFormulaCycles(new Map(Object.entries(graph)));
  expect(found.map((c) => [...c].sort()).sort()).toEqual(cycles);
});

test('a long chain is not a circle and does not overflow', () => {
  const graph = new Map<string, string[]>();
  for (let i = 0; i < 2000; i++) graph.set(`f${i}`, i > 0 ? [`f${i - 1}`] : []);
  expect(findFormulaCycles(graph)).toEqual([]);
});

test('the circle a candidate formula would close', () => {
  const board = [
    { id: 'a', name: 'A', type: 'formula' as const, settings: { formula: '{b} + 1' } },
    { id: 'n', name: 'N', type: 'number' as const },
  ];
  expect(
    formulaCycleError({ id: 'b', name: 'B', type: 'formula', settings: { formula: '{n} * 2' } }, board),
  ).toBeNull();
  expect(
    formulaCycleError({ id: 'b', name: 'B', type: 'formula', settings: { formula: '{a} * 2' } }, board),
  ).toMatchObject({
    code: 'FORMULA_CYCLE',
    message: 'This formula refers back to itself through A -> B.',
  });
});
