import type { Action, ValueSource } from '@strata/domain/automations/recipe';
import { attributesFor, newValueSource, type ValueKind, valueKindsFor } from './recipe-draft';

/**
 * A created item's values, as plain functions over the create-item action: its name goes in the
 * board's name attribute (a field of its own), further values are added for the attributes a
 * user writes, one each, and changed or removed at their place in the list.
 */

type CreateItem = Extract<Action, { kind: 'create_item' }>;
type Described = { id: string; type: string };

/**
 * The attribute a created item's name goes in: the board's primary text attribute, else its
 * first text attribute (none: the builder asks for no name).
 */
export function nameAttributeOf<A extends Described & { settings: unknown }>(
  attributes: readonly A[],
): A | undefined {
  const texts = attributes.filter((attribute) => attribute.type === 'text');
  return (
    texts.find((attribute) => (attribute.settings as { primary?: unknown }).primary === true) ?? texts[0]
  );
}

/** A created item's values at most (recipe.ts), its name among them. */
export const MAX_NEW_ITEM_VALUES = 50;

/** The sources a created item's value may have: "clear" is left out, a new item has nothing to clear. */
export function newItemValueKinds(type: string | undefined): ValueKind[] {
  return valueKindsFor(type).filter((kind) => kind !== 'clear');
}

/**
 * The attributes a created item's value may still be given for: writable ones, not the name (it
 * has its field) and not one another value already sets (`ownId`: the value being changed keeps its own).
 */
export function newItemValueChoices<A extends Described>(
  attributes: readonly A[],
  action: CreateItem,
  nameId: string | undefined,
  ownId?: string,
): A[] {
  const taken = new Set(action.values.map((value) => value.attribute_id));
  return attributesFor(attributes, 'writable').filter(
    (attribute) => attribute.id !== nameId && (attribute.id === ownId || !taken.has(attribute.id)),
  );
}

/** Whether "Add a value" is offered: an attribute is left to give a value, and room for it. */
export function canAddNewItemValue(
  attributes: readonly Described[],
  action: CreateItem,
  nameId: string | undefined,
): boolean {
  return (
    action.values.length < MAX_NEW_ITEM_VALUES && newItemValueChoices(attributes, action, nameId).length > 0
  );
}

/** One more value for the created item: the attribute chosen, its type's first source (a fixed value to give, mostly). */
export function addNewItemValue(action: CreateItem, attribute: Described): CreateItem {
  const [kind = 'trigger_value'] = newItemValueKinds(attribute.type);
  return {
    ...action,
    values: [...action.values, { attribute_id: attribute.id, value: newValueSource(kind) }],
  };
}

/**
 * The value at `index` pointed at another attribute: its source is kept when the new type offers
 * it, except a fixed value (data of the attribute before), which starts again.
 */
export function setNewItemValueAttribute(
  action: CreateItem,
  index: number,
  attribute: Described,
): CreateItem {
  return {
    ...action,
    values: action.values.map((value, at) => {
      if (at !== index || value.attribute_id === attribute.id) return value;
      const kinds = newItemValueKinds(attribute.type);
      const keeps = value.value.kind !== 'fixed' && kinds.includes(value.value.kind);
      return {
        attribute_id: attribute.id,
        value: keeps ? value.value : newValueSource(kinds[0] ?? 'trigger_value'),
      };
    }),
  };
}

export function setNewItemValue(action: CreateItem, index: number, source: ValueSource): CreateItem {
  return {
    ...action,
    values: action.values.map((value, at) => (at === index ? { ...value, value: source } : value)),
  };
}

export function removeNewItemValue(action: CreateItem, index: number): CreateItem {
  return { ...action, values: action.values.filter((_, at) => at !== index) };
}
