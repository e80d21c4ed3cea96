import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { type ViewSettings, visibleAttributeIds } from '@strata/domain/views/view-settings';
import type { TableLine } from '../table/table-model';

/**
 * The list's lines are the table's (`tableLines`: the domain's group headings, items and
 * expanded subitems, with an "add item" line closing each open group); these pure helpers read
 * what the list adds on top.
 */

/** Every line is this high, so no row is measured (compact: lower than the table's 36 px). */
export const LINE_HEIGHT = 32;
/** How many attributes a row shows when the view names none (`card_attribute_ids` empty). */
export const DEFAULT_CARD_ATTRIBUTES = 3;

/**
 * The attributes a row shows after its title: the view's `card_attribute_ids` (those that still
 * exist), else the first visible attributes in the view's order. The name is the title, never
 * repeated among them.
 */
export function cardAttributes(
  attributes: readonly AttributeDefinition[],
  settings: Pick<ViewSettings, 'card_attribute_ids' | 'attribute_order' | 'hidden_attribute_ids'>,
  nameAttributeId: string | null,
): AttributeDefinition[] {
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const chosen = [...new Set(settings.card_attribute_ids)].filter(
    (id) => id !== nameAttributeId && byId.has(id),
  );
  const ids =
    chosen.length > 0
      ? chosen
      : visibleAttributeIds(
          attributes.map((attribute) => attribute.id),
          settings,
          nameAttributeId ?? undefined,
        )
          .filter((id) => id !== nameAttributeId)
          .slice(0, DEFAULT_CARD_ATTRIBUTES);
  return ids.map((id) => byId.get(id)!);
}

/** A key that names a line across re-renders (the active line survives lines moving). */
export function lineKey(line: TableLine): string {
  if (line.kind === 'group') return `g:${line.group.key}`;
  if (line.kind === 'add') return `a:${line.group}`;
  return `i:${line.item.id}`;
}

export interface ActiveLine {
  index: number;
  /** The line's key when it was made active; null before any line was. */
  key: string | null;
}

/**
 * Where the active line is now: the line it was, wherever the lines moved it (a group collapsed
 * above it, a sort), else the same place clamped to the lines there are.
 */
export function resolveActive(lines: readonly TableLine[], active: ActiveLine): number {
  if (lines.length === 0) return 0;
  const at = lines[active.index];
  if (active.key === null || (at && lineKey(at) === active.key)) {
    return Math.min(active.index, lines.length - 1);
  }
  const moved = lines.findIndex((line) => lineKey(line) === active.key);
  return moved >= 0 ? moved : Math.min(active.index, lines.length - 1);
}

/** The item ids of the lines between two indexes, both included (a shift-click range). */
export function itemIdsBetween(lines: readonly TableLine[], a: number, b: number): string[] {
  const [from, to] = a < b ? [a, b] : [b, a];
  return lines.slice(from, to + 1).flatMap((line) => (line.kind === 'item' ? [line.item.id] : []));
}

/** The index of the line an item or subitem belongs under (its parent item, or its group). */
export function parentLineIndex(lines: readonly TableLine[], index: number): number | null {
  const line = lines[index];
  if (line?.kind !== 'item') return null;
  for (let at = index - 1; at >= 0; at--) {
    const above = lines[at]!;
    if (line.depth === 1 && above.kind === 'item' && above.depth === 0) return at;
    if (above.kind === 'group') return at;
  }
  return null;
}
