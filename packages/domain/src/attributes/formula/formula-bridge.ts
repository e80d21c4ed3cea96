import { COMPLEX, IMAGINARY, IMREAL, utils } from '@formulajs/formulajs';
import { zonedTimeToUtc } from '../date-values';
import { dateParts } from './formula-format';
import type { EvalState, FunctionDef } from './formula-runtime';
import { FDate, FErr, type FormulaErrorCode, type FValue, tidyNumber } from './formula-values';

/**
 * The bridge between our typed values and @formulajs/formulajs, which implements most of the
 * spreadsheet functions we do not write ourselves. It speaks plain JavaScript values, local-time
 * `Date`s and its own error objects; the engine speaks FValue. Everything crossing is converted
 * here, so a function of the library never sees an FDate and never hands back an Error.
 */
export type LibraryFunction = (...args: never[]) => unknown;

/**
 * How a list (SUBITEMS, FLATTEN) is handed over. `values`: its values, empty ones left out, as a
 * spreadsheet's aggregates skip blank cells (MEDIAN, STDEV, IRR). `positions`: every entry, empty
 * ones too, where entries pair up with another list or are counted by position (MATCH, INDEX,
 * SUMIF, CORREL). `column`: every entry as a one-column range (TAKE, DROP, ROWS).
 */
export type ListShape = 'values' | 'positions' | 'column';

export interface BridgeOptions {
  /** Arguments that are errors reach the function (ERROR.TYPE, ISNA), as the library's error objects. */
  takesErrors?: boolean;
  lists?: ListShape;
  /** Text results in capitals (the library writes hexadecimal digits in lower case). */
  upperCase?: boolean;
  /** The result is a complex number as text: its parts are given 15 significant digits, as a spreadsheet shows. */
  complex?: boolean;
}

/** "-4.999999999999999+11.999999999999998i" as "-5+12i". */
function tidyComplex(text: string): string {
  const real = IMREAL(text);
  const imaginary = IMAGINARY(text);
  if (typeof real !== 'number' || typeof imaginary !== 'number') return text;
  return String(COMPLEX(tidyNumber(real), tidyNumber(imaginary), text.endsWith('j') ? 'j' : 'i'));
}

const LIBRARY_ERRORS = utils.errors as Record<string, Error>;

/** Our codes as the library's singleton errors (it compares them by identity). */
const TO_LIBRARY: Record<FormulaErrorCode, Error> = {
  '#ERROR!': LIBRARY_ERRORS.error!,
  '#NAME?': LIBRARY_ERRORS.name!,
  '#REF!': LIBRARY_ERRORS.ref!,
  '#VALUE!': LIBRARY_ERRORS.value!,
  '#DIV/0!': LIBRARY_ERRORS.div0!,
  '#NUM!': LIBRARY_ERRORS.num!,
  '#N/A': LIBRARY_ERRORS.na!,
  '#CYCLE!': LIBRARY_ERRORS.error!,
  '#DEPTH!': LIBRARY_ERRORS.error!,
};

/** The library's error texts as our codes; the ones we have no code for read as the nearest. */
const FROM_LIBRARY: Record<string, FormulaErrorCode> = {
  '#ERROR!': '#ERROR!',
  '#NAME?': '#NAME?',
  '#REF!': '#REF!',
  '#VALUE!': '#VALUE!',
  '#DIV/0!': '#DIV/0!',
  '#NUM!': '#NUM!',
  '#N/A': '#N/A',
  // An empty intersection of ranges and an array that cannot be worked out: wrong values given.
  '#NULL!': '#VALUE!',
  '#CALC!': '#VALUE!',
  '#GETTING_DATA': '#N/A',
};

/**
 * A date as the library reads it: a local-time Date showing the wall clock of the reader's zone
 * (a calendar date at midnight), so its local getters give the day the user sees.
 */
function toLibraryDate(date: FDate, state: EvalState): Date {
  const p = dateParts(date, state.env.context.timeZone);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

function toLibraryScalar(value: FValue, state: EvalState): unknown {
  if (value instanceof FDate) return toLibraryDate(value, state);
  if (value instanceof FErr) return TO_LIBRARY[value.code];
  return value;
}

function toLibraryList(value: readonly FValue[], state: EvalState, into: unknown[] = []): unknown[] {
  for (const entry of value) {
    if (Array.isArray(entry)) toLibraryList(entry as readonly FValue[], state, into);
    else into.push(toLibraryScalar(entry as FValue, state));
  }
  return into;
}

/** One argument for the library. */
export function toLibrary(value: FValue, state: EvalState, lists: ListShape = 'values'): unknown {
  if (!Array.isArray(value)) return toLibraryScalar(value as FValue, state);
  const flat = toLibraryList(value as readonly FValue[], state);
  if (lists === 'column') return flat.map((entry) => [entry]);
  return lists === 'positions' ? flat : flat.filter((entry) => entry !== null && entry !== '');
}

function fromLibraryDate(date: Date, state: EvalState): FValue {
  if (Number.isNaN(date.getTime())) return new FErr('#VALUE!', 'Not a date.');
  const [y, m, d] = [date.getFullYear(), date.getMonth(), date.getDate()];
  const [h, min, s] = [date.getHours(), date.getMinutes(), date.getSeconds()];
  if (h === 0 && min === 0 && s === 0) return new FDate(Date.UTC(y, m, d), true);
  return new FDate(zonedTimeToUtc(y, m + 1, d, h, min, s, state.env.context.timeZone), false);
}

/** A result of the library as a value of ours: errors mapped, dates and lists converted. */
export function fromLibrary(result: unknown, state: EvalState, name: string): FValue {
  if (result === undefined || result === null) return null;
  if (typeof result === 'number') {
    return Number.isFinite(result) ? result : new FErr('#NUM!', `${name} cannot work this number out.`);
  }
  if (typeof result === 'string' || typeof result === 'boolean') return result;
  if (result instanceof Error) {
    const code = FROM_LIBRARY[result.message] ?? '#VALUE!';
    // The library's #REF! is a position outside a list, not a deleted attribute.
    return code === '#REF!' ? new FErr('#REF!', `${name} looks past the end of the list.`) : new FErr(code);
  }
  if (result instanceof Date) return fromLibraryDate(result, state);
  if (Array.isArray(result)) {
    const flat = (result as unknown[]).flat(Number.POSITIVE_INFINITY);
    const values = flat.map((entry) => fromLibrary(entry, state, name));
    return values.length === 1 ? values[0]! : values;
  }
  return new FErr('#VALUE!', `${name} gave a value formulas cannot hold.`);
}

/**
 * A library function as one of ours: arguments converted, the call guarded (the library throws
 * on some inputs it does not expect), the result converted back.
 */
export function bridged(
  name: string,
  fn: LibraryFunction,
  min: number,
  max: number,
  options: BridgeOptions = {},
): FunctionDef {
  const call = fn as unknown as (...args: unknown[]) => unknown;
  return {
    min,
    max,
    takesErrors: options.takesErrors === true,
    call: (args, state) => {
      const converted = args.map((arg) => toLibrary(arg, state, options.lists));
      try {
        const result = fromLibrary(call(...converted), state, name);
        if (typeof result !== 'string') return result;
        if (options.complex) return tidyComplex(result);
        return options.upperCase ? result.toUpperCase() : result;
      } catch {
        return new FErr('#VALUE!', `${name} cannot work these values out.`);
      }
    },
  };
}

/** A function the library hangs on another under a name its typings leave out (T.INV's '2T'). */
export function member(owner: object, key: string): LibraryFunction {
  return (owner as unknown as Record<string, LibraryFunction>)[key]!;
}

/** One library function as a table row: the function, its least and most arguments, options. */
export type LibraryRow = readonly [LibraryFunction, number, number, BridgeOptions?];

/** A table of library functions, by our name, as functions of ours. */
export function libraryFunctions(rows: Record<string, LibraryRow>): Record<string, FunctionDef> {
  return Object.fromEntries(
    Object.entries(rows).map(([name, [fn, min, max, options]]) => [
      name,
      bridged(name, fn, min, max, options),
    ]),
  );
}
