import {
  createFormulaEnvironment,
  evaluateAttribute,
} from '@strata/domain/attributes/formula/formula-evaluate';
import type { FormulaItem } from '@strata/domain/attributes/formula/formula-runtime';
import { itemValueData } from '@strata/domain/attributes/item-values';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { useMemo } from 'react';

type Item = FormulaItem & { parent_id?: string | null };
export type ItemDataOf = (item: Item, attribute: Pick<AttributeDefinition, 'id' | 'type'>) => unknown;

/**
 * What views show, sort and filter by for each item and attribute: the stored data, and for
 * formula attributes the formula's value worked out by the domain over the board's attributes
 * and the item's subitems (errors come back as values, never thrown). Each item's results are
 * kept until the items, attributes or context change. Undefined when the board has no formula.
 */
export function useItemDataOf(
  attributes: readonly AttributeDefinition[] | undefined,
  items: readonly Item[] | undefined,
  context: ValueContext,
): ItemDataOf | undefined {
  return useMemo(() => {
    if (!attributes || !items || !attributes.some((attribute) => attribute.type === 'formula'))
      return undefined;
    const children = new Map<string, Item[]>();
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
    const results = new WeakMap<Item, Map<string, unknown>>();
    return (item, attribute) => {
      if (attribute.type !== 'formula') return itemValueData(item, attribute);
      let known = results.get(item);
      if (!known) {
        known = new Map();
        results.set(item, known);
      }
      if (!known.has(attribute.id)) known.set(attribute.id, evaluateAttribute(attribute.id, item, env));
      return known.get(attribute.id);
    };
  }, [attributes, items, context]);
}
