import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compileFormula } from './formula-compile';
import { evaluate } from './formula-evaluate';
import { BOARD, environment, ITEM } from './formula-test-board';
import { isFormulaError } from './formula-values';

const env = environment();
const isResult = (value: unknown) =>
  value === null ||
  typeof value === 'boolean' ||
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  isFormulaError(value);

// Pieces of formula syntax, so that random text often parses and reaches the evaluator.
const piece = fc.constantFrom(
  '{Cost}',
  '{Due}',
  '{Status}',
  '{Timeline}',
  '{Empty}',
  '{Total}',
  '{Nope}',
  'SUBITEMS({Cost})',
  'SUM(',
  'IF(',
  'DATE(',
  'TEXT(',
  'LEFT(',
  'ROUND(',
  'DAYS(',
  'FORMAT_DATE(',
  'MID(',
  'POWER(',
  'IFERROR(',
  'REPT(',
  ')',
  ',',
  '+',
  '-',
  '*',
  '/',
  '^',
  '%',
  '&',
  '=',
  '<>',
  '<',
  '>=',
  '"a"',
  '"2026-03-01"',
  '0',
  '1',
  '-1',
  '2.5',
  '1e308',
  'TRUE',
  '(',
  ' ',
  '{',
  '}',
  '"',
  "'",
  '.',
  '[',
  '?',
  ':',
);
const formulaText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.array(piece, { maxLength: 25 }).map((p) => p.join('')),
);

describe('formula engine properties', () => {
  test('compiling and evaluating any text never throws and gives a cell value', () => {
    fc.assert(
      fc.property(formulaText, (text) => {
        const compiled = compileFormula(text, BOARD);
        const result = evaluate(compiled, ITEM, env);
        expect(isResult(result)).toBe(true);
        if (compiled.errors.length > 0) expect(isFormulaError(result)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test('stored text compiles to the same references (names never needed again)', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 15 }).map((p) => p.join('')),
        (text) => {
          const first = compileFormula(text, BOARD);
          if (first.errors.length > 0) return;
          const again = compileFormula(first.stored, BOARD);
          expect(again.errors).toEqual([]);
          expect(again.references).toEqual(first.references);
          expect(evaluate(again, ITEM, env)).toEqual(evaluate(first, ITEM, env));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
