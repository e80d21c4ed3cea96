import type { FilterCondition } from '../attributes/filter-operators';
import { checklistProgress } from '../attributes/progress';
import { type AttributeDefinition, matchesFilter } from '../attributes/type-registry';
import type { ValueContext } from '../attributes/value-context';
import type { Trigger, ValueCondition } from './recipe';

/**
 * What happened on a board, as automations see it: derived by the server from the outbox's
 * events (an item created or moved, a value changed with its data before and after, a comment,
 * a form's answer, a button), or from the scheduler (a date arrived, a schedule fired).
 */
export type Occurrence =
  | { kind: 'item_created'; item_id: string; folder_id: string }
  | { kind: 'item_moved'; item_id: string; folder_id: string; from_folder_id: string }
  | {
      kind: 'value_changed';
      item_id: string;
      folder_id: string;
      attribute_id: string;
      before: unknown;
      after: unknown;
    }
  | { kind: 'comment_added'; item_id: string; folder_id: string; comment_id: string }
  | { kind: 'form_submitted'; item_id: string; folder_id: string; form_id: string }
  | { kind: 'button_clicked'; item_id: string; folder_id: string; attribute_id: string }
  | { kind: 'date_arrived'; item_id: string; folder_id: string; attribute_id: string }
  | { kind: 'scheduled' };

export type OccurrenceKind = Occurrence['kind'];

/** The occurrence kinds that can fire a trigger of each kind. */
export const OCCURRENCES_OF: Record<Trigger['kind'], OccurrenceKind> = {
  item_created: 'item_created',
  item_moved: 'item_moved',
  value_changed: 'value_changed',
  label_set: 'value_changed',
  checkbox_checked: 'value_changed',
  checklist_completed: 'value_changed',
  date_arrives: 'date_arrived',
  schedule: 'scheduled',
  comment_added: 'comment_added',
  form_submitted: 'form_submitted',
  button_clicked: 'button_clicked',
};

/**
 * Whether a trigger fires on an occurrence. A "becomes" condition (`to`) fires when the value
 * matches it now and did not before, so a status changed to Done fires once, not again when
 * another of its labels changes; `from` must match the value before. `attribute` is the board's
 * attribute the trigger names (for value triggers; absent: no match).
 */
export function triggerMatches(
  trigger: Trigger,
  occurrence: Occurrence,
  attribute?: AttributeDefinition,
  context?: ValueContext,
): boolean {
  if (OCCURRENCES_OF[trigger.kind] !== occurrence.kind) return false;
  if (
    'folder_id' in trigger &&
    trigger.folder_id !== null &&
    'folder_id' in occurrence &&
    trigger.folder_id !== occurrence.folder_id
  )
    return false;
  switch (trigger.kind) {
    case 'item_created':
    case 'item_moved':
    case 'comment_added':
    case 'schedule':
      return true;
    case 'form_submitted':
      return (
        occurrence.kind === 'form_submitted' &&
        (trigger.form_id === null || trigger.form_id === occurrence.form_id)
      );
    case 'button_clicked':
    case 'date_arrives':
      return 'attribute_id' in occurrence && occurrence.attribute_id === trigger.attribute_id;
    default:
      break;
  }
  if (occurrence.kind !== 'value_changed' || occurrence.attribute_id !== trigger.attribute_id || !attribute)
    return false;
  const { before, after } = occurrence;
  switch (trigger.kind) {
    case 'value_changed':
      return (
        (trigger.from === null || holds(attribute, before, trigger.from, context)) &&
        (trigger.to === null || becomes(attribute, before, after, trigger.to, context))
      );
    case 'label_set':
      return (
        trigger.label_id !== null &&
        becomes(attribute, before, after, { operator: 'is_any_of', operand: [trigger.label_id] }, context)
      );
    case 'checkbox_checked':
      return becomes(attribute, before, after, { operator: 'is_checked' }, context);
    case 'checklist_completed':
      return isComplete(after) && !isComplete(before);
    default:
      return false;
  }
}

const holds = (
  attribute: AttributeDefinition,
  data: unknown,
  condition: ValueCondition,
  context?: ValueContext,
) => matchesFilter(attribute, data ?? null, condition as FilterCondition, context);

const becomes = (
  attribute: AttributeDefinition,
  before: unknown,
  after: unknown,
  condition: ValueCondition,
  context?: ValueContext,
) => holds(attribute, after, condition, context) && !holds(attribute, before, condition, context);

function isComplete(data: unknown): boolean {
  if (!Array.isArray(data)) return false;
  const { done, total } = checklistProgress(data.filter((entry) => typeof entry?.done === 'boolean'));
  return total > 0 && done === total;
}
