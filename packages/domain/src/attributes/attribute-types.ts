/**
 * The attribute types: the spec's fifteen plus those the public API knows. Keys are the public
 * API's type names where it has one (text, longtext, checkbox, number, label, members, links,
 * checklist, attachments, email, phone, progress, rating, date, custom_id); the others follow its
 * snake_case style.
 */
export const ATTRIBUTE_TYPES = [
  'text',
  'longtext',
  'number',
  'checkbox',
  'label',
  'members',
  'date',
  'date_range',
  'email',
  'phone',
  'links',
  'checklist',
  'attachments',
  'progress',
  'rating',
  'reference',
  'dependency',
  'button',
  'custom_id',
  'formula',
  'time_tracking',
  'created_at',
  'created_by',
  'updated_at',
  'source_folder',
] as const;

export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export function isAttributeType(value: unknown): value is AttributeType {
  return typeof value === 'string' && (ATTRIBUTE_TYPES as readonly string[]).includes(value);
}

/**
 * Where a type's value comes from:
 * - `value`: stored in the item's values and written by users;
 * - `item`: read from the item record itself (created_at, created_by, updated_at, folder_id);
 * - `server`: kept in the item's values by the server only (custom ID numbers, time-tracked
 *   totals, references, which the API writes through their own endpoints);
 * - `formula`: evaluated from other attributes, never stored as the truth;
 * - `none`: no value at all (a button runs an action).
 */
export type ValueSource = 'value' | 'item' | 'server' | 'formula' | 'none';

export interface AttributeTypeTraits {
  source: ValueSource;
  /** Only one attribute of this type may exist on a board (spec section 5). */
  singleton: boolean;
}

export const ATTRIBUTE_TYPE_TRAITS: Record<AttributeType, AttributeTypeTraits> = {
  text: { source: 'value', singleton: false },
  longtext: { source: 'value', singleton: false },
  number: { source: 'value', singleton: false },
  checkbox: { source: 'value', singleton: false },
  label: { source: 'value', singleton: false },
  members: { source: 'value', singleton: false },
  date: { source: 'value', singleton: false },
  date_range: { source: 'value', singleton: false },
  email: { source: 'value', singleton: false },
  phone: { source: 'value', singleton: false },
  links: { source: 'value', singleton: false },
  checklist: { source: 'value', singleton: false },
  attachments: { source: 'value', singleton: false },
  progress: { source: 'value', singleton: false },
  rating: { source: 'value', singleton: false },
  reference: { source: 'server', singleton: false },
  // One plan per board: its gantt and its scheduler read the one dependency attribute.
  dependency: { source: 'value', singleton: true },
  button: { source: 'none', singleton: false },
  // One auto-increment sequence per board: a second one would number the same items again.
  custom_id: { source: 'server', singleton: true },
  formula: { source: 'formula', singleton: false },
  time_tracking: { source: 'server', singleton: false },
  // Facts of the item itself: a second column would show the same thing.
  created_at: { source: 'item', singleton: true },
  created_by: { source: 'item', singleton: true },
  updated_at: { source: 'item', singleton: true },
  source_folder: { source: 'item', singleton: true },
};

/** Users may write values of this type through the item (POST/PUT values). */
export function isUserEditable(type: AttributeType): boolean {
  return ATTRIBUTE_TYPE_TRAITS[type].source === 'value';
}

/** Values of this type are worked out by Strata (from the item, the server or a formula). */
export function isComputed(type: AttributeType): boolean {
  return !isUserEditable(type) && ATTRIBUTE_TYPE_TRAITS[type].source !== 'none';
}

export function isSingletonType(type: AttributeType): boolean {
  return ATTRIBUTE_TYPE_TRAITS[type].singleton;
}
