import { readSettings } from '@strata/domain/attributes/attribute-settings';
import type { WorkingCalendar } from '@strata/domain/scheduling/working-days';
import type { AttributeRow } from '../../db/schema/items';
import type { ChangedValue } from './item-values';

/** A board's plan: its dependency attribute, the date attribute it schedules and its working days. */
export interface BoardPlan {
  dependency: AttributeRow;
  /** A live `date` or `date_range` attribute; null when none is chosen (links are kept, nothing moves). */
  dates: AttributeRow | null;
  calendar: WorkingCalendar | null;
  name: AttributeRow | undefined;
}

/** The board's plan, if it has a dependency attribute. */
export function boardPlanOf(attributes: readonly AttributeRow[]): BoardPlan | null {
  const dependency = attributes.find((attribute) => attribute.type === 'dependency');
  if (!dependency) return null;
  const settings = readSettings('dependency', dependency.settings);
  const dates =
    attributes.find(
      (attribute) =>
        attribute.id === settings.schedules && (attribute.type === 'date' || attribute.type === 'date_range'),
    ) ?? null;
  const name = attributes.find(
    (attribute) =>
      attribute.type === 'text' && (attribute.settings as { primary?: unknown })?.primary === true,
  );
  const calendar = settings.workingWeekdays === null ? null : { workingWeekdays: settings.workingWeekdays };
  return { dependency, dates, calendar, name };
}

/** Whether a save's changes touch the plan: an item's links or its scheduled dates. */
export function touchesPlan(attributes: readonly AttributeRow[], changes: readonly ChangedValue[]): boolean {
  const plan = boardPlanOf(attributes);
  return plan !== null && planChanged(plan, changes);
}

/** Whether changes touch a plan: an item's links or its scheduled dates. */
export function planChanged(plan: BoardPlan, changes: readonly ChangedValue[]): boolean {
  return changes.some(
    (change) => change.attributeId === plan.dependency.id || change.attributeId === plan.dates?.id,
  );
}
