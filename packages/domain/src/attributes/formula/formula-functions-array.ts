import { compareFormulaValues } from './formula-operators';
import type { FunctionDef } from './formula-runtime';
import { FErr, type FScalar, type FValue, flatten, toBoolean, toNumber } from './formula-values';

const ANY = Number.POSITIVE_INFINITY;

/** Order for sorting: errors stop the sort, empties go last whichever the direction. */
function sortList(values: FScalar[], descending: boolean): FValue {
  const error = values.find((v) => v instanceof FErr);
  if (error) return error;
  const filled = values.filter((v) => v !== null && v !== '');
  const empties = values.filter((v) => v === null || v === '');
  let failed: FErr | null = null;
  const sorted = [...filled].sort((a, b) => {
    const order = compareFormulaValues(a, b);
    if (order instanceof FErr) {
      failed = order;
      return 0;
    }
    return descending ? -order : order;
  });
  return failed ?? [...sorted, ...empties];
}

export const ARRAY_FUNCTIONS: Record<string, FunctionDef> = {
  /** FLATTEN(values…): one list of every value given, lists opened (a list to hand to IRR, MEDIAN…). */
  FLATTEN: { min: 1, max: ANY, call: (args) => flatten(args) },
  /**
   * SORT(list, [sort_index], [sort_order]): lists are one column, so sort_index is 1; sort_order
   * 1 ascending, -1 descending. Numbers, then text (ignoring case), then TRUE/FALSE, empties last.
   */
  SORT: {
    min: 1,
    max: 3,
    call: ([list, index = 1, order = 1]) => {
      const column = toNumber(index);
      if (column instanceof FErr) return column;
      const direction = toNumber(order);
      if (direction instanceof FErr) return direction;
      if (column !== 1) return new FErr('#VALUE!', 'A list has one column: sort_index is 1.');
      if (direction !== 1 && direction !== -1) return new FErr('#VALUE!', 'sort_order is 1 or -1.');
      return sortList(flatten([list!]), direction === -1);
    },
  },
  /** UNIQUE(list, [by_col], [exactly_once]): values in first-seen order; text compared ignoring case. */
  UNIQUE: {
    min: 1,
    max: 3,
    call: ([list, _byCol = false, once = false]) => {
      const exactlyOnce = toBoolean(once);
      if (exactlyOnce instanceof FErr) return exactlyOnce;
      const values = flatten([list!]);
      const error = values.find((v) => v instanceof FErr);
      if (error) return error;
      const groups: { value: FScalar; count: number }[] = [];
      for (const value of values) {
        const group = groups.find((g) => compareFormulaValues(g.value, value) === 0);
        if (group) group.count++;
        else groups.push({ value, count: 1 });
      }
      const kept = groups.filter((g) => !exactlyOnce || g.count === 1).map((g) => g.value);
      return kept.length === 0 ? new FErr('#VALUE!', 'No value is left.') : kept;
    },
  },
};
