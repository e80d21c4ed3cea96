import { readSettings } from '../attribute-settings';
import { type ValueError, valueError } from '../value-errors';
import { compileFormula } from './formula-compile';
import type { CompiledFormula, FormulaAttribute } from './formula-runtime';
import { FErr } from './formula-values';

/**
 * Circles among formula attributes: groups of formulas that refer to each other (directly, on
 * the same item) so that none can be worked out first. A formula that refers to itself is a
 * circle of one. SUBITEMS references do not make circles: they read other items.
 */
export function findFormulaCycles(references: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of references.get(node) ?? []) {
      if (!references.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (references.get(node) ?? []).includes(node)) cycles.push(group.reverse());
    }
  };
  for (const node of references.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function cycleError(cycle: readonly string[], attributes: readonly FormulaAttribute[]): ValueError {
  const names = cycle.map((id) => attributes.find((a) => a.id === id)?.name ?? id);
  return valueError('FORMULA_CYCLE', { names: names.join(' -> ') });
}

/**
 * Compiles every formula attribute of a board, once. Formulas caught in a circle compile to a
 * #CYCLE! error naming the circle.
 */
export function compileBoardFormulas(attributes: readonly FormulaAttribute[]): Map<string, CompiledFormula> {
  const compiled = new Map<string, CompiledFormula>();
  for (const attribute of attributes) {
    if (attribute.type !== 'formula') continue;
    const { formula } = readSettings('formula', attribute.settings);
    compiled.set(attribute.id, { ...compileFormula(formula, attributes), attributeId: attribute.id });
  }
  const graph = new Map([...compiled].map(([id, c]) => [id, c.references]));
  for (const cycle of findFormulaCycles(graph)) {
    const error = cycleError(cycle, attributes);
    const value = new FErr('#CYCLE!', error.message);
    for (const id of cycle) {
      const previous = compiled.get(id)!;
      compiled.set(id, { ...previous, errors: [error], run: () => value });
    }
  }
  return compiled;
}

/**
 * The circle a formula attribute would close if saved with this formula (null when none): for
 * validating a formula before it is stored.
 */
export function formulaCycleError(
  candidate: FormulaAttribute,
  attributes: readonly FormulaAttribute[],
): ValueError | null {
  const board = [...attributes.filter((a) => a.id !== candidate.id), candidate];
  const graph = new Map<string, readonly string[]>();
  for (const attribute of board) {
    if (attribute.type !== 'formula') continue;
    graph.set(
      attribute.id,
      compileFormula(readSettings('formula', attribute.settings).formula, board).references,
    );
  }
  const cycle = findFormulaCycles(graph).find((group) => group.includes(candidate.id));
  return cycle ? cycleError(cycle, board) : null;
}
