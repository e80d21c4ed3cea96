import { FORMULA_CATALOG, FORMULA_LEFT_OUT, type FormulaCatalogEntry } from './formula-catalog';
import { type CatalogResult, FORMULA_CATEGORIES, type FormulaCategory } from './formula-catalog-types';

const TITLES: Record<FormulaCategory, string> = {
  date: 'Date',
  financial: 'Financial',
  math: 'Math',
  operator: 'Operator',
  engineering: 'Engineering',
  text: 'Text',
  statistical: 'Statistical',
  logical: 'Logical',
  array: 'Array',
  lookup: 'Lookup',
  parser: 'Parser',
};

const INTRO = `Every function a formula attribute can use, by group, each with an example and the value it
gives. Names are not case-sensitive; a dotted name is written as it is (\`NORM.S.DIST(1, TRUE)\`).
Arguments in [brackets] may be left out; \`…\` means more of the same may follow.

- **Lists.** \`SUBITEMS({Attribute})\` gives the values of an attribute on the item's subitems, and
  \`FLATTEN(value1, …)\` makes a list of the values given. Functions that take a range take a list;
  functions of one set of values skip its empty entries, as a spreadsheet skips blank cells, while
  functions that pair two lists (CORREL, SUMIF, XNPV) or count by position (MATCH, INDEX) keep
  them. A list shown in a cell is its values joined by ", ".
- **Dates** are read in the time zone of the person who reads the board, as the columns show them.
  Functions that give a time of day (TIME, TIMEVALUE) give a fraction of a day.
- **Errors** are the spreadsheet's: #VALUE! (a value of the wrong type), #DIV/0!, #NUM! (a number
  that cannot be worked out), #N/A (no value matches), #NAME? (an unknown function or attribute),
  #REF! (a deleted attribute), #ERROR! (the formula cannot be read), #CYCLE! and #DEPTH!.

Most functions are those of [formula.js](https://github.com/formulajs/formulajs) (\`@formulajs/formulajs\`)
behind Strata's values; the date functions, the logical functions that work out only the branch
they take (IF, IFS, IFNA, IFERROR, SWITCH, CHOOSE), the text functions that count characters, and
the ones a spreadsheet does not have (ADD_DAYS, FORMAT_DATE, START, END, WORKDAYS, FLATTEN) are
Strata's own.

The examples are worked out for an item on Wednesday 2026-03-11 at 10:00 in Europe/Rome, whose
{Timeline} runs from 2026-03-02 to 2026-03-13.`;

function shown(result: CatalogResult): string {
  if (result === null) return '(empty)';
  if (typeof result === 'object') return result.error;
  if (typeof result === 'boolean') return result ? 'TRUE' : 'FALSE';
  if (typeof result === 'string') return `"${result}"`;
  return String(result);
}

const cell = (text: string) => `\`${text.replace(/\|/g, '\\|')}\``;

function section(category: FormulaCategory, entries: readonly FormulaCatalogEntry[]): string {
  const rows = entries.map((e) => `| ${cell(e.signature)} | ${cell(e.example)} | ${cell(shown(e.result))} |`);
  return [
    `## ${TITLES[category]} (${entries.length})`,
    '',
    '| Function | Example | Result |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/**
 * docs/formula-functions.md, made from the catalog (scripts/formula-doc.ts writes it; a test
 * checks that the file on disk is this text).
 */
export function renderFormulaDoc(): string {
  const groups = FORMULA_CATEGORIES.map(
    (category) => [category, FORMULA_CATALOG.filter((e) => e.category === category)] as const,
  );
  const summary = groups.map(([category, entries]) => `| ${TITLES[category]} | ${entries.length} |`);
  const leftOut = FORMULA_LEFT_OUT.map((group) => `- ${group.names.join(', ')}: ${group.reason}`);
  return `${[
    '# Formula functions',
    '',
    '<!-- Made from packages/domain/src/attributes/formula/formula-catalog*.ts by `npx tsx scripts/formula-doc.ts`: edit the catalog, not this file. -->',
    '',
    INTRO,
    '',
    '| Group | Functions |',
    '| --- | --- |',
    ...summary,
    `| All | ${FORMULA_CATALOG.length} |`,
    '',
    ...groups.flatMap(([category, entries]) => [section(category, entries), '']),
    '## Left out',
    '',
    'Functions of the library that formulas do not offer:',
    '',
    ...leftOut,
  ].join('\n')}\n`;
}
