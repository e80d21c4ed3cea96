import type { AttributeType } from '../attribute-types';
import type { AttributeItem } from '../item-values';
import type { ValueContext } from '../value-context';
import type { ValueError } from '../value-errors';
import type { FValue } from './formula-values';

/** An attribute as formulas see it. */
export interface FormulaAttribute {
  id: string;
  name: string;
  type: AttributeType;
  settings?: unknown;
}

/** An item as formulas read it: its own fields, and its values keyed by attribute id. */
export type FormulaItem = AttributeItem;

/** Everything an evaluation reads besides the item, built once for many items (createFormulaEnvironment). */
export interface FormulaEnvironment {
  attributes: ReadonlyMap<string, FormulaAttribute>;
  /** Compiled formulas of the board's formula attributes, for formulas that refer to formulas. */
  formulas: ReadonlyMap<string, CompiledFormula>;
  context: ValueContext & { now: number; timeZone: string; locale: string };
  subitemsOf(item: FormulaItem): readonly FormulaItem[];
}

/** One evaluation: the item in hand, results so far, and the formulas being worked out (cycle guard). */
export interface EvalState {
  item: FormulaItem;
  env: FormulaEnvironment;
  memo: Map<string, FValue>;
  stack: string[];
}

export type Evaluator = (state: EvalState) => FValue;

/** A formula compiled once and evaluated for many items. */
export interface CompiledFormula {
  /** The text as given. */
  source: string;
  /** The text to store: references as {attribute-id}, so renaming an attribute keeps the formula. */
  stored: string;
  /** Attributes of the same item it reads (directly, not through SUBITEMS). */
  references: string[];
  /** Attributes it reads on subitems (through SUBITEMS). */
  subitemReferences: string[];
  /** Problems found when compiling; when there are any, every evaluation answers the first as a cell error. */
  errors: ValueError[];
  /** The formula attribute this is the formula of, when known (for the cycle guard). */
  attributeId?: string;
  run: Evaluator;
}

export type FunctionDef =
  | {
      min: number;
      max: number;
      lazy?: false;
      /** Arguments that are errors reach the function instead of being the answer (ISERROR). */
      takesErrors?: boolean;
      call(args: FValue[], state: EvalState): FValue;
    }
  | { min: number; max: number; lazy: true; call(args: readonly Evaluator[], state: EvalState): FValue };
