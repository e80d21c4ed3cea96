import jsep from 'jsep';

/**
 * The formula grammar, on the jsep expression parser: spreadsheet operators with spreadsheet
 * precedence, `{Attribute name}` references, "text" literals, NAME(args) calls.
 *
 * Precedence, loosest first: comparison (= <> < <= > >=, also == and !=), & (join text),
 * + -, * / %, ^, then unary - and +. Like a spreadsheet, -2^2 is 4 and 2^3^2 is 64.
 *
 * jsep keeps its operators process-wide, so this module configures it once for the whole
 * process; nothing else in Strata uses jsep.
 */
export interface ReferenceNode {
  type: 'Reference';
  /** The text between the braces, escapes removed and trimmed. */
  name: string;
}

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const BACKSLASH = 92;
const CONFIGURED = Symbol.for('strata.formula-syntax');

function configure(): void {
  const marked = jsep as unknown as Record<symbol, boolean>;
  if (marked[CONFIGURED]) return;
  marked[CONFIGURED] = true;
  jsep.removeAllBinaryOps();
  jsep.removeAllUnaryOps();
  jsep.removeAllLiterals();
  for (const op of ['=', '==', '<>', '!=', '<', '<=', '>', '>=']) jsep.addBinaryOp(op, 1);
  jsep.addBinaryOp('&', 2);
  jsep.addBinaryOp('+', 3);
  jsep.addBinaryOp('-', 3);
  jsep.addBinaryOp('*', 4);
  jsep.addBinaryOp('/', 4);
  jsep.addBinaryOp('%', 4);
  jsep.addBinaryOp('^', 5);
  jsep.addUnaryOp('-');
  jsep.addUnaryOp('+');
  jsep.hooks.add('gobble-token', function gobbleReference(env) {
    if (this.code !== OPEN_BRACE) return;
    const { expr } = this;
    let at = this.index + 1;
    let name = '';
    while (at < expr.length && expr.charCodeAt(at) !== CLOSE_BRACE) {
      if (expr.charCodeAt(at) === BACKSLASH && at + 1 < expr.length) at++;
      name += expr[at];
      at++;
    }
    if (at >= expr.length) this.throwError('Unclosed {');
    this.index = at + 1;
    env.node = { type: 'Reference', name: name.trim() } satisfies ReferenceNode as unknown as jsep.Expression;
  });
}

configure();

export type SyntaxResult =
  | { ok: true; ast: jsep.Expression }
  | { ok: false; detail: string; tooDeep: boolean };

/** Parses formula text; never throws (parser errors and runaway nesting come back as a result). */
export function parseFormulaSyntax(text: string): SyntaxResult {
  try {
    return { ok: true, ast: jsep(text) };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, detail: 'nested too deeply', tooDeep: true };
    const described = error as { description?: unknown; index?: unknown; message?: unknown };
    const detail =
      typeof described.description === 'string'
        ? `${described.description} at character ${Number(described.index) + 1}`
        : String(described.message ?? error);
    return { ok: false, detail, tooDeep: false };
  }
}

/** A `{…}` reference found in formula text, outside string literals. */
export interface ReferenceSpan {
  start: number;
  /** Index after the closing brace. */
  end: number;
  name: string;
}

/** Finds the references of a formula text the way the parser reads them (for rewriting names and ids). */
export function scanReferences(text: string): ReferenceSpan[] {
  const spans: ReferenceSpan[] = [];
  let at = 0;
  while (at < text.length) {
    const ch = text[at];
    if (ch === '"' || ch === "'") {
      at++;
      while (at < text.length && text[at] !== ch) at += text[at] === '\\' ? 2 : 1;
      at++;
    } else if (ch === '{') {
      const start = at;
      let name = '';
      at++;
      while (at < text.length && text[at] !== '}') {
        if (text[at] === '\\' && at + 1 < text.length) at++;
        name += text[at];
        at++;
      }
      if (at >= text.length) break;
      at++;
      spans.push({ start, end: at, name: name.trim() });
    } else {
      at++;
    }
  }
  return spans;
}

/** Writes a reference: braces and backslashes in a name are escaped with a backslash. */
export function formatReference(name: string): string {
  return `{${name.replace(/[\\{}]/g, (ch) => `\\${ch}`)}}`;
}
