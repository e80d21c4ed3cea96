import { formatCustomId, parseCustomId } from '../custom-id';
import { isNumberOperand, matchNumber, matchText } from '../filter-matchers';
import { EMPTY_OPERATORS, type FilterOperator, NUMBER_OPERATORS } from '../filter-operators';
import { parseNumberText } from '../number-format';
import { formatDuration } from '../time-tracking';
import { contextLocale } from '../value-context';
import { fail, ok, type ValueResult } from '../value-errors';
import type { TypeHandler } from './type-handler';

function readNumber(data: unknown): number | null {
  return typeof data === 'number' && Number.isFinite(data) ? data : null;
}

function validateNumber(data: unknown): ValueResult<number | null> {
  if (data === null || data === undefined) return ok(null);
  if (typeof data !== 'number' || !Number.isFinite(data)) return fail('INVALID_NUMBER');
  return ok(data);
}

/** An integer within bounds (progress, rating, custom ID, tracked seconds). */
function validateInteger(data: unknown, min: number, max: number): ValueResult<number | null> {
  const checked = validateNumber(data);
  if (!checked.ok || checked.data === null) return checked;
  if (!Number.isInteger(checked.data)) return fail('NOT_INTEGER');
  if (checked.data < min || checked.data > max) return fail('OUT_OF_RANGE', { min, max });
  return checked;
}

const numberLike = {
  operators: NUMBER_OPERATORS,
  read: readNumber,
  compare: (a: number, b: number) => a - b,
  matches: (data: number | null, operator: FilterOperator, operand: unknown) =>
    matchNumber(data, operator, operand),
  isOperand: (operator: FilterOperator, operand: unknown) => isNumberOperand(operator, operand),
  toPlainText: (data: number) => String(data),
};

function integerFromText(text: string, min: number, max: number, locale: string): ValueResult<number | null> {
  if (text.trim() === '') return ok(null);
  const value = parseNumberText(text, locale);
  return value === null ? fail('UNRECOGNISED_TEXT', { text }) : validateInteger(value, min, max);
}

/** Number: any finite number; shown with the settings' format (see number-format.ts). */
export const numberHandler: TypeHandler<'number', number> = {
  ...numberLike,
  validateData: (_settings, data) => validateNumber(data),
  fromPlainText: (text, _settings, context) => {
    if (text.trim() === '') return ok(null);
    const value = parseNumberText(text, contextLocale(context));
    return value === null ? fail('UNRECOGNISED_TEXT', { text }) : ok(value);
  },
};

/** Progress: an integer within the settings' min and max. */
export const progressHandler: TypeHandler<'progress', number> = {
  ...numberLike,
  validateData: (settings, data) => validateInteger(data, settings.min, settings.max),
  fromPlainText: (text, settings, context) =>
    integerFromText(text, settings.min, settings.max, contextLocale(context)),
};

/** Rating: an integer from 0 (not rated) to the settings' max. */
export const ratingHandler: TypeHandler<'rating', number> = {
  ...numberLike,
  validateData: (settings, data) => validateInteger(data, 0, settings.max),
  fromPlainText: (text, settings, context) => integerFromText(text, 0, settings.max, contextLocale(context)),
};

const CUSTOM_ID_TEXT_OPERATORS = ['is', 'contains'] as const satisfies readonly FilterOperator[];

/**
 * Custom ID: the number (public API); shown with the prefix. Filters take the shown text (is,
 * contains) or the number (=, <, …).
 */
export const customIdHandler: TypeHandler<'custom_id', number> = {
  ...numberLike,
  operators: [
    ...CUSTOM_ID_TEXT_OPERATORS,
    ...NUMBER_OPERATORS.filter((op) => !EMPTY_OPERATORS.includes(op as never)),
    ...EMPTY_OPERATORS,
  ],
  validateData: (_settings, data) => validateInteger(data, 1, Number.MAX_SAFE_INTEGER),
  read: (data) => {
    const value = readNumber(data);
    return value !== null && Number.isInteger(value) && value > 0 ? value : null;
  },
  matches: (data, operator, operand, _context, settings) => {
    if (operator === 'is' && typeof operand === 'string') {
      const wanted = parseCustomId(settings.prefix, operand);
      return data !== null && wanted === data;
    }
    if (operator === 'contains')
      return matchText(
        data === null ? null : formatCustomId(settings.prefix, data, settings.padding),
        operator,
        operand,
      );
    return matchNumber(data, operator, operand);
  },
  isOperand: (operator, operand) =>
    operator === 'is' || operator === 'contains'
      ? typeof operand === 'string'
      : isNumberOperand(operator, operand),
  toPlainText: (data, settings) => formatCustomId(settings.prefix, data, settings.padding),
};

/** Time tracking: the tracked total in seconds, kept by the server from the time entries. */
export const timeTrackingHandler: TypeHandler<'time_tracking', number> = {
  ...numberLike,
  validateData: (_settings, data) => validateInteger(data, 0, Number.MAX_SAFE_INTEGER),
  read: (data) => {
    const value = readNumber(data);
    return value !== null && value > 0 ? value : null;
  },
  toPlainText: (data) => formatDuration(data),
};
