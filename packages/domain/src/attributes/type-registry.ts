import { type AttributeSettings, readSettings } from './attribute-settings';
import { type AttributeType, isUserEditable } from './attribute-types';
import {
  EMPTY_OPERATORS,
  type FilterCondition,
  type FilterOperator,
  isFilterOperator,
} from './filter-operators';
import { checkboxHandler, labelHandler } from './types/choice-handlers';
import { buttonHandler, formulaHandler } from './types/computed-handlers';
import { createdAtHandler, dateHandler, dateRangeHandler, updatedAtHandler } from './types/date-handlers';
import { dependencyHandler } from './types/dependency-handlers';
import { attachmentsHandler, checklistHandler, linksHandler } from './types/list-handlers';
import {
  customIdHandler,
  numberHandler,
  progressHandler,
  ratingHandler,
  timeTrackingHandler,
} from './types/number-handlers';
import { createdByHandler, membersHandler } from './types/people-handlers';
import { referenceHandler, sourceFolderHandler } from './types/relation-handlers';
import { emailHandler, longtextHandler, phoneHandler, textHandler } from './types/text-handlers';
import type { TypeHandler } from './types/type-handler';
import type { ValueContext } from './value-context';
import { fail, type ValueError, type ValueResult, valueError } from './value-errors';

/** An attribute as value functions need it. */
export interface AttributeDefinition {
  id: string;
  name: string;
  type: AttributeType;
  settings?: unknown;
}

type AnyHandler = TypeHandler<AttributeType, unknown, unknown>;

const HANDLERS: { [T in AttributeType]: TypeHandler<T, unknown, unknown> } = {
  text: textHandler,
  longtext: longtextHandler,
  number: numberHandler,
  checkbox: checkboxHandler,
  label: labelHandler,
  members: membersHandler,
  date: dateHandler,
  date_range: dateRangeHandler,
  email: emailHandler,
  phone: phoneHandler,
  links: linksHandler,
  checklist: checklistHandler,
  attachments: attachmentsHandler,
  progress: progressHandler,
  rating: ratingHandler,
  reference: referenceHandler,
  dependency: dependencyHandler,
  button: buttonHandler,
  custom_id: customIdHandler,
  formula: formulaHandler,
  time_tracking: timeTrackingHandler,
  created_at: createdAtHandler,
  created_by: createdByHandler,
  updated_at: updatedAtHandler,
  source_folder: sourceFolderHandler,
};

function handlerOf(type: AttributeType): AnyHandler {
  return HANDLERS[type] as AnyHandler;
}

function settingsOf(attribute: AttributeDefinition): AttributeSettings<AttributeType> {
  return readSettings(attribute.type, attribute.settings);
}

/**
 * Checks data for an attribute, whatever writes it (the server also uses this for the values it
 * computes). Null is always valid: it clears the value.
 */
export function validateValue(
  attribute: AttributeDefinition,
  data: unknown,
  context?: ValueContext,
): ValueResult<unknown> {
  return handlerOf(attribute.type).validateData(settingsOf(attribute), data, context);
}

/** Checks a value a user writes through the item: computed types are refused (NOT_EDITABLE). */
export function validateValueWrite(
  attribute: AttributeDefinition,
  data: unknown,
  context?: ValueContext,
): ValueResult<unknown> {
  if (!isUserEditable(attribute.type)) return fail('NOT_EDITABLE');
  return validateValue(attribute, data, context);
}

/** Stored data read for display, sorting and filtering; null when empty or unreadable. */
export function readValue(attribute: AttributeDefinition, data: unknown): unknown {
  return handlerOf(attribute.type).read(data, settingsOf(attribute));
}

export function isEmptyValue(attribute: AttributeDefinition, data: unknown): boolean {
  return readValue(attribute, data) === null;
}

/** Ascending order of two stored values, empty values last. */
export function compareValues(
  attribute: AttributeDefinition,
  a: unknown,
  b: unknown,
  context?: ValueContext,
): number {
  const handler = handlerOf(attribute.type);
  const settings = settingsOf(attribute);
  return compareRead(handler, settings, handler.read(a, settings), handler.read(b, settings), 'asc', context);
}

function compareRead(
  handler: AnyHandler,
  settings: AttributeSettings<AttributeType>,
  x: unknown,
  y: unknown,
  direction: 'asc' | 'desc',
  context: ValueContext | undefined,
): number {
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  const order = handler.compare(x, y, settings, context);
  return direction === 'asc' ? order : -order;
}

/**
 * A comparator of stored values for Array.prototype.sort, in either direction, with empty
 * values last both ways. Each value is read once per comparator, so sorting 10,000 items parses
 * each date or label list once.
 */
export function sortComparator(
  attribute: AttributeDefinition,
  direction: 'asc' | 'desc',
  context?: ValueContext,
): (a: unknown, b: unknown) => number {
  const handler = handlerOf(attribute.type);
  const settings = settingsOf(attribute);
  const cache = new Map<unknown, unknown>();
  const read = (data: unknown) => {
    if (cache.has(data)) return cache.get(data);
    const value = handler.read(data, settings);
    cache.set(data, value);
    return value;
  };
  return (a, b) => compareRead(handler, settings, read(a), read(b), direction, context);
}

export function filterOperatorsFor(type: AttributeType): readonly FilterOperator[] {
  return handlerOf(type).operators;
}

const NO_OPERAND = new Set<FilterOperator>([
  ...EMPTY_OPERATORS,
  'is_checked',
  'is_unchecked',
  'is_complete',
  'is_incomplete',
  'is_error',
]);

/** Problems of a view's filter condition on an attribute (an operator the type lacks, a bad operand). */
export function validateFilter(
  attribute: AttributeDefinition,
  condition: FilterCondition,
  context: ValueContext = {},
): ValueError[] {
  const handler = handlerOf(attribute.type);
  const operator = condition.operator;
  if (!isFilterOperator(operator) || !handler.operators.includes(operator))
    return [valueError('INVALID_OPERATOR', { operator: String(operator) }, 'operator')];
  if (
    NO_OPERAND.has(operator) ||
    !handler.isOperand ||
    handler.isOperand(operator, condition.operand, context)
  )
    return [];
  return [valueError('INVALID_OPERAND', { operator }, 'operand')];
}

/** Whether stored data passes a filter condition; an operator the type does not offer matches nothing. */
export function matchesFilter(
  attribute: AttributeDefinition,
  data: unknown,
  condition: FilterCondition,
  context: ValueContext = {},
): boolean {
  const handler = handlerOf(attribute.type);
  if (!handler.operators.includes(condition.operator)) return false;
  const settings = settingsOf(attribute);
  return handler.matches(
    handler.read(data, settings),
    condition.operator,
    condition.operand,
    context,
    settings,
  );
}

/** The CSV text of stored data; empty text for an empty value. */
export function valueToPlainText(
  attribute: AttributeDefinition,
  data: unknown,
  context?: ValueContext,
): string {
  return valueText(attribute, data, context, 'plain');
}

/**
 * Stored data as the reader sees it in the app: dates in their language ("26 nov. 2026"), other
 * types as their plain text. Every screen that shows a value as text goes through here, so a
 * type's shown form is decided once; CSV and the clipboard keep `valueToPlainText`.
 */
export function valueToDisplayText(
  attribute: AttributeDefinition,
  data: unknown,
  context?: ValueContext,
): string {
  return valueText(attribute, data, context, 'display');
}

/** Stored data read by its type and written as plain or shown text; empty text for an empty value. */
function valueText(
  attribute: AttributeDefinition,
  data: unknown,
  context: ValueContext | undefined,
  form: 'plain' | 'display',
): string {
  const handler = handlerOf(attribute.type);
  const settings = settingsOf(attribute);
  const value = handler.read(data, settings);
  if (value === null) return '';
  const write = (form === 'display' && handler.toDisplayText) || handler.toPlainText;
  return write(value, settings, context);
}

/**
 * Reads imported text into data for an attribute; null when values of the type cannot be
 * imported (computed types, attachments, references).
 */
export function valueFromPlainText(
  attribute: AttributeDefinition,
  text: string,
  context?: ValueContext,
): ValueResult<unknown> | null {
  const handler = handlerOf(attribute.type);
  if (!handler.fromPlainText || !isUserEditable(attribute.type)) return null;
  return handler.fromPlainText(text, settingsOf(attribute), context);
}
