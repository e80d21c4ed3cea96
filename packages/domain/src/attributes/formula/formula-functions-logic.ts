import { compareFormulaValues } from './formula-operators';
import type { FunctionDef } from './formula-runtime';
import { FErr, type FValue, flatten, toBoolean, toNumber } from './formula-values';

const ANY = Number.POSITIVE_INFINITY;

function booleans(args: readonly FValue[]): boolean[] | FErr {
  const out: boolean[] = [];
  for (const value of flatten(args)) {
    const b = toBoolean(value);
    if (b instanceof FErr) return b;
    out.push(b);
  }
  return out;
}

export const LOGIC_FUNCTIONS: Record<string, FunctionDef> = {
  /** IF(condition, then, [else]): only the branch taken is worked out; without else, empty. */
  IF: {
    min: 2,
    max: 3,
    lazy: true,
    call: ([condition, then, otherwise], state) => {
      const test = toBoolean(condition!(state));
      if (test instanceof FErr) return test;
      if (test) return then!(state);
      return otherwise ? otherwise(state) : null;
    },
  },
  IFERROR: {
    min: 2,
    max: 2,
    lazy: true,
    call: ([value, fallback], state) => {
      const result = value!(state);
      return result instanceof FErr ? fallback!(state) : result;
    },
  },
  /** SWITCH(value, match1, result1, …, [default]): #N/A when nothing matches and no default. */
  SWITCH: {
    min: 3,
    max: ANY,
    lazy: true,
    call: ([subject, ...rest], state) => {
      const value = subject!(state);
      if (value instanceof FErr) return value;
      for (let at = 0; at + 1 < rest.length; at += 2) {
        const order = compareFormulaValues(value, rest[at]!(state));
        if (order instanceof FErr) return order;
        if (order === 0) return rest[at + 1]!(state);
      }
      return rest.length % 2 === 1
        ? rest[rest.length - 1]!(state)
        : new FErr('#N/A', 'No case of SWITCH matches.');
    },
  },
  AND: {
    min: 1,
    max: ANY,
    call: (args) => {
      const values = booleans(args);
      return values instanceof FErr ? values : values.every(Boolean);
    },
  },
  OR: {
    min: 1,
    max: ANY,
    call: (args) => {
      const values = booleans(args);
      return values instanceof FErr ? values : values.some(Boolean);
    },
  },
  NOT: {
    min: 1,
    max: 1,
    call: ([value]) => {
      const b = toBoolean(value!);
      return b instanceof FErr ? b : !b;
    },
  },
  TRUE: { min: 0, max: 0, call: () => true },
  FALSE: { min: 0, max: 0, call: () => false },
  ISBLANK: {
    min: 1,
    max: 1,
    call: ([value]) =>
      value === null ||
      value === '' ||
      (Array.isArray(value) && flatten([value]).every((v) => v === null || v === '')),
  },
  ISERROR: { min: 1, max: 1, takesErrors: true, call: ([value]) => value instanceof FErr },
  ISNUMBER: { min: 1, max: 1, takesErrors: true, call: ([value]) => typeof value === 'number' },
  /** IFS(condition1, value1, …): the value of the first condition that holds; #N/A when none does. */
  IFS: {
    min: 2,
    max: ANY,
    lazy: true,
    call: (args, state) => {
      if (args.length % 2 === 1) return new FErr('#VALUE!', 'IFS takes conditions and values in pairs.');
      for (let at = 0; at < args.length; at += 2) {
        const test = toBoolean(args[at]!(state));
        if (test instanceof FErr) return test;
        if (test) return args[at + 1]!(state);
      }
      return new FErr('#N/A', 'No condition of IFS holds.');
    },
  },
  /** IFNA(value, fallback): the fallback only for #N/A; other errors stay. */
  IFNA: {
    min: 2,
    max: 2,
    lazy: true,
    call: ([value, fallback], state) => {
      const result = value!(state);
      return result instanceof FErr && result.code === '#N/A' ? fallback!(state) : result;
    },
  },
  /** CHOOSE(index, value1, …): the index-th value; only that one is worked out. */
  CHOOSE: {
    min: 2,
    max: ANY,
    lazy: true,
    call: ([index, ...values], state) => {
      const n = toNumber(index!(state));
      if (n instanceof FErr) return n;
      const at = Math.trunc(n);
      if (at < 1 || at > values.length) return new FErr('#VALUE!', `CHOOSE has no value ${at}.`);
      return values[at - 1]!(state);
    },
  },
};
