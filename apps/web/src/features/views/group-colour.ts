import { readSettings } from '@strata/domain/attributes/attribute-settings';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';

/** The colour of a group of items grouped by a label attribute (null: no colour to show). */
export function groupColour(
  attribute: AttributeDefinition | undefined,
  labelId: string | null,
): string | null {
  if (attribute?.type !== 'label' || labelId === null) return null;
  return (
    readSettings('label', attribute.settings).labels.find((label) => label.id === labelId)?.color ?? null
  );
}
