import { formatDatePattern, formatNumberPattern } from './formula-format';
import type { FunctionDef } from './formula-runtime';
import { FDate, FErr, type FValue, flatten, toBoolean, toNumber, toText } from './formula-values';

const ANY = Number.POSITIVE_INFINITY;
const MAX_TEXT = 32_767;

/** Characters, not UTF-16 units, so an emoji counts as one. */
function chars(text: string): string[] {
  return Array.from(text);
}

function textArgs(args: readonly FValue[]): string[] | FErr {
  const out: string[] = [];
  for (const arg of args) {
    const text = toText(arg);
    if (text instanceof FErr) return text;
    out.push(text);
  }
  return out;
}

function countArg(value: FValue | undefined, fallback: number): number | FErr {
  if (value === undefined) return fallback;
  const n = toNumber(value);
  if (n instanceof FErr) return n;
  return n < 0 ? new FErr('#VALUE!', 'A count cannot be negative.') : Math.trunc(n);
}

function textFunction(min: number, max: number, fn: (text: string, rest: FValue[]) => FValue): FunctionDef {
  return {
    min,
    max,
    call: ([first, ...rest]) => {
      const text = toText(first!);
      return text instanceof FErr ? text : fn(text, rest);
    },
  };
}

function joinAll(values: readonly FValue[], separator: string, skipEmpty: boolean): FValue {
  const parts: string[] = [];
  for (const value of flatten(values)) {
    const text = toText(value);
    if (text instanceof FErr) return text;
    if (!skipEmpty || text !== '') parts.push(text);
  }
  const joined = parts.join(separator);
  return joined.length > MAX_TEXT ? new FErr('#VALUE!', 'The text is too long.') : joined;
}

function position(caseSensitive: boolean): FunctionDef {
  return {
    min: 2,
    max: 3,
    call: (args) => {
      const texts = textArgs(args.slice(0, 2));
      if (texts instanceof FErr) return texts;
      const start = countArg(args[2], 1);
      if (start instanceof FErr) return start;
      const [find, within] = caseSensitive ? texts : texts.map((t) => t.toLowerCase());
      const tail = chars(within!)
        .slice(Math.max(0, start - 1))
        .join('');
      const at = tail.indexOf(find!);
      if (start < 1 || at < 0) return new FErr('#VALUE!', `"${texts[0]}" was not found.`);
      return start + chars(tail.slice(0, at)).length;
    },
  };
}

export const TEXT_FUNCTIONS: Record<string, FunctionDef> = {
  CONCAT: { min: 1, max: ANY, call: (args) => joinAll(args, '', false) },
  CONCATENATE: { min: 1, max: ANY, call: (args) => joinAll(args, '', false) },
  /** TEXTJOIN(separator, skip_empty, values…): lists (SUBITEMS) are opened. */
  TEXTJOIN: {
    min: 3,
    max: ANY,
    call: ([separator, skipEmpty, ...values]) => {
      const sep = toText(separator!);
      if (sep instanceof FErr) return sep;
      const skip = toBoolean(skipEmpty!);
      return skip instanceof FErr ? skip : joinAll(values, sep, skip);
    },
  },
  LEFT: textFunction(1, 2, (text, [count]) => {
    const n = countArg(count, 1);
    return n instanceof FErr ? n : chars(text).slice(0, n).join('');
  }),
  RIGHT: textFunction(1, 2, (text, [count]) => {
    const n = countArg(count, 1);
    return n instanceof FErr ? n : n === 0 ? '' : chars(text).slice(-n).join('');
  }),
  /** MID(text, start, count), start counting from 1. */
  MID: textFunction(3, 3, (text, [start, count]) => {
    const s = countArg(start, 1);
    if (s instanceof FErr) return s;
    const n = countArg(count, 0);
    if (n instanceof FErr) return n;
    return s < 1
      ? new FErr('#VALUE!', 'MID starts at 1.')
      : chars(text)
          .slice(s - 1, s - 1 + n)
          .join('');
  }),
  LEN: textFunction(1, 1, (text) => chars(text).length),
  UPPER: textFunction(1, 1, (text) => text.toUpperCase()),
  LOWER: textFunction(1, 1, (text) => text.toLowerCase()),
  /** Spaces at both ends removed and runs of spaces inside made one. */
  TRIM: textFunction(1, 1, (text) => text.trim().replace(/ {2,}/g, ' ')),
  /** SUBSTITUTE(text, old, new, [which]): every occurrence, or only the which-th. */
  SUBSTITUTE: textFunction(3, 4, (text, [search, replacement, which]) => {
    const texts = textArgs([search!, replacement!]);
    if (texts instanceof FErr) return texts;
    const [old, next] = texts as [string, string];
    if (old === '') return text;
    if (which === undefined) return text.split(old).join(next);
    const nth = countArg(which, 1);
    if (nth instanceof FErr) return nth;
    if (nth < 1) return new FErr('#VALUE!', 'SUBSTITUTE counts occurrences from 1.');
    let at = -1;
    for (let i = 0; i < nth; i++) {
      at = text.indexOf(old, at + 1);
      if (at < 0) return text;
    }
    return text.slice(0, at) + next + text.slice(at + old.length);
  }),
  /** Position of text inside text, from 1: SEARCH ignores case, FIND does not. */
  SEARCH: position(false),
  FIND: position(true),
  REPT: textFunction(2, 2, (text, [count]) => {
    const n = countArg(count, 0);
    if (n instanceof FErr) return n;
    return text.length * n > MAX_TEXT ? new FErr('#VALUE!', 'The text is too long.') : text.repeat(n);
  }),
  VALUE: textFunction(1, 1, (text) => toNumber(text)),
  /** TEXT(value, format): dates with date tokens, numbers with a pattern such as "#,##0.00" or "0%". */
  TEXT: {
    min: 2,
    max: 2,
    call: ([value, format], state) => {
      const pattern = toText(format!);
      if (pattern instanceof FErr) return pattern;
      if (value instanceof FDate)
        return formatDatePattern(value, pattern, state.env.context.timeZone, state.env.context.locale);
      if (value === null) return '';
      const n = toNumber(value!);
      return n instanceof FErr ? toText(value!) : formatNumberPattern(n, pattern);
    },
  },
};
