import { describe, expect, test } from 'vitest';
import doc from '../../../../../docs/formula-functions.md?raw';
import { FORMULA_CATALOG, FORMULA_LEFT_OUT } from './formula-catalog';
import { type CatalogResult, FORMULA_CATEGORIES } from './formula-catalog-types';
import { FORMULA_FUNCTIONS } from './formula-compile';
import { renderFormulaDoc } from './formula-doc';
import { run } from './formula-test-board';
import type { FormulaResult } from './formula-values';

/** Least and most arguments a signature shows: `[x]` or `[x, y]` is optional, `…` means any number more. */
function arity(signature: string): { min: number; max: number } {
  const inside = signature.slice(signature.indexOf('(') + 1, -1);
  const parts: string[] = [];
  let depth = 0;
  let part = '';
  for (const ch of inside) {
    if (ch === ',' && depth === 0) {
      parts.push(part.trim());
      part = '';
      continue;
    }
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    part += ch;
  }
  if (part.trim() !== '') parts.push(part.trim());
  let min = 0;
  let max = 0;
  for (const p of parts) {
    if (p.includes('…')) max = Number.POSITIVE_INFINITY;
    else if (p.startsWith('[')) max += p.split(',').length;
    else {
      min++;
      max++;
    }
  }
  return { min, max };
}

/** Numbers match to 9 significant digits (the catalog keeps 10); everything else exactly. */
export function expectResult(result: FormulaResult, expected: CatalogResult): void {
  if (typeof expected === 'number' && typeof result === 'number') {
    expect(Math.abs(result - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
  } else if (expected !== null && typeof expected === 'object') {
    expect(result).toMatchObject({ error: expected.error });
  } else {
    expect(result).toEqual(expected);
  }
}

describe('the catalog and the engine', () => {
  test('list the same functions, once each', () => {
    const names = FORMULA_CATALOG.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(FORMULA_FUNCTIONS).sort());
  });

  test('every signature shows the number of arguments the function takes', () => {
    const wrong = FORMULA_CATALOG.filter((entry) => {
      const fn = FORMULA_FUNCTIONS[entry.name]!;
      const shown = arity(entry.signature);
      return shown.min !== fn.min || shown.max !== fn.max;
    }).map(
      (entry) =>
        `${entry.signature} takes ${FORMULA_FUNCTIONS[entry.name]!.min}..${FORMULA_FUNCTIONS[entry.name]!.max}`,
    );
    expect(wrong).toEqual([]);
  });

  test('every example calls its own function', () => {
    const strays = FORMULA_CATALOG.filter((entry) => !entry.example.toUpperCase().includes(`${entry.name}(`));
    expect(strays.map((entry) => entry.name)).toEqual([]);
  });

  test('no function that is left out can be called', () => {
    const offered = FORMULA_LEFT_OUT.flatMap((group) => group.names).filter(
      (name) => name in FORMULA_FUNCTIONS,
    );
    expect(offered).toEqual([]);
  });

  test('docs/formula-functions.md is made from the catalog (run `npx tsx scripts/formula-doc.ts`)', () => {
    expect(doc).toBe(renderFormulaDoc());
  });
});

describe.each(FORMULA_CATEGORIES)('the %s examples of the catalog', (category) => {
  const entries = FORMULA_CATALOG.filter((entry) => entry.category === category);

  test('are there', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  test.each(entries.map((entry) => [entry.example, entry.result] as const))(
    '%s gives %j',
    (example, expected) => {
      expectResult(run(example), expected);
    },
  );
});
