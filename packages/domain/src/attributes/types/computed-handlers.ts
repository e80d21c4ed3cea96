import { formatDateDisplay } from '../date-locale';
import { parseIsoDate } from '../date-values';
import { isNumberOperand, matchNumber, matchText } from '../filter-matchers';
import { EMPTY_OPERATORS, type FilterOperator, NUMBER_OPERATORS, TEXT_OPERATORS } from '../filter-operators';
import { type FormulaResult, isFormulaError, tidyNumber } from '../formula/formula-values';
import { compareText, contextLocale, contextTimeZone } from '../value-context';
import { fail, ok } from '../value-errors';
import type { TypeHandler } from './type-handler';

const FORMULA_OPERATORS = [
  ...TEXT_OPERATORS.filter((op) => !(EMPTY_OPERATORS as readonly string[]).includes(op)),
  ...NUMBER_OPERATORS.filter((op) => !(EMPTY_OPERATORS as readonly string[]).includes(op)),
  'is_checked',
  'is_unchecked',
  'is_error',
  ...EMPTY_OPERATORS,
] as const satisfies readonly FilterOperator[];

const NUMBER_ONLY = new Set<FilterOperator>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'between']);

function rank(value: Exclude<FormulaResult, null>): number {
  if (typeof value === 'number') return 0;
  if (typeof value === 'string') return 1;
  if (typeof value === 'boolean') return 2;
  return 3;
}

function resultText(value: Exclude<FormulaResult, null>): string {
  if (typeof value === 'number') return String(tidyNumber(value));
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  return value.error;
}

/**
 * Formula: the data is the evaluation result (formula/formula-evaluate.ts): a number, text (dates
 * as ISO text), a boolean, or `{ error, message }`. Sorted numbers first, then text, booleans and
 * errors; filtered as text or as a number by the operand, errors by `is_error`.
 */
export const formulaHandler: TypeHandler<'formula', Exclude<FormulaResult, null>> = {
  operators: FORMULA_OPERATORS,
  validateData: (_settings, data) => {
    if (data === null || data === undefined || data === '') return ok(null);
    if (
      typeof data === 'number' ||
      typeof data === 'string' ||
      typeof data === 'boolean' ||
      isFormulaError(data)
    )
      return ok(data);
    return fail('INVALID_TYPE', { expected: 'a formula result' });
  },
  read: (data) => {
    if (typeof data === 'number') return Number.isFinite(data) ? data : null;
    if (typeof data === 'string') return data === '' ? null : data;
    if (typeof data === 'boolean' || isFormulaError(data)) return data;
    return null;
  },
  compare: (a, b, _settings, context) => {
    const byKind = rank(a) - rank(b);
    if (byKind !== 0) return byKind;
    if (typeof a === 'number') return a - (b as number);
    return compareText(resultText(a), resultText(b), context);
  },
  matches: (data, operator, operand) => {
    if (operator === 'is_error') return isFormulaError(data);
    if (operator === 'is_checked') return data === true;
    if (operator === 'is_unchecked') return data !== true;
    if (isFormulaError(data)) return operator === 'is_not_empty';
    if (NUMBER_ONLY.has(operator))
      return matchNumber(typeof data === 'number' ? data : null, operator, operand);
    return matchText(data === null ? null : resultText(data), operator, operand);
  },
  isOperand: (operator, operand) =>
    NUMBER_ONLY.has(operator) ? isNumberOperand(operator, operand) : typeof operand === 'string',
  toPlainText: (data) => resultText(data),
  // Date results are ISO text (formula-values.ts): shown like a date attribute's, with the time
  // only when the result is an instant (NOW()).
  toDisplayText: (data, _settings, context) => {
    const date = typeof data === 'string' ? parseIsoDate(data) : null;
    if (!date) return resultText(data);
    return formatDateDisplay(date, contextLocale(context), contextTimeZone(context), !date.allDay);
  },
};

/** Button: no value; it runs its action (settings.action). */
export const buttonHandler: TypeHandler<'button', never> = {
  operators: [],
  validateData: (_settings, data) => (data === null || data === undefined ? ok(null) : fail('NOT_EDITABLE')),
  read: () => null,
  compare: () => 0,
  matches: () => false,
  toPlainText: () => '',
};
