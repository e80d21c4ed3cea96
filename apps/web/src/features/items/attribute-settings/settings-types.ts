import type { AttributeType } from '@strata/domain/attributes/attribute-types';

/**
 * The types whose settings the "Edit column" dialog offers. Kept apart from the dialog (no zod,
 * no formula engine) so the first load can ask it, e.g. to open the dialog after a create.
 */
const WITH_SETTINGS: ReadonlySet<AttributeType> = new Set<AttributeType>([
  'number',
  'label',
  'members',
  'date',
  'date_range',
  'progress',
  'rating',
  'reference',
  'button',
  'custom_id',
  'formula',
  'time_tracking',
  'created_at',
  'updated_at',
]);

export function hasTypeSettings(type: AttributeType): boolean {
  return WITH_SETTINGS.has(type);
}
