import { describe, expect, test } from 'vitest';
import { compileFormula } from './formula-compile';
import { createFormulaEnvironment, evaluate, evaluateAttribute } from './formula-evaluate';
import type { FormulaAttribute, FormulaItem } from './formula-runtime';
import { BOARD, environment, ITEM, run, SUBITEMS, uid } from './formula-test-board';

describe('values of other types', () => {
  test.each([
    ['{Name}', 'Launch'],
    ['{Cost}', 12.5],
    ['{Done}', true],
    ['{Status}', 'Done, Late'],
    ['{Owner}', 'Ada, Grace'],
    ['{Due}', '2026-03-20'],
    ['{Timeline}', '2026-03-02, 2026-03-13'],
    ['{Steps}', 0.5],
    ['{Notes}', 'Hello there'],
    ['{Empty}', null],
    ['{Created}', '2026-03-01T08:00:00.000Z'],
    ['{Ticket}', 'T-42'],
    ['{Time}', 1.5],
    ['{Folder}', 'Backlog'],
    ['{Total}', 50],
  ] as const)('%s reads as %j', (text, expected) => {
    expect(run(text)).toEqual(expected);
  });

  test('an unchecked checkbox with no value is FALSE', () => {
    expect(run('{Done}', { ...ITEM, values: {} })).toBe(false);
  });
});

describe('subitems', () => {
  test.each([
    ['SUM(SUBITEMS({Cost}))', 15],
    ['AVERAGE(SUBITEMS({Cost}))', 7.5],
    ['COUNT(SUBITEMS({Cost}))', 2],
    ['COUNTA(SUBITEMS({Name}))', 1],
    ['MAX(SUBITEMS({Due}))', '2026-03-25'],
    ['MIN(SUBITEMS({Due}))', '2026-03-10'],
    ['SUM(SUBITEMS({Total}))', 25],
    ['COUNTA(SUBITEMS({Done}))', 3],
    ['TEXTJOIN(", ", TRUE, SUBITEMS({Name}))', 'no cost'],
    ['{Cost} + SUM(SUBITEMS({Cost}))', 27.5],
  ] as const)('%s = %j', (text, expected) => {
    expect(run(text)).toEqual(expected);
  });

  test('an item without subitems aggregates nothing', () => {
    const lonely = { ...ITEM, id: uid(200) };
    expect(run('SUM(SUBITEMS({Cost}))', lonely)).toBe(0);
    expect(run('AVERAGE(SUBITEMS({Cost}))', lonely)).toMatchObject({ error: '#DIV/0!' });
  });

  test('a list cannot be used as one number', () => {
    expect(run('SUBITEMS({Cost}) * 2')).toMatchObject({ error: '#VALUE!' });
  });

  test('a formula may aggregate itself over the subitem tree', () => {
    const rollup: FormulaAttribute = {
      id: uid(60),
      name: 'Rollup',
      type: 'formula',
      settings: { formula: `{${uid(2)}} + SUM(SUBITEMS({${uid(60)}}))` },
    };
    const tree: Record<string, FormulaItem[]> = {
      root: [{ id: 'child', values: { [uid(2)]: { data: 2 } } }],
      child: [{ id: 'grandchild', values: { [uid(2)]: { data: 3 } } }],
    };
    const env = createFormulaEnvironment({
      attributes: [...BOARD, rollup],
      subitemsOf: (item) => tree[item.id] ?? [],
    });
    expect(evaluateAttribute(uid(60), { id: 'root', values: { [uid(2)]: { data: 1 } } }, env)).toBe(6);
  });
});

describe('formulas reading formulas, and circles', () => {
  const chain: FormulaAttribute[] = [
    ...BOARD,
    { id: uid(61), name: 'Double', type: 'formula', settings: { formula: `{${uid(16)}} * 2` } },
    { id: uid(62), name: 'Ping', type: 'formula', settings: { formula: `{${uid(63)}} + 1` } },
    { id: uid(63), name: 'Pong', type: 'formula', settings: { formula: `{${uid(62)}} + 1` } },
    {
      id: uid(64),
      name: 'Uses ping',
      type: 'formula',
      settings: { formula: `IFERROR({${uid(62)}}, "stuck")` },
    },
    { id: uid(65), name: 'Self', type: 'formula', settings: { formula: `{${uid(65)}}` } },
  ];
  const env = environment(chain);

  test('a formula reads another formula', () => {
    expect(evaluateAttribute(uid(61), ITEM, env)).toBe(100);
  });

  test.each([uid(62), uid(63), uid(65)])('%s is in a circle and shows #CYCLE!', (id) => {
    expect(evaluateAttribute(id, ITEM, env)).toMatchObject({ error: '#CYCLE!' });
  });

  test('the circle is named in the message', () => {
    expect(env.formulas.get(uid(62))!.errors[0]!.params).toEqual({ names: 'Ping -> Pong' });
  });

  test('a formula reading a circle can catch the error', () => {
    expect(evaluateAttribute(uid(64), ITEM, env)).toBe('stuck');
  });

  test('a circle made only while evaluating is caught too', () => {
    // Compiled on its own, outside the board, so the board check never saw it.
    const loose = { ...compileFormula(`{${uid(16)}}`, chain), attributeId: uid(16) };
    const looped = createFormulaEnvironment({
      attributes: chain.map((a) => (a.id === uid(16) ? { ...a, settings: { formula: `{${uid(16)}}` } } : a)),
    });
    expect(evaluate(loose, ITEM, looped)).toMatchObject({ error: '#CYCLE!' });
  });

  test('chains deeper than the limit stop with #DEPTH!', () => {
    const deep: FormulaAttribute[] = [{ id: 'f0', name: 'F0', type: 'number' }];
    for (let i = 1; i <= 40; i++)
      deep.push({ id: `f${i}`, name: `F${i}`, type: 'formula', settings: { formula: `{f${i - 1}} + 1` } });
    const deepEnv = createFormulaEnvironment({ attributes: deep });
    const item: FormulaItem = { id: 'i', values: { f0: { data: 0 } } };
    expect(evaluateAttribute('f20', item, deepEnv)).toBe(20);
    expect(evaluateAttribute('f40', item, deepEnv)).toMatchObject({ error: '#DEPTH!' });
  });

  test('a referenced attribute deleted after saving gives #REF!', () => {
    const compiled = compileFormula('{Cost} * 2', BOARD);
    const without = createFormulaEnvironment({ attributes: BOARD.filter((a) => a.id !== uid(2)) });
    expect(evaluate(compiled, ITEM, without)).toMatchObject({ error: '#REF!' });
  });
});

test('a failing lookup never escapes as an exception', () => {
  const env = createFormulaEnvironment({
    attributes: BOARD,
    context: {
      memberName: () => {
        throw new Error('lookup failed');
      },
    },
  });
  expect(evaluate(compileFormula('{Owner}', BOARD), ITEM, env)).toMatchObject({ error: '#ERROR!' });
});

test('one compiled formula evaluates each of 10,000 items on its own values', () => {
  const compiled = compileFormula(
    'IF({Done}, ROUND({Cost} * {Quantity} * 1.2, 2), 0) & " / " & DAYS({Due}, TODAY()) & " / " & SUM(SUBITEMS({Cost}))',
    BOARD,
  );
  const env = environment();
  const items = Array.from({ length: 10_000 }, (_, i) => ({
    ...ITEM,
    id: `item-${i}`,
    values: { ...ITEM.values, [uid(2)]: { data: i } },
  }));
  const results = items.map((item) => evaluate(compiled, item, env));
  expect(results[10]).toBe('48 / 9 / 0');
  expect(SUBITEMS.length).toBe(3);
});
