import type { AttributeType } from '@strata/domain/attributes/attribute-types';

/**
 * The types that do nothing useful until they are set up: a label column without labels, a
 * formula without a formula, a button without an action, dependencies that schedule no dates. Adding one of these opens "Edit column"
 * on it; the others start with their defaults (a number is a plain number) and are edited from the
 * column menu when wanted.
 */
const NEEDS_SET_UP: ReadonlySet<AttributeType> = new Set<AttributeType>([
  'label',
  'formula',
  'button',
  'dependency',
]);

export function needsSetUp(type: AttributeType): boolean {
  return NEEDS_SET_UP.has(type);
}
