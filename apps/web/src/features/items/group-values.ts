import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ViewSettings } from '@strata/domain/views/view-settings';
import { columnsAttribute } from '../views/columns/columns-model';

/**
 * The values a new item takes from the group it is added in: the group's label when the view
 * groups by a label attribute (the columns view always does), nothing otherwise (no group, or
 * the "none" group).
 */
export function groupValuesOf(
  attributes: readonly AttributeDefinition[],
  viewType: string,
  settings: ViewSettings,
  groupKey: string | undefined,
): Record<string, string[]> | undefined {
  const groupBy = viewType === 'columns' ? columnsAttribute(attributes, settings)?.id : settings.group_by;
  const group = groupBy && groupKey && groupKey !== '__none__' ? groupBy : undefined;
  const attribute = attributes.find((candidate) => candidate.id === group);
  return attribute?.type === 'label' && groupKey ? { [attribute.id]: [groupKey] } : undefined;
}
