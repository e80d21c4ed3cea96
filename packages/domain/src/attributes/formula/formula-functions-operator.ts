import { zonedTimeToUtc } from '../date-values';
import { applyBinary, applyUnary, compareFormulaValues } from './formula-operators';
import type { FunctionDef } from './formula-runtime';
import { DAY_MS, FDate, FErr, type FValue, toBoolean, toDate, toNumber, toText } from './formula-values';

/** The function form of an operator: ADD(a, b) is a + b, with the operator's rules for dates and text. */
function operator(op: string): FunctionDef {
  return { min: 2, max: 2, call: ([a, b]) => applyBinary(op, a!, b!) };
}

/** Days from 1899-12-30 (day 0 of spreadsheet serial numbers) to 1970-01-01. */
const SERIAL_EPOCH = 25_569;

export const OPERATOR_FUNCTIONS: Record<string, FunctionDef> = {
  ADD: operator('+'),
  MINUS: operator('-'),
  MULTIPLY: operator('*'),
  DIVIDE: operator('/'),
  POW: operator('^'),
  EQ: operator('='),
  NE: operator('<>'),
  GT: operator('>'),
  GTE: operator('>='),
  LT: operator('<'),
  LTE: operator('<='),
  UMINUS: { min: 1, max: 1, call: ([value]) => applyUnary('-', value!) },
  /** The value as it is (unary plus changes nothing). */
  UPLUS: { min: 1, max: 1, call: ([value]) => value! },
  UNARY_PERCENT: {
    min: 1,
    max: 1,
    call: ([value]) => {
      const n = toNumber(value!);
      return n instanceof FErr ? n : n / 100;
    },
  },
  /** ISBETWEEN(value, lower, upper, [lower_inclusive], [upper_inclusive]): both ends count unless told. */
  ISBETWEEN: {
    min: 3,
    max: 5,
    call: ([value, lower, upper, lowerInclusive = true, upperInclusive = true]) => {
      const low = compareFormulaValues(value!, lower!);
      if (low instanceof FErr) return low;
      const high = compareFormulaValues(value!, upper!);
      if (high instanceof FErr) return high;
      const withLow = toBoolean(lowerInclusive);
      if (withLow instanceof FErr) return withLow;
      const withHigh = toBoolean(upperInclusive);
      if (withHigh instanceof FErr) return withHigh;
      return (withLow ? low >= 0 : low > 0) && (withHigh ? high <= 0 : high < 0);
    },
  },
};

export const PARSER_FUNCTIONS: Record<string, FunctionDef> = {
  TO_TEXT: { min: 1, max: 1, call: ([value]) => toText(value!) },
  TO_PURE_NUMBER: { min: 1, max: 1, call: ([value]) => toNumber(value!) },
  /**
   * TO_DATE(serial): a spreadsheet serial number (days since 1899-12-30) as a date; a fraction of
   * a day gives that time of day in the reader's zone. A date or ISO text is read as a date.
   */
  TO_DATE: {
    min: 1,
    max: 1,
    call: ([value], state): FValue => {
      if (value instanceof FDate || value === null) return value;
      if (typeof value === 'string' && (value.trim() === '' || Number.isNaN(Number(value))))
        return toDate(value);
      const n = toNumber(value!);
      if (n instanceof FErr) return n;
      const day = Math.floor(n);
      const ms = (day - SERIAL_EPOCH) * DAY_MS;
      const year = new Date(ms).getUTCFullYear();
      if (n < 0 || year > 9999) return new FErr('#NUM!', 'Not a date.');
      if (n === day) return new FDate(ms, true);
      const seconds = Math.round((n - day) * 86_400);
      const d = new Date(ms);
      const wall = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60] as const;
      const zone = state.env.context.timeZone;
      return new FDate(
        zonedTimeToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), ...wall, zone),
        false,
      );
    },
  },
};
