import type { Attribute } from '@strata/contracts/items';
import {
  type AttributeSettings,
  type Label,
  readSettings,
} from '@strata/domain/attributes/attribute-settings';
import { formulaToDisplayText } from '@strata/domain/attributes/formula/formula-compile';
import { formatReference } from '@strata/domain/attributes/formula/formula-syntax';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';

/** The settings being edited: the type's settings, complete (defaults filled in). */
export type SettingsDraft = Record<string, unknown>;

/**
 * Colours offered for labels and buttons: user data shown as swatches (as the board colours),
 * each dark enough for white text. `name` keys the colour's label in `boards.colors.*`.
 */
export const SWATCH_COLORS = [
  { value: '#4f46e5', name: 'indigo' },
  { value: '#2563eb', name: 'blue' },
  { value: '#0f766e', name: 'teal' },
  { value: '#15803d', name: 'green' },
  { value: '#b45309', name: 'amber' },
  { value: '#c2410c', name: 'orange' },
  { value: '#b91c1c', name: 'red' },
  { value: '#be185d', name: 'pink' },
  { value: '#7e22ce', name: 'purple' },
  { value: '#475569', name: 'slate' },
] as const;

/** The palette with each colour's name in the reader's language, for ColorSwatches. */
export const swatchColors = (t: (key: string) => string) =>
  SWATCH_COLORS.map((color) => ({ value: color.value, label: t(`boards.colors.${color.name}`) }));

/**
 * The draft a dialog starts from: the stored settings read with their defaults; a formula shown
 * with the current attribute names instead of the stored ids.
 */
export function draftOf(attribute: Attribute, attributes: readonly AttributeDefinition[]): SettingsDraft {
  const settings = { ...readSettings(attribute.type, attribute.settings) } as SettingsDraft;
  if (attribute.type === 'formula')
    settings.formula = formulaToDisplayText(String(settings.formula ?? ''), attributes);
  return settings;
}

/** Names a formula may refer to: every other attribute of the board, written as `{Name}`. */
export function formulaReferences(attributeId: string, attributes: readonly AttributeDefinition[]): string[] {
  return attributes.filter((a) => a.id !== attributeId).map((a) => formatReference(a.name));
}

export const labelsOf = (draft: SettingsDraft) => (draft.labels ?? []) as Label[];

/** A new label at the end, with a fresh id and the next colour of the palette. */
export function addLabel(labels: readonly Label[]): Label[] {
  const color = SWATCH_COLORS[labels.length % SWATCH_COLORS.length]!.value;
  return [...labels, { id: crypto.randomUUID(), name: '', color }];
}

export function changeLabel(labels: readonly Label[], id: string, change: Partial<Label>): Label[] {
  return labels.map((label) => (label.id === id ? { ...label, ...change } : label));
}

export function removeLabel(labels: readonly Label[], id: string): Label[] {
  return labels.filter((label) => label.id !== id);
}

/** Moves a label one place up (-1) or down (1); at an end it stays. */
export function moveLabel(labels: readonly Label[], id: string, step: 1 | -1): Label[] {
  const from = labels.findIndex((label) => label.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= labels.length) return [...labels];
  const next = [...labels];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The number format of a number attribute, or the optional one of a formula. */
export type NumberFormat = AttributeSettings<'number'>;
export const DEFAULT_NUMBER_FORMAT: NumberFormat = readSettings('number', {});

/** Whether the dialog may change this attribute's type settings: never the name attribute's. */
export function isSettingsEditable(attribute: Pick<Attribute, 'type' | 'settings'>): boolean {
  return !(attribute.type === 'text' && attribute.settings.primary === true);
}
