import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import {
  flattenView,
  NO_GROUP,
  type ViewItem,
  type ViewLine,
  type ViewResult,
} from '@strata/domain/views/view-rows';
import {
  COLUMN_WIDTH,
  MAX_SORTS,
  moveAttribute,
  type ViewSettings,
  visibleAttributeIds,
} from '@strata/domain/views/view-settings';

/**
 * The table's column model is the view settings themselves (attribute_order,
 * hidden_attribute_ids, column_widths, sort): these pure functions read them and answer the next
 * settings for each header gesture, so every change goes through `onChangeSettings`.
 */

/** The pinned selection column, and the fixed height of every line. */
export const SELECT_WIDTH = 44;
export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 40;

export function clampWidth(width: number): number {
  return Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, width)));
}

export function columnWidth(settings: Pick<ViewSettings, 'column_widths'>, attributeId: string): number {
  const width = settings.column_widths[attributeId];
  return typeof width === 'number' && Number.isFinite(width) ? clampWidth(width) : COLUMN_WIDTH.default;
}

export interface TableColumns {
  /** The item's name: always shown, pinned at the inline-start edge; null when the board has none. */
  name: AttributeDefinition | null;
  /** The other shown attributes, in the view's order. */
  others: AttributeDefinition[];
  /** Every navigable column: the name first when there is one. */
  all: AttributeDefinition[];
}

export function tableColumns(
  attributes: readonly AttributeDefinition[],
  settings: ViewSettings,
  nameAttributeId: string | null,
): TableColumns {
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const name = nameAttributeId === null ? null : (byId.get(nameAttributeId) ?? null);
  const ids = visibleAttributeIds(
    attributes.map((attribute) => attribute.id),
    settings,
    name?.id,
  );
  const others = ids.filter((id) => id !== name?.id).map((id) => byId.get(id)!);
  return { name, others, all: name ? [name, ...others] : others };
}

/** A line the table draws: the domain's group headings and items, and an "add item" line per group. */
export type TableLine = ViewLine<ViewItem> | { kind: 'add'; group: string };

/**
 * The domain's flattened lines with an "add item" line closing every open group (one at the end
 * when the view is not grouped; none under a collapsed group).
 */
export function tableLines(
  result: ViewResult<ViewItem>,
  options: { expanded: ReadonlySet<string>; collapsedGroups: ReadonlySet<string>; showSubitems: boolean },
  canAdd: boolean,
): TableLine[] {
  const flat: TableLine[] = flattenView(result, options);
  if (!canAdd) return flat;
  const grouped = !(result.groups.length === 1 && result.groups[0]!.key === NO_GROUP);
  // The flattened list is this call's own: the line is added in place, not by a copy of 10,000.
  if (!grouped) {
    flat.push({ kind: 'add', group: NO_GROUP });
    return flat;
  }
  const lines: TableLine[] = [];
  let open: string | null = null;
  for (const line of flat) {
    if (line.kind === 'group') {
      if (open !== null) lines.push({ kind: 'add', group: open });
      open = line.collapsed ? null : line.group.key;
    }
    lines.push(line);
  }
  if (open !== null) lines.push({ kind: 'add', group: open });
  return lines;
}

/** How many lines are items (subitems included): what select-all counts. */
export function countItemLines(lines: readonly TableLine[]): number {
  let count = 0;
  for (const line of lines) if (line.kind === 'item') count++;
  return count;
}

/** The ids of the items the lines show, in order. */
export function itemIdsOf(lines: readonly TableLine[]): string[] {
  const ids: string[] = [];
  for (const line of lines) if (line.kind === 'item') ids.push(line.item.id);
  return ids;
}

export function resizeColumn(settings: ViewSettings, attributeId: string, width: number): ViewSettings {
  return { ...settings, column_widths: { ...settings.column_widths, [attributeId]: clampWidth(width) } };
}

export function hideColumn(
  settings: ViewSettings,
  attributeId: string,
  nameAttributeId: string | null,
): ViewSettings {
  if (attributeId === nameAttributeId || settings.hidden_attribute_ids.includes(attributeId)) return settings;
  return { ...settings, hidden_attribute_ids: [...settings.hidden_attribute_ids, attributeId] };
}

export function showColumn(settings: ViewSettings, attributeId: string): ViewSettings {
  if (!settings.hidden_attribute_ids.includes(attributeId)) return settings;
  return {
    ...settings,
    hidden_attribute_ids: settings.hidden_attribute_ids.filter((id) => id !== attributeId),
  };
}

/** The full order (hidden attributes keep their places) the view's order resolves to. */
function fullOrder(attributes: readonly AttributeDefinition[], settings: ViewSettings): string[] {
  const known = new Set(attributes.map((attribute) => attribute.id));
  return [
    ...new Set([
      ...settings.attribute_order.filter((id) => known.has(id)),
      ...attributes.map((attribute) => attribute.id),
    ]),
  ];
}

/** Column reorder by drag: `moved` goes before `before` (null: to the end). */
export function moveColumn(
  settings: ViewSettings,
  attributes: readonly AttributeDefinition[],
  moved: string,
  before: string | null,
): ViewSettings {
  return { ...settings, attribute_order: moveAttribute(fullOrder(attributes, settings), moved, before) };
}

/**
 * Column reorder by keyboard: one place towards the end (+1) or the start (-1) among the shown
 * columns `shown` (the name column stays first and is not in it).
 */
export function moveColumnBy(
  settings: ViewSettings,
  attributes: readonly AttributeDefinition[],
  shown: readonly string[],
  attributeId: string,
  step: 1 | -1,
): ViewSettings {
  const at = shown.indexOf(attributeId);
  const target = at + step;
  if (at < 0 || target < 0 || target >= shown.length) return settings;
  const before = step === 1 ? (shown[target + 1] ?? null) : shown[target]!;
  if (before === null) {
    // Past the last shown column: right after it, before whatever hidden ones follow.
    const order = fullOrder(attributes, settings);
    const after = order.indexOf(shown[target]!);
    return moveColumn(settings, attributes, attributeId, order[after + 1] ?? null);
  }
  return moveColumn(settings, attributes, attributeId, before);
}

/**
 * Sort from a column's menu: the column becomes the first sort rule in that direction (the
 * others are kept after it, up to MAX_SORTS); null removes the column's rule.
 */
export function sortByColumn(
  settings: ViewSettings,
  attributeId: string,
  direction: 'asc' | 'desc' | null,
): ViewSettings {
  const rest = settings.sort.filter((rule) => rule.attribute_id !== attributeId);
  if (direction === null) return { ...settings, sort: rest };
  return { ...settings, sort: [{ attribute_id: attributeId, direction }, ...rest].slice(0, MAX_SORTS) };
}

export function toggleGroupCollapsed(settings: ViewSettings, groupKey: string): ViewSettings {
  const collapsed = settings.collapsed_groups.includes(groupKey);
  return {
    ...settings,
    collapsed_groups: collapsed
      ? settings.collapsed_groups.filter((key) => key !== groupKey)
      : [...settings.collapsed_groups, groupKey],
  };
}
