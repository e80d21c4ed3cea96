import { ENGINEERING_ROWS } from './formula-catalog-engineering';
import { MATH_ROWS } from './formula-catalog-math';
import { STATISTICAL_ROWS } from './formula-catalog-statistical';
import { TEXT_ROWS } from './formula-catalog-text';
import { type CatalogResult, FORMULA_CATEGORIES, type FormulaCategory } from './formula-catalog-types';

/**
 * Every function a formula may call, with its group, signature and one example with what it
 * gives. The one list the documentation (docs/formula-functions.md) and the formula editor's
 * suggestions are made from; a test works out every example with the real evaluator and checks
 * that the list and the engine's functions are the same. It is data only, so the web app loads it
 * with the formula editor and nowhere else.
 */
export interface FormulaCatalogEntry {
  name: string;
  category: FormulaCategory;
  /** NAME(argument, [optional], [more, …]) */
  signature: string;
  example: string;
  result: CatalogResult;
}

export const FORMULA_CATALOG: readonly FormulaCatalogEntry[] = FORMULA_CATEGORIES.flatMap((category) =>
  [ENGINEERING_ROWS, MATH_ROWS, STATISTICAL_ROWS, TEXT_ROWS].flatMap((rows) =>
    (rows[category] ?? []).map(([name, args, example, result]) => ({
      name,
      category,
      signature: `${name}(${args})`,
      example,
      result,
    })),
  ),
);

/** Spreadsheet functions the library offers that formulas leave out, and why. */
export const FORMULA_LEFT_OUT: readonly { names: readonly string[]; reason: string }[] = [
  {
    names: ['RAND', 'RANDBETWEEN'],
    reason:
      'A formula gives the same value wherever it is worked out (the server, every browser, an export); a new random number each time would not.',
  },
  {
    names: ['ROW', 'COLUMN'],
    reason: 'They tell where a cell is in a sheet; a board has no cell addresses.',
  },
  {
    names: [
      'VLOOKUP',
      'HLOOKUP',
      'MMULT',
      'MUNIT',
      'TRANSPOSE',
      'HSTACK',
      'CHOOSECOLS',
      'EXPAND',
      'LINEST',
      'LOGEST',
    ],
    reason:
      'They need or give a table of several columns; a formula only has lists of one column (SUBITEMS, FLATTEN). Use INDEX with MATCH, or LOOKUP, instead of VLOOKUP.',
  },
  {
    names: [
      'DAVERAGE',
      'DCOUNT',
      'DCOUNTA',
      'DGET',
      'DMAX',
      'DMIN',
      'DPRODUCT',
      'DSTDEV',
      'DSTDEVP',
      'DSUM',
      'DVAR',
      'DVARP',
    ],
    reason:
      'Database functions read a range with a header row and a range of criteria; use AVERAGEIFS, COUNTIFS, SUMIFS, MAXIFS and MINIFS on lists.',
  },
  {
    names: ['T.DIST', 'T.DIST.2T', 'T.INV.2T', 'T.TEST', 'TTEST'],
    reason:
      'T.DIST.2T and T.INV.2T cannot be written (a name part may not start with a digit): use TDIST(x, deg_freedom, 2) and TINV. The library’s T.DIST and T.TEST take other arguments than a spreadsheet’s.',
  },
  {
    names: ['F.TEST', 'FTEST', 'TBILLEQ', 'TBILLPRICE', 'TBILLYIELD'],
    reason:
      'The library’s results differ from a spreadsheet’s (F.TEST gives the ratio of the variances; the Treasury bill functions count days on a 360-day calendar).',
  },
  {
    names: [
      'BETADIST',
      'CHIDIST',
      'CHIINV',
      'FDIST',
      'FINV',
      'HYPGEOMDIST',
      'LOGNORMDIST',
      'NEGBINOMDIST',
      'NORMSDIST',
    ],
    reason:
      'Older names whose arguments or tails differ from the library’s function of that name; the current names (BETA.DIST, CHISQ.DIST.RT, F.DIST.RT, …) are there.',
  },
];
