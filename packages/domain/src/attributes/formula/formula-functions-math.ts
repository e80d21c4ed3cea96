import type { FunctionDef } from './formula-runtime';
import { FDate, FErr, type FScalar, type FValue, flatten, tidyNumber, toNumber } from './formula-values';

/** Numbers of a direct argument are read as numbers ("3" too); inside lists only numbers count. */
function numbersOf(args: readonly FValue[]): number[] | FErr {
  const numbers: number[] = [];
  for (const arg of args) {
    if (Array.isArray(arg)) {
      for (const entry of flatten([arg])) {
        if (entry instanceof FErr) return entry;
        if (typeof entry === 'number') numbers.push(entry);
      }
    } else if (arg !== null) {
      const n = toNumber(arg);
      if (n instanceof FErr) return n;
      numbers.push(n);
    }
  }
  return numbers;
}

/** MIN and MAX also work on dates (the earliest due date of the subitems). */
function extreme(args: readonly FValue[], pick: (a: number, b: number) => boolean): FValue {
  const scalars: FScalar[] = flatten(args);
  const dates = scalars.filter((v): v is FDate => v instanceof FDate);
  if (dates.length > 0) {
    const error = scalars.find((v) => v instanceof FErr);
    if (error) return error;
    if (scalars.some((v) => typeof v === 'number'))
      return new FErr('#VALUE!', 'Dates and numbers cannot be mixed.');
    return dates.reduce((best, d) => (pick(d.ms, best.ms) ? d : best));
  }
  const numbers = numbersOf(args);
  if (numbers instanceof FErr) return numbers;
  if (numbers.length === 0) return 0;
  return numbers.reduce((best, n) => (pick(n, best) ? n : best));
}

function scaled(n: number, digits: number, round: (x: number) => number): number {
  const places = Math.trunc(digits);
  const sign = n < 0 ? -1 : 1;
  const factor = 10 ** Math.abs(places);
  // toPrecision first, so that 1.005 rounds to 1.01 as a spreadsheet does.
  if (places >= 0) return (sign * round(Number((Math.abs(n) * factor).toPrecision(15)))) / factor;
  return sign * round(Number((Math.abs(n) / factor).toPrecision(15))) * factor;
}

function rounding(round: (x: number) => number): FunctionDef {
  return {
    min: 1,
    max: 2,
    call: ([value, digits = 0]) => {
      const n = toNumber(value!);
      if (n instanceof FErr) return n;
      const d = toNumber(digits);
      return d instanceof FErr ? d : scaled(n, d, round);
    },
  };
}

function unary(fn: (n: number) => FValue): FunctionDef {
  return {
    min: 1,
    max: 1,
    call: ([value]) => {
      const n = toNumber(value!);
      return n instanceof FErr ? n : fn(n);
    },
  };
}

function binary(fn: (a: number, b: number) => FValue): FunctionDef {
  return {
    min: 2,
    max: 2,
    call: ([x, y]) => {
      const a = toNumber(x!);
      if (a instanceof FErr) return a;
      const b = toNumber(y!);
      return b instanceof FErr ? b : fn(a, b);
    },
  };
}

const ANY = Number.POSITIVE_INFINITY;

export const MATH_FUNCTIONS: Record<string, FunctionDef> = {
  SUM: {
    min: 1,
    max: ANY,
    call: (args) => {
      const numbers = numbersOf(args);
      return numbers instanceof FErr ? numbers : numbers.reduce((sum, n) => sum + n, 0);
    },
  },
  AVERAGE: {
    min: 1,
    max: ANY,
    call: (args) => {
      const numbers = numbersOf(args);
      if (numbers instanceof FErr) return numbers;
      if (numbers.length === 0) return new FErr('#DIV/0!', 'AVERAGE of no numbers.');
      return numbers.reduce((sum, n) => sum + n, 0) / numbers.length;
    },
  },
  MIN: { min: 1, max: ANY, call: (args) => extreme(args, (a, b) => a < b) },
  MAX: { min: 1, max: ANY, call: (args) => extreme(args, (a, b) => a > b) },
  /** Numbers and dates among the values. */
  COUNT: {
    min: 1,
    max: ANY,
    takesErrors: true,
    call: (args) => flatten(args).filter((v) => typeof v === 'number' || v instanceof FDate).length,
  },
  /** Values that are not empty. */
  COUNTA: {
    min: 1,
    max: ANY,
    takesErrors: true,
    call: (args) => flatten(args).filter((v) => v !== null && v !== '').length,
  },
  ROUND: rounding(Math.round),
  ROUNDUP: rounding(Math.ceil),
  ROUNDDOWN: rounding(Math.floor),
  INT: unary(Math.floor),
  ABS: unary(Math.abs),
  SQRT: unary((n) => (n < 0 ? new FErr('#NUM!', 'SQRT of a negative number.') : Math.sqrt(n))),
  MOD: binary((n, d) => (d === 0 ? new FErr('#DIV/0!') : tidyNumber(n - d * Math.floor(n / d)))),
  POWER: binary((b, e) => {
    if (b === 0 && e < 0) return new FErr('#DIV/0!');
    const power = b ** e;
    return Number.isFinite(power) ? power : new FErr('#NUM!', `POWER(${b}, ${e}) cannot be worked out.`);
  }),
};
