import type jsep from 'jsep';
import { type AttributeErrorCode, type ValueError, valueError } from '../value-errors';
import { ARRAY_FUNCTIONS } from './formula-functions-array';
import { DATE_FUNCTIONS } from './formula-functions-date';
import { LIBRARY_FUNCTIONS } from './formula-functions-library';
import { LIBRARY_STATISTICAL_FUNCTIONS } from './formula-functions-library-stats';
import { LOGIC_FUNCTIONS } from './formula-functions-logic';
import { MATH_FUNCTIONS } from './formula-functions-math';
import { OPERATOR_FUNCTIONS, PARSER_FUNCTIONS } from './formula-functions-operator';
import { TEXT_FUNCTIONS } from './formula-functions-text';
import { applyBinary, applyUnary } from './formula-operators';
import { readAttribute } from './formula-read';
import type { CompiledFormula, Evaluator, FormulaAttribute, FunctionDef } from './formula-runtime';
import { formatReference, parseFormulaSyntax, type ReferenceNode, scanReferences } from './formula-syntax';
import { FErr, type FormulaErrorCode, type FValue } from './formula-values';

export const FORMULA_MAX_LENGTH = 4000;
/** Deeper expressions are refused when saved (they would only be written by a machine). */
export const FORMULA_MAX_DEPTH = 64;

/**
 * Every function a formula may call, by upper-case name. SUBITEMS is handled by the compiler.
 * Our own functions come last: where the library has one of the same name, ours is the one used.
 */
export const FORMULA_FUNCTIONS: Readonly<Record<string, FunctionDef>> = {
  ...LIBRARY_FUNCTIONS,
  ...LIBRARY_STATISTICAL_FUNCTIONS,
  ...ARRAY_FUNCTIONS,
  ...OPERATOR_FUNCTIONS,
  ...PARSER_FUNCTIONS,
  ...LOGIC_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...TEXT_FUNCTIONS,
  ...DATE_FUNCTIONS,
};

const CELL_CODE: Partial<Record<AttributeErrorCode, FormulaErrorCode>> = {
  FORMULA_UNKNOWN_FUNCTION: '#NAME?',
  FORMULA_UNKNOWN_ATTRIBUTE: '#NAME?',
  FORMULA_AMBIGUOUS_ATTRIBUTE: '#NAME?',
  FORMULA_CYCLE: '#CYCLE!',
};

/** The cell error a formula with compile errors shows. */
export function compileErrorValue(error: ValueError): FErr {
  return new FErr(CELL_CODE[error.code] ?? '#ERROR!', error.message);
}

type Resolution = { id: string } | { error: ValueError };

/**
 * Resolves the text inside braces: an attribute id as it is, else a name (case and surrounding
 * spaces ignored). Two attributes with the same name (of different types) make the name ambiguous.
 */
function resolver(attributes: readonly FormulaAttribute[]): (name: string) => Resolution {
  const ids = new Set(attributes.map((a) => a.id));
  const byName = new Map<string, string[]>();
  for (const attribute of attributes) {
    const key = attribute.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), attribute.id]);
  }
  return (name) => {
    if (ids.has(name)) return { id: name };
    const found = byName.get(name.toLowerCase()) ?? [];
    if (found.length === 1) return { id: found[0]! };
    const code = found.length === 0 ? 'FORMULA_UNKNOWN_ATTRIBUTE' : 'FORMULA_AMBIGUOUS_ATTRIBUTE';
    return { error: valueError(code, { name }) };
  };
}

interface Build {
  resolve: (name: string) => Resolution;
  errors: ValueError[];
  references: Set<string>;
  subitemReferences: Set<string>;
}

const constant =
  (value: FValue): Evaluator =>
  () =>
    value;

function reference(node: ReferenceNode, build: Build, onSubitems: boolean): string | null {
  const resolved = build.resolve(node.name);
  if ('error' in resolved) {
    build.errors.push(resolved.error);
    return null;
  }
  (onSubitems ? build.subitemReferences : build.references).add(resolved.id);
  return resolved.id;
}

/** SUBITEMS({Attribute}): the attribute's values on the item's subitems, as a list. */
function subitems(args: jsep.Expression[], build: Build): Evaluator {
  const [arg] = args;
  if (args.length !== 1 || arg?.type !== 'Reference') {
    build.errors.push(valueError('FORMULA_SUBITEMS_ARGUMENT'));
    return constant(null);
  }
  const id = reference(arg as unknown as ReferenceNode, build, true);
  if (id === null) return constant(null);
  return (state) => state.env.subitemsOf(state.item).map((sub) => readAttribute(state, sub, id));
}

/** The name of a called function: NAME, or a dotted name such as NORM.S.DIST (read by jsep as members). */
function calleeName(node: jsep.Expression): string | null {
  if (node.type === 'Identifier') return (node as jsep.Identifier).name;
  const member = node as jsep.MemberExpression;
  if (node.type !== 'MemberExpression' || member.computed || member.property.type !== 'Identifier')
    return null;
  const owner = calleeName(member.object);
  return owner === null ? null : `${owner}.${(member.property as jsep.Identifier).name}`;
}

function call(node: jsep.CallExpression, build: Build, depth: number): Evaluator {
  const callee = calleeName(node.callee);
  if (callee === null) {
    build.errors.push(valueError('FORMULA_SYNTAX', { detail: 'only named functions can be called' }));
    return constant(null);
  }
  const name = callee.toUpperCase();
  if (name === 'SUBITEMS') return subitems(node.arguments, build);
  const fn = FORMULA_FUNCTIONS[name];
  const args = node.arguments.map((arg) => compileNode(arg, build, depth + 1));
  if (!fn) {
    build.errors.push(valueError('FORMULA_UNKNOWN_FUNCTION', { name }));
    return constant(null);
  }
  if (args.length < fn.min || args.length > fn.max) {
    const expected =
      fn.min === fn.max
        ? String(fn.min)
        : fn.max === Number.POSITIVE_INFINITY
          ? `${fn.min} or more`
          : `${fn.min} to ${fn.max}`;
    build.errors.push(valueError('FORMULA_ARGUMENT_COUNT', { name, expected }));
    return constant(null);
  }
  if (fn.lazy) return (state) => fn.call(args, state);
  const takesErrors = fn.takesErrors === true;
  return (state) => {
    const values: FValue[] = new Array(args.length);
    for (let i = 0; i < args.length; i++) {
      const value = args[i]!(state);
      if (!takesErrors && value instanceof FErr) return value;
      values[i] = value;
    }
    return fn.call(values, state);
  };
}

function compileNode(node: jsep.Expression, build: Build, depth: number): Evaluator {
  if (depth > FORMULA_MAX_DEPTH) {
    if (!build.errors.some((e) => e.code === 'FORMULA_TOO_DEEP'))
      build.errors.push(valueError('FORMULA_TOO_DEEP'));
    return constant(null);
  }
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      return constant(typeof value === 'number' || typeof value === 'string' ? value : null);
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (/^true$/i.test(name)) return constant(true);
      if (/^false$/i.test(name)) return constant(false);
      build.errors.push(
        valueError('FORMULA_SYNTAX', {
          detail: `unknown name ${name}; put attribute names in braces: {${name}}`,
        }),
      );
      return constant(null);
    }
    case 'Reference': {
      const id = reference(node as unknown as ReferenceNode, build, false);
      return id === null ? constant(null) : (state) => readAttribute(state, state.item, id);
    }
    case 'UnaryExpression': {
      const { operator, argument } = node as jsep.UnaryExpression;
      const inner = compileNode(argument, build, depth + 1);
      return (state) => applyUnary(operator, inner(state));
    }
    case 'BinaryExpression': {
      const { operator, left, right } = node as jsep.BinaryExpression;
      const a = compileNode(left, build, depth + 1);
      const b = compileNode(right, build, depth + 1);
      return (state) => applyBinary(operator, a(state), b(state));
    }
    case 'CallExpression':
      return call(node as jsep.CallExpression, build, depth);
    case 'Compound':
      build.errors.push(
        valueError('FORMULA_SYNTAX', {
          detail:
            (node as jsep.Compound).body.length === 0
              ? 'empty brackets'
              : 'an operator or a comma is missing',
        }),
      );
      return constant(null);
    default:
      build.errors.push(
        valueError('FORMULA_SYNTAX', {
          detail: 'use IF(…) and functions; ?:, [ ] and . are not formula syntax',
        }),
      );
      return constant(null);
  }
}

function failed(source: string, stored: string, errors: ValueError[]): CompiledFormula {
  const value = compileErrorValue(errors[0]!);
  return { source, stored, references: [], subitemReferences: [], errors, run: () => value };
}

/**
 * Compiles formula text against the board's attributes, once, for evaluating many items.
 * References are `{Attribute name}` or `{attribute-id}`; `stored` is the text with every
 * reference as `{attribute-id}`, to be saved so that renaming an attribute keeps the formula.
 * A leading `=` is allowed. Never throws: problems are listed in `errors`, and evaluating a
 * formula with errors answers the first as a cell error.
 */
export function compileFormula(text: string, attributes: readonly FormulaAttribute[]): CompiledFormula {
  if (text.length > FORMULA_MAX_LENGTH)
    return failed(text, text, [valueError('FORMULA_TOO_LONG', { max: FORMULA_MAX_LENGTH })]);
  const body = text.replace(/^\s*=/, '');
  const resolve = resolver(attributes);
  let stored = body;
  for (const span of scanReferences(body).reverse()) {
    const resolved = resolve(span.name);
    if ('id' in resolved) stored = `${stored.slice(0, span.start)}{${resolved.id}}${stored.slice(span.end)}`;
  }
  if (body.trim() === '')
    return {
      source: text,
      stored: '',
      references: [],
      subitemReferences: [],
      errors: [],
      run: constant(null),
    };
  const parsed = parseFormulaSyntax(body);
  if (!parsed.ok)
    return failed(text, stored, [
      parsed.tooDeep
        ? valueError('FORMULA_TOO_DEEP')
        : valueError('FORMULA_SYNTAX', { detail: parsed.detail }),
    ]);
  const build: Build = { resolve, errors: [], references: new Set(), subitemReferences: new Set() };
  const run = compileNode(parsed.ast, build, 0);
  if (build.errors.length > 0) return failed(text, stored, build.errors);
  return {
    source: text,
    stored,
    references: [...build.references],
    subitemReferences: [...build.subitemReferences],
    errors: [],
    run,
  };
}

/** The stored text as users see it: `{attribute-id}` shown as `{Current name}`; unknown ids kept. */
export function formulaToDisplayText(stored: string, attributes: readonly FormulaAttribute[]): string {
  const byId = new Map(attributes.map((a) => [a.id, a.name]));
  let text = stored;
  for (const span of scanReferences(stored).reverse()) {
    const name = byId.get(span.name);
    if (name !== undefined)
      text = `${text.slice(0, span.start)}${formatReference(name)}${text.slice(span.end)}`;
  }
  return text;
}
