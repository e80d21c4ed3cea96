import { DEFAULT_LOCALE } from '../../constants';
import type { ValueContext } from '../value-context';
import { compileBoardFormulas } from './formula-cycles';
import { evaluateFormulaAttribute } from './formula-read';
import type {
  CompiledFormula,
  EvalState,
  FormulaAttribute,
  FormulaEnvironment,
  FormulaItem,
} from './formula-runtime';
import { FErr, type FormulaResult, type FValue, toResult } from './formula-values';

export interface FormulaEnvironmentOptions {
  /** The board's attributes (formula references resolve among them). */
  attributes: readonly FormulaAttribute[];
  /** The subitems of an item (items whose parent_id is its id); none when absent. */
  subitemsOf?(item: FormulaItem): readonly FormulaItem[];
  /** Clock, zone, locale and name lookups; `now` is fixed when the environment is made. */
  context?: ValueContext;
}

/**
 * Everything evaluation reads besides the item: made once per board (and clock tick), then used
 * for every item. It compiles the board's formula attributes, so formulas can read formulas.
 */
export function createFormulaEnvironment(options: FormulaEnvironmentOptions): FormulaEnvironment {
  const context = options.context ?? {};
  return {
    attributes: new Map(options.attributes.map((a) => [a.id, a])),
    formulas: compileBoardFormulas(options.attributes),
    context: {
      ...context,
      now: context.now ?? Date.now(),
      timeZone: context.timeZone ?? 'UTC',
      locale: context.locale ?? DEFAULT_LOCALE,
    },
    subitemsOf: options.subitemsOf ?? (() => []),
  };
}

function guarded(run: () => FValue): FormulaResult {
  try {
    return toResult(run());
  } catch (error) {
    // A lookup supplied by the caller failed, or the subitem tree is deeper than the stack.
    const message =
      error instanceof RangeError ? 'The formula went too deep.' : 'The formula could not be worked out.';
    return toResult(new FErr(error instanceof RangeError ? '#DEPTH!' : '#ERROR!', message));
  }
}

/** The value of a compiled formula for one item. Never throws: problems come back as `{ error, message }`. */
export function evaluate(
  compiled: CompiledFormula,
  item: FormulaItem,
  env: FormulaEnvironment,
): FormulaResult {
  const state: EvalState = { item, env, memo: new Map(), stack: [] };
  if (compiled.attributeId !== undefined) state.stack.push(`${item.id}|${compiled.attributeId}`);
  return guarded(() => compiled.run(state));
}

/** The value of a board's formula attribute for one item (the environment holds its compiled formula). */
export function evaluateAttribute(
  attributeId: string,
  item: FormulaItem,
  env: FormulaEnvironment,
): FormulaResult {
  const state: EvalState = { item, env, memo: new Map(), stack: [] };
  return guarded(() => evaluateFormulaAttribute(state, item, attributeId));
}
