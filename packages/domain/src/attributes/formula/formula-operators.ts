import { parseIsoDate } from '../date-values';
import { DAY_MS, FDate, FErr, type FValue, toNumber, toText } from './formula-values';

function shiftDays(date: FDate, days: number): FDate {
  return new FDate(date.ms + days * DAY_MS, date.allDay && Number.isInteger(days));
}

function arithmetic(op: string, a: number, b: number): FValue {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? new FErr('#DIV/0!') : a / b;
    case '%':
      return b === 0 ? new FErr('#DIV/0!') : a - b * Math.floor(a / b);
    default: {
      if (a === 0 && b < 0) return new FErr('#DIV/0!');
      const power = a ** b;
      return Number.isFinite(power) ? power : new FErr('#NUM!', `${a}^${b} cannot be worked out.`);
    }
  }
}

/** + and - know dates: date ± days is a date, date - date is days; an empty date stays empty. */
function dateArithmetic(op: string, a: FValue, b: FValue): FValue | undefined {
  const aDate = a instanceof FDate;
  const bDate = b instanceof FDate;
  if (!aDate && !bDate) return undefined;
  if (a === null || b === null) return null;
  if (op === '+' && aDate !== bDate) {
    const days = toNumber(aDate ? b : a);
    return days instanceof FErr ? days : shiftDays((aDate ? a : b) as FDate, days);
  }
  if (op === '-' && aDate && bDate) return ((a as FDate).ms - (b as FDate).ms) / DAY_MS;
  if (op === '-' && aDate) {
    const days = toNumber(b);
    return days instanceof FErr ? days : shiftDays(a as FDate, -days);
  }
  return new FErr('#VALUE!', `Dates cannot be used with ${op} like this.`);
}

const RANK = { number: 0, text: 1, boolean: 2 } as const;

/**
 * Spreadsheet comparison: numbers and dates by value, text case-insensitively, false before
 * true; empty counts as 0, "" or FALSE next to the other side; across kinds numbers come before
 * text and text before booleans. Text that is an ISO date compares with dates as a date.
 */
export function compareFormulaValues(a: FValue, b: FValue): number | FErr {
  if (a instanceof FErr) return a;
  if (b instanceof FErr) return b;
  if (Array.isArray(a) || Array.isArray(b)) return new FErr('#VALUE!', 'A list cannot be compared.');
  let x = a as Exclude<FValue, readonly FValue[]>;
  let y = b as Exclude<FValue, readonly FValue[]>;
  if (x instanceof FDate && typeof y === 'string') y = asDate(y);
  if (y instanceof FDate && typeof x === 'string') x = asDate(x);
  if (x instanceof FDate || y instanceof FDate) {
    if (x === null) return y === null ? 0 : -1;
    if (y === null) return 1;
    if (x instanceof FDate && y instanceof FDate) return Math.sign(x.ms - y.ms);
    return x instanceof FDate ? -1 : 1;
  }
  if (x === null) x = typeof y === 'string' ? '' : typeof y === 'boolean' ? false : 0;
  if (y === null) y = typeof x === 'string' ? '' : typeof x === 'boolean' ? false : 0;
  const kx = kindOf(x);
  const ky = kindOf(y);
  if (kx !== ky) return Math.sign(RANK[kx] - RANK[ky]);
  if (kx === 'text') {
    const s = (x as string).toLowerCase();
    const t = (y as string).toLowerCase();
    return s < t ? -1 : s > t ? 1 : 0;
  }
  return Math.sign(Number(x) - Number(y));
}

function kindOf(value: unknown): keyof typeof RANK {
  return typeof value === 'string' ? 'text' : typeof value === 'boolean' ? 'boolean' : 'number';
}

function asDate(text: string): FDate | string {
  const parsed = parseIsoDate(text.trim());
  return parsed ? new FDate(parsed.ms, parsed.allDay) : text;
}

/** The value of `a op b`; errors on either side are the answer. */
export function applyBinary(op: string, a: FValue, b: FValue): FValue {
  if (a instanceof FErr) return a;
  if (b instanceof FErr) return b;
  switch (op) {
    case '&': {
      const left = toText(a);
      if (left instanceof FErr) return left;
      const right = toText(b);
      return right instanceof FErr ? right : left + right;
    }
    case '=':
    case '==':
    case '<>':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const order = compareFormulaValues(a, b);
      if (order instanceof FErr) return order;
      if (op === '=' || op === '==') return order === 0;
      if (op === '<>' || op === '!=') return order !== 0;
      if (op === '<') return order < 0;
      if (op === '<=') return order <= 0;
      if (op === '>') return order > 0;
      return order >= 0;
    }
    default: {
      if (op === '+' || op === '-') {
        const dated = dateArithmetic(op, a, b);
        if (dated !== undefined) return dated;
      }
      const x = toNumber(a);
      if (x instanceof FErr) return x;
      const y = toNumber(b);
      if (y instanceof FErr) return y;
      return arithmetic(op, x, y);
    }
  }
}

export function applyUnary(op: string, value: FValue): FValue {
  const n = toNumber(value);
  if (n instanceof FErr) return n;
  return op === '-' ? -n : n;
}
