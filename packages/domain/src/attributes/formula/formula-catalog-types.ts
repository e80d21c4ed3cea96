import type { FormulaErrorCode } from './formula-values';

/** The groups functions are listed in, in the order the documentation and the editor show them. */
export const FORMULA_CATEGORIES = [
  'date',
  'financial',
  'math',
  'operator',
  'engineering',
  'text',
  'statistical',
  'logical',
  'array',
  'lookup',
  'parser',
] as const;

export type FormulaCategory = (typeof FORMULA_CATEGORIES)[number];

/** What an example gives: a cell value, or an error by its code. */
export type CatalogResult = number | string | boolean | null | { error: FormulaErrorCode };

/** One function: name, arguments as the signature shows them (optional ones in brackets), an example and what it gives. */
export type CatalogRow = readonly [name: string, args: string, example: string, result: CatalogResult];

export type CatalogRows = Partial<Record<FormulaCategory, readonly CatalogRow[]>>;
