import { parseIsoDate } from '../date-values';

/**
 * Cell error codes, as a spreadsheet user knows them. A formula never throws: every problem
 * becomes one of these, shown in the cell with a message.
 */
export const FORMULA_ERROR_CODES = {
  /** The formula cannot be read (syntax, argument count, too long or too deeply nested). */
  '#ERROR!': 'The formula cannot be read.',
  /** An unknown function, or an attribute name that matches none (or several). */
  '#NAME?': 'Unknown name.',
  /** A referenced attribute no longer exists. */
  '#REF!': 'A referenced attribute no longer exists.',
  /** A value of the wrong type for the operation ("abc" * 2). */
  '#VALUE!': 'A value has the wrong type.',
  '#DIV/0!': 'Division by zero.',
  /** A number that cannot be worked out (square root of a negative, overflow, a bad date). */
  '#NUM!': 'The number cannot be worked out.',
  /** No value matches (SWITCH without a default). */
  '#N/A': 'No value is available.',
  /** Formula attributes refer to each other in a circle. */
  '#CYCLE!': 'Circular reference between formulas.',
  /** Formulas refer to formulas too many levels deep. */
  '#DEPTH!': 'Formulas refer to each other too many levels deep.',
} as const;

export type FormulaErrorCode = keyof typeof FORMULA_ERROR_CODES;

/** An error as a cell holds it (the public form of an evaluation result). */
export interface FormulaError {
  error: FormulaErrorCode;
  message: string;
}

/** What a formula evaluates to: dates come out as ISO strings, lists as text joined by ', '. */
export type FormulaResult = number | string | boolean | null | FormulaError;

export function isFormulaError(value: unknown): value is FormulaError {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as FormulaError).error === 'string' &&
    (value as FormulaError).error in FORMULA_ERROR_CODES
  );
}

/** An error while evaluating (internal form). */
export class FErr {
  constructor(
    readonly code: FormulaErrorCode,
    readonly message: string = FORMULA_ERROR_CODES[code],
  ) {}
}

/** A date while evaluating: a calendar date (UTC midnight, allDay) or an instant. */
export class FDate {
  constructor(
    readonly ms: number,
    readonly allDay: boolean,
  ) {}
}

export type FScalar = number | string | boolean | null | FDate | FErr;
export type FValue = FScalar | readonly FValue[];

export const DAY_MS = 86_400_000;

/** 15 significant digits, as spreadsheets show, so that 0.1 + 0.2 is 0.3. */
export function tidyNumber(n: number): number {
  const tidy = Number(n.toPrecision(15));
  return tidy === 0 ? 0 : tidy;
}

export function isoOf(date: FDate): string {
  const iso = new Date(date.ms).toISOString();
  return date.allDay ? iso.slice(0, 10) : iso;
}

export function toNumber(value: FValue): number | FErr {
  if (typeof value === 'number') return value;
  if (value === null) return 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return 0;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : new FErr('#VALUE!', `"${value}" is not a number.`);
  }
  if (value instanceof FErr) return value;
  if (value instanceof FDate) return new FErr('#VALUE!', 'A date cannot be used as a number here.');
  return new FErr('#VALUE!', 'A list of values cannot be used as one number: use SUM, AVERAGE, MIN or MAX.');
}

export function toText(value: FValue): string | FErr {
  if (typeof value === 'string') return value;
  if (value === null) return '';
  if (typeof value === 'number') return String(tidyNumber(value));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof FErr) return value;
  if (value instanceof FDate) return isoOf(value);
  const parts: string[] = [];
  for (const entry of value as readonly FValue[]) {
    const text = toText(entry);
    if (text instanceof FErr) return text;
    if (text !== '') parts.push(text);
  }
  return parts.join(', ');
}

export function toBoolean(value: FValue): boolean | FErr {
  if (typeof value === 'boolean') return value;
  if (value === null) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const upper = value.trim().toUpperCase();
    if (upper === 'TRUE') return true;
    if (upper === 'FALSE' || upper === '') return false;
    return new FErr('#VALUE!', `"${value}" is not TRUE or FALSE.`);
  }
  if (value instanceof FErr) return value;
  return new FErr('#VALUE!', 'This value cannot be used as TRUE or FALSE.');
}

/** A date from a date value or ISO text; null stays null (an empty date gives an empty result). */
export function toDate(value: FValue): FDate | FErr | null {
  if (value instanceof FDate || value instanceof FErr || value === null) return value;
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    const parsed = parseIsoDate(value.trim());
    if (parsed) return new FDate(parsed.ms, parsed.allDay);
    return new FErr('#VALUE!', `"${value}" is not a date.`);
  }
  return new FErr('#VALUE!', 'This value is not a date.');
}

/** Every scalar inside the arguments, lists opened (SUBITEMS gives lists). */
export function flatten(values: readonly FValue[], into: FScalar[] = []): FScalar[] {
  for (const value of values) {
    if (Array.isArray(value)) flatten(value as readonly FValue[], into);
    else into.push(value as FScalar);
  }
  return into;
}

export function firstError(values: readonly FValue[]): FErr | null {
  for (const value of values) {
    if (value instanceof FErr) return value;
    if (Array.isArray(value)) {
      const inner = firstError(value as readonly FValue[]);
      if (inner) return inner;
    }
  }
  return null;
}

/** The public result of a value. */
export function toResult(value: FValue): FormulaResult {
  if (value instanceof FErr) return { error: value.code, message: value.message };
  if (typeof value === 'number')
    return Number.isFinite(value)
      ? tidyNumber(value)
      : { error: '#NUM!', message: FORMULA_ERROR_CODES['#NUM!'] };
  if (value instanceof FDate) return isoOf(value);
  if (Array.isArray(value)) {
    const text = toText(value);
    return text instanceof FErr ? toResult(text) : text === '' ? null : text;
  }
  if (value === '') return null;
  return value as string | boolean | null;
}
