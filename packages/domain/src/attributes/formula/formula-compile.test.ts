import { describe, expect, test } from 'vitest';
import { compileFormula, FORMULA_FUNCTIONS, formulaToDisplayText } from './formula-compile';
import { formatReference, scanReferences } from './formula-syntax';
import { BOARD, run, uid } from './formula-test-board';

describe('references', () => {
  test('names resolve case-insensitively to ids, kept in the stored text', () => {
    const compiled = compileFormula('{ cost } * {QUANTITY} + SUM(SUBITEMS({Cost}))', BOARD);
    expect(compiled.errors).toEqual([]);
    expect(compiled.stored).toBe(`{${uid(2)}} * {${uid(3)}} + SUM(SUBITEMS({${uid(2)}}))`);
    expect(compiled.references).toEqual([uid(2), uid(3)]);
    expect(compiled.subitemReferences).toEqual([uid(2)]);
  });

  test('ids work as references too, and show as the current names', () => {
    const renamed = BOARD.map((a) => (a.id === uid(2) ? { ...a, name: 'Unit price' } : a));
    const compiled = compileFormula(`{${uid(2)}} * 2`, renamed);
    expect(compiled.errors).toEqual([]);
    expect(formulaToDisplayText(compiled.stored, renamed)).toBe('{Unit price} * 2');
  });

  test('braces inside text are text', () => {
    expect(run('"{Cost}" & {Name}')).toBe('{Cost}Launch');
    expect(scanReferences('"{a}" & {b} & \'{c}\'').map((s) => s.name)).toEqual(['b']);
  });

  test('a name with braces is written escaped and read back', () => {
    const odd = [{ id: uid(70), name: 'Odd {name}\\', type: 'number' as const }];
    const shown = formulaToDisplayText(`{${uid(70)}} + 1`, odd);
    expect(shown).toBe(`${formatReference('Odd {name}\\')} + 1`);
    expect(compileFormula(shown, odd).stored).toBe(`{${uid(70)}} + 1`);
  });

  test('a deleted attribute shows as its id and evaluates to #REF!', () => {
    const gone = `{${uid(999)}} + 1`;
    expect(formulaToDisplayText(gone, BOARD)).toBe(gone);
    expect(compileFormula(gone, BOARD).errors[0]!.code).toBe('FORMULA_UNKNOWN_ATTRIBUTE');
  });
});

describe('errors are listed, and the cell shows the first', () => {
  test.each([
    ['{Price} * 2', 'FORMULA_UNKNOWN_ATTRIBUTE', '#NAME?', 'There is no attribute named "Price".'],
    ['FOO(1)', 'FORMULA_UNKNOWN_FUNCTION', '#NAME?', 'Unknown function FOO.'],
    ['IF(1)', 'FORMULA_ARGUMENT_COUNT', '#ERROR!', 'IF takes 2 to 3 arguments.'],
    ['ROUND()', 'FORMULA_ARGUMENT_COUNT', '#ERROR!', 'ROUND takes 1 to 2 arguments.'],
    ['TODAY(1)', 'FORMULA_ARGUMENT_COUNT', '#ERROR!', 'TODAY takes 0 arguments.'],
    ['SUM()', 'FORMULA_ARGUMENT_COUNT', '#ERROR!', 'SUM takes 1 or more arguments.'],
    ['1 +', 'FORMULA_SYNTAX', '#ERROR!', undefined],
    ['(1', 'FORMULA_SYNTAX', '#ERROR!', undefined],
    ['{Cost', 'FORMULA_SYNTAX', '#ERROR!', 'The formula cannot be read: Unclosed { at character 1'],
    ['1 2', 'FORMULA_SYNTAX', '#ERROR!', 'The formula cannot be read: an operator or a comma is missing'],
    [
      'Cost * 2',
      'FORMULA_SYNTAX',
      '#ERROR!',
      'The formula cannot be read: unknown name Cost; put attribute names in braces: {Cost}',
    ],
    ['a.b', 'FORMULA_SYNTAX', '#ERROR!', undefined],
    ['1 ? 2 : 3', 'FORMULA_SYNTAX', '#ERROR!', undefined],
    ['[1, 2]', 'FORMULA_SYNTAX', '#ERROR!', undefined],
    ['SUBITEMS(1)', 'FORMULA_SUBITEMS_ARGUMENT', '#ERROR!', undefined],
    ['SUBITEMS({Price})', 'FORMULA_UNKNOWN_ATTRIBUTE', '#NAME?', undefined],
  ])('%s: %s', (text, code, cell, message) => {
    const compiled = compileFormula(text, BOARD);
    expect(compiled.errors[0]!.code).toBe(code);
    if (message) expect(compiled.errors[0]!.message).toBe(message);
    expect(run(text)).toMatchObject({ error: cell });
  });

  test('two attributes with one name make the name ambiguous', () => {
    const board = [...BOARD, { id: uid(80), name: 'Cost', type: 'text' as const }];
    const compiled = compileFormula('{Cost}', board);
    expect(compiled.errors[0]).toMatchObject({
      code: 'FORMULA_AMBIGUOUS_ATTRIBUTE',
      params: { name: 'Cost' },
    });
    expect(compileFormula(`{${uid(80)}}`, board).errors).toEqual([]);
  });

  test('too long and too deep formulas are refused, not crashed on', () => {
    expect(compileFormula(`${'1+'.repeat(2500)}1`, BOARD).errors[0]!.code).toBe('FORMULA_TOO_LONG');
    expect(compileFormula(`${'ABS('.repeat(70)}1${')'.repeat(70)}`, BOARD).errors[0]!.code).toBe(
      'FORMULA_TOO_DEEP',
    );
    expect(compileFormula(`${'('.repeat(1999)}1${')'.repeat(1999)}`, BOARD).errors[0]!.code).toMatch(
      /FORMULA_TOO_DEEP|FORMULA_SYNTAX/,
    );
  });

  test('every error found is listed', () => {
    const compiled = compileFormula('FOO({Price}) + BAR(1)', BOARD);
    expect(compiled.errors.map((e) => e.code).sort()).toEqual([
      'FORMULA_UNKNOWN_ATTRIBUTE',
      'FORMULA_UNKNOWN_FUNCTION',
      'FORMULA_UNKNOWN_FUNCTION',
    ]);
  });
});

test('an empty formula is an empty cell', () => {
  expect(run('')).toBeNull();
  expect(run('  = ')).toBeNull();
});

test('function names are case-insensitive', () => {
  expect(run('round(sum(1.25, 1), 1)')).toBe(2.3);
});

test('the documented functions exist', () => {
  const documented = [
    'IF',
    'AND',
    'OR',
    'NOT',
    'IFERROR',
    'CONCAT',
    'CONCATENATE',
    'LEFT',
    'RIGHT',
    'LEN',
    'UPPER',
    'LOWER',
    'TRIM',
    'SUBSTITUTE',
    'TEXT',
    'ROUND',
    'ROUNDUP',
    'ROUNDDOWN',
    'ABS',
    'MIN',
    'MAX',
    'SUM',
    'AVERAGE',
    'MOD',
    'POWER',
    'SQRT',
    'TODAY',
    'NOW',
    'DATE',
    'YEAR',
    'MONTH',
    'DAY',
    'DAYS',
    'DATEDIF',
    'ADD_DAYS',
    'WORKDAYS',
    'FORMAT_DATE',
    'COUNT',
  ];
  for (const name of documented) expect(FORMULA_FUNCTIONS[name], name).toBeDefined();
});
