import { isNameAttribute } from '@strata/domain/attributes/attribute-definition';
import {
  createFormulaEnvironment,
  evaluateAttribute,
} from '@strata/domain/attributes/formula/formula-evaluate';
import { itemValueData } from '@strata/domain/attributes/item-values';
import { valueToPlainText } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { applyView, type DataOf, type ViewAttribute, type ViewItem } from '@strata/domain/views/view-rows';
import { type ViewSettings, visibleAttributeIds } from '@strata/domain/views/view-settings';

/** The header of the column that names a subitem's parent (choice: docs/views.md, "Export to CSV"). */
export const PARENT_COLUMN = 'Parent';

/** The header of the column that holds an item's page: its document's text (docs/views.md). */
export const PAGE_COLUMN = 'Page';

/** The board's name attribute: the primary text one, else its first text attribute (as views pick it). */
export function nameAttributeOf(attributes: readonly ViewAttribute[]): ViewAttribute | undefined {
  return attributes.find(isNameAttribute) ?? attributes.find((attribute) => attribute.type === 'text');
}

/** Formula cells worked out by the domain over the folder's items and their subitems. */
function formulaDataOf(
  attributes: readonly ViewAttribute[],
  items: readonly ViewItem[],
  context: ValueContext,
): DataOf<ViewItem> {
  if (!attributes.some((attribute) => attribute.type === 'formula')) return itemValueData;
  const children = new Map<string, ViewItem[]>();
  for (const item of items) {
    if (!item.parent_id) continue;
    const list = children.get(item.parent_id);
    if (list) list.push(item);
    else children.set(item.parent_id, [item]);
  }
  const env = createFormulaEnvironment({
    attributes,
    subitemsOf: (item) => children.get(item.id) ?? [],
    context,
  });
  const results = new Map<string, unknown>();
  return (item, attribute) => {
    if (attribute.type !== 'formula') return itemValueData(item, attribute);
    const key = `${item.id}|${attribute.id}`;
    if (!results.has(key)) results.set(key, evaluateAttribute(attribute.id, item, env));
    return results.get(key);
  };
}

/**
 * The rows of a folder's export, header first: the view's rows (its filters, sort and grouping
 * order; groups are not written as rows) each followed by its subitems unless the view hides
 * them, and the view's shown attributes in its column order with the name first. Buttons hold no
 * value and are left out. When any subitem is written, a last "Parent" column holds its parent's
 * name. Each cell is the domain's plain text of the value (formulas evaluated).
 */
export function buildExportTable(options: {
  attributes: readonly ViewAttribute[];
  items: readonly ViewItem[];
  settings: ViewSettings;
  context: ValueContext;
  /** The text of the items' documents, by item id (only those that have one). */
  pages?: ReadonlyMap<string, string>;
}): string[][] {
  const { attributes, items, settings, context } = options;
  const pages = options.pages ?? new Map<string, string>();
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const name = nameAttributeOf(attributes);
  const columns = visibleAttributeIds(
    attributes.map((attribute) => attribute.id),
    settings,
    name?.id,
  )
    .map((id) => byId.get(id)!)
    .filter((attribute) => attribute.type !== 'button');
  const dataOf = formulaDataOf(attributes, items, context);
  const result = applyView({ items, attributes, settings, context, dataOf });

  const lines: { item: ViewItem; parent: ViewItem | null }[] = [];
  for (const group of result.groups) {
    for (const item of group.items) {
      lines.push({ item, parent: null });
      if (!settings.show_subitems) continue;
      for (const sub of result.subitems.get(item.id) ?? []) lines.push({ item: sub, parent: item });
    }
  }
  const text = (item: ViewItem, attribute: ViewAttribute) =>
    valueToPlainText(attribute, dataOf(item, attribute), context);
  const hasSubitems = lines.some((line) => line.parent !== null);
  const hasPages = lines.some((line) => pages.has(line.item.id));
  const header = columns.map((attribute) => attribute.name);
  const rows = lines.map(({ item, parent }) => {
    const cells = columns.map((attribute) => text(item, attribute));
    if (hasPages) cells.push(pages.get(item.id) ?? '');
    if (hasSubitems) cells.push(parent && name ? text(parent, name) : '');
    return cells;
  });
  return [[...header, ...(hasPages ? [PAGE_COLUMN] : []), ...(hasSubitems ? [PARENT_COLUMN] : [])], ...rows];
}
