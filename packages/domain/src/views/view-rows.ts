import type { AttributeType } from '../attributes/attribute-types';
import { type AttributeItem, itemValueData } from '../attributes/item-values';
import {
  type AttributeDefinition,
  matchesFilter,
  sortComparator,
  valueToDisplayText,
  valueToPlainText,
} from '../attributes/type-registry';
import type { ValueContext } from '../attributes/value-context';
import { compareOwnOrder } from './ordering';
import type { ViewSettings } from './view-settings';

/** An item as views read it. */
export interface ViewItem extends AttributeItem {
  parent_id?: string | null;
  sort_order?: string | null;
  /** Its live comments, replies included (shown on rows and cards). */
  comments_count?: number;
}

export interface ViewAttribute extends AttributeDefinition {
  type: AttributeType;
}

/** The key of the group of items without a value in the grouping attribute. */
export const NO_GROUP = '__none__';

export interface ViewGroup<T> {
  /** A label id, the plain text of a value, or NO_GROUP. */
  key: string;
  /** The label id when grouped by a label, else null. */
  labelId: string | null;
  /** The group's heading (plain text of its value); empty for NO_GROUP. */
  title: string;
  items: T[];
}

export interface ViewResult<T> {
  /** One group (key NO_GROUP, all items) when the view is not grouped. */
  groups: ViewGroup<T>[];
  /** Subitems by parent id, in the view's order (only parents that are shown). */
  subitems: Map<string, T[]>;
  /** How many top-level items passed the filters. */
  count: number;
}

export type DataOf<T> = (item: T, attribute: ViewAttribute) => unknown;

/**
 * Applies a view's filters, sorting and grouping to a folder's items. Top-level items are
 * filtered; a subitem shows under its parent when the parent shows (choice, as monday.com does in
 * its default board filter). Sort and filter rules naming an attribute that no longer exists are
 * skipped. Without sort rules items keep their own order (sort_order, then id). `dataOf` reads a
 * cell's data (the web app passes one that evaluates formulas); by default the stored data.
 */
export function applyView<T extends ViewItem>(options: {
  items: readonly T[];
  attributes: readonly ViewAttribute[];
  settings: ViewSettings;
  context?: ValueContext;
  dataOf?: DataOf<T>;
}): ViewResult<T> {
  const { items, settings, context } = options;
  const dataOf: DataOf<T> = options.dataOf ?? itemValueData;
  const byId = new Map(options.attributes.map((attribute) => [attribute.id, attribute]));

  const matches = filterPredicate(settings, byId, dataOf, context);
  const compare = itemComparator(settings, byId, dataOf, context);

  const topLevel: T[] = [];
  const children = new Map<string, T[]>();
  for (const item of items) {
    const parent = item.parent_id ?? null;
    if (parent === null) {
      if (matches(item)) topLevel.push(item);
      continue;
    }
    const list = children.get(parent);
    if (list) list.push(item);
    else children.set(parent, [item]);
  }
  topLevel.sort(compare);

  const subitems = new Map<string, T[]>();
  const shown = new Set(topLevel.map((item) => item.id));
  for (const [parent, list] of children) {
    if (shown.has(parent)) subitems.set(parent, list.sort(compare));
  }

  const groupBy = settings.group_by === null ? undefined : byId.get(settings.group_by);
  const groups = groupBy ? groupItems(topLevel, groupBy, dataOf, context) : ungrouped(topLevel);
  return { groups, subitems, count: topLevel.length };
}

/**
 * Whether a view shows an item by its filters, as applyView decides: a top-level item when it
 * passes them, a subitem when its parent does (`parent`; absent: the subitem is not shown).
 */
export function viewShowsItem<T extends ViewItem>(options: {
  item: T;
  parent?: T;
  attributes: readonly ViewAttribute[];
  settings: ViewSettings;
  context?: ValueContext;
  dataOf?: DataOf<T>;
}): boolean {
  const { item, parent, settings, context } = options;
  const byId = new Map(options.attributes.map((attribute) => [attribute.id, attribute]));
  const matches = filterPredicate(settings, byId, options.dataOf ?? itemValueData, context);
  if ((item.parent_id ?? null) === null) return matches(item);
  return parent !== undefined && parent.id === item.parent_id && matches(parent);
}

function ungrouped<T>(items: T[]): ViewGroup<T>[] {
  return [{ key: NO_GROUP, labelId: null, title: '', items }];
}

/**
 * Whether an item passes filter rules (`all` or `any` of them), as a view filters: what an
 * automation's conditions mean too. Rules naming an attribute that no longer exists are skipped.
 */
export function passesFilters<T extends ViewItem>(options: {
  item: T;
  attributes: readonly ViewAttribute[];
  rules: Pick<ViewSettings, 'filters' | 'filter_match'>;
  context?: ValueContext;
  dataOf?: DataOf<T>;
}): boolean {
  const byId = new Map(options.attributes.map((attribute) => [attribute.id, attribute]));
  return filterPredicate(options.rules, byId, options.dataOf ?? itemValueData, options.context)(options.item);
}

function filterPredicate<T extends ViewItem>(
  settings: Pick<ViewSettings, 'filters' | 'filter_match'>,
  byId: Map<string, ViewAttribute>,
  dataOf: DataOf<T>,
  context: ValueContext | undefined,
): (item: T) => boolean {
  const rules = settings.filters.flatMap((rule) => {
    const attribute = byId.get(rule.attribute_id);
    return attribute ? [{ attribute, condition: { operator: rule.operator, operand: rule.operand } }] : [];
  });
  if (rules.length === 0) return () => true;
  const test = (item: T, rule: (typeof rules)[number]) =>
    matchesFilter(rule.attribute, dataOf(item, rule.attribute), rule.condition, context);
  return settings.filter_match === 'any'
    ? (item) => rules.some((rule) => test(item, rule))
    : (item) => rules.every((rule) => test(item, rule));
}

function itemComparator<T extends ViewItem>(
  settings: ViewSettings,
  byId: Map<string, ViewAttribute>,
  dataOf: DataOf<T>,
  context: ValueContext | undefined,
): (a: T, b: T) => number {
  const keys = settings.sort.flatMap((rule) => {
    const attribute = byId.get(rule.attribute_id);
    if (!attribute) return [];
    return [{ attribute, compare: sortComparator(attribute, rule.direction, context) }];
  });
  return (a, b) => {
    for (const key of keys) {
      const order = key.compare(dataOf(a, key.attribute), dataOf(b, key.attribute));
      if (order !== 0) return order;
    }
    return compareOwnOrder(a, b);
  };
}

function labelIdsOf(attribute: ViewAttribute): string[] {
  const settings = attribute.settings as { labels?: { id?: unknown }[] } | undefined;
  return (settings?.labels ?? []).flatMap((label) => (typeof label.id === 'string' ? [label.id] : []));
}

/**
 * Groups sorted items by an attribute. By a label: one group per label in the settings' order
 * (empty ones too, so a columns view shows every column), an item with several labels in its
 * first label's group. By another type: one group per distinct plain-text value, in the type's
 * ascending order. Items without a value go last, in NO_GROUP.
 */
function groupItems<T extends ViewItem>(
  items: readonly T[],
  attribute: ViewAttribute,
  dataOf: DataOf<T>,
  context: ValueContext | undefined,
): ViewGroup<T>[] {
  const empty: ViewGroup<T> = { key: NO_GROUP, labelId: null, title: '', items: [] };
  if (attribute.type === 'label') {
    const groups = new Map<string, ViewGroup<T>>();
    for (const id of labelIdsOf(attribute)) {
      groups.set(id, { key: id, labelId: id, title: labelTitle(attribute, id, context), items: [] });
    }
    for (const item of items) {
      const data = dataOf(item, attribute);
      const first = Array.isArray(data) ? data.find((id) => groups.has(id as string)) : undefined;
      (first === undefined ? empty : groups.get(first as string)!).items.push(item);
    }
    return [...groups.values(), empty];
  }
  const groups = new Map<string, { group: ViewGroup<T>; data: unknown }>();
  for (const item of items) {
    const data = dataOf(item, attribute);
    const text = valueToPlainText(attribute, data, context);
    if (text === '') {
      empty.items.push(item);
      continue;
    }
    const found = groups.get(text);
    if (found) found.group.items.push(item);
    else {
      // The key stays the plain text (ISO for dates): new items are added to a group by it.
      const title = valueToDisplayText(attribute, data, context);
      groups.set(text, { group: { key: text, labelId: null, title, items: [item] }, data });
    }
  }
  const compare = sortComparator(attribute, 'asc', context);
  const ordered = [...groups.values()].sort((a, b) => compare(a.data, b.data)).map((entry) => entry.group);
  return empty.items.length > 0 ? [...ordered, empty] : ordered;
}

function labelTitle(attribute: ViewAttribute, labelId: string, context: ValueContext | undefined): string {
  return valueToPlainText(attribute, [labelId], context);
}

/** One line of a flattened view: a group heading or an item at a depth (0 items, 1 subitems). */
export type ViewLine<T> =
  | { kind: 'group'; group: ViewGroup<T>; collapsed: boolean }
  | { kind: 'item'; item: T; depth: 0 | 1; group: string; subitemCount: number };

/**
 * The rows a table or list draws, in order, for virtualised rendering: group headings when the
 * view is grouped, items, and the subitems of expanded items. Collapsed groups show their heading
 * only.
 */
export function flattenView<T extends ViewItem>(
  result: ViewResult<T>,
  options: { expanded: ReadonlySet<string>; collapsedGroups: ReadonlySet<string>; showSubitems: boolean },
): ViewLine<T>[] {
  const grouped = !(result.groups.length === 1 && result.groups[0]!.key === NO_GROUP);
  const lines: ViewLine<T>[] = [];
  for (const group of result.groups) {
    const collapsed = options.collapsedGroups.has(group.key);
    if (grouped) lines.push({ kind: 'group', group, collapsed });
    if (collapsed && grouped) continue;
    for (const item of group.items) {
      const subitems = options.showSubitems ? (result.subitems.get(item.id) ?? []) : [];
      lines.push({ kind: 'item', item, depth: 0, group: group.key, subitemCount: subitems.length });
      if (!options.expanded.has(item.id)) continue;
      for (const sub of subitems) {
        lines.push({ kind: 'item', item: sub, depth: 1, group: group.key, subitemCount: 0 });
      }
    }
  }
  return lines;
}
