import { isRelativeRange, resolveDayOperand, resolveRelativeRange } from './date-ranges';
import { type DateValue, dayNumber } from './date-values';
import type { FilterOperator } from './filter-operators';
import { contextTimeZone, type ValueContext } from './value-context';

/**
 * Matchers shared by the types. Each gets the value as read (null when empty) and answers for
 * the operators of its family; an operator outside the family, or an unusable operand, matches
 * nothing. "Negative" operators (is not, does not contain, is none of, excludes, ≠) match empty
 * values: an empty cell does not contain the text.
 */
function fold(text: string): string {
  return text.trim().toLocaleLowerCase();
}

export function matchText(text: string | null, operator: FilterOperator, operand: unknown): boolean {
  if (operator === 'is_empty') return text === null || text.trim() === '';
  if (operator === 'is_not_empty') return text !== null && text.trim() !== '';
  if (typeof operand !== 'string') return false;
  const value = fold(text ?? '');
  const wanted = fold(operand);
  switch (operator) {
    case 'is':
      return value === wanted;
    case 'is_not':
      return value !== wanted;
    case 'contains':
      return value.includes(wanted);
    case 'not_contains':
      return !value.includes(wanted);
    case 'starts_with':
      return value.startsWith(wanted);
    case 'ends_with':
      return value.endsWith(wanted);
    default:
      return false;
  }
}

export function isNumberOperand(operator: FilterOperator, operand: unknown): boolean {
  if (operator === 'between')
    return (
      Array.isArray(operand) &&
      operand.length === 2 &&
      operand.every((n) => typeof n === 'number' && Number.isFinite(n))
    );
  return typeof operand === 'number' && Number.isFinite(operand);
}

export function matchNumber(value: number | null, operator: FilterOperator, operand: unknown): boolean {
  if (operator === 'is_empty') return value === null;
  if (operator === 'is_not_empty') return value !== null;
  if (!isNumberOperand(operator, operand)) return false;
  if (operator === 'neq') return value === null || value !== operand;
  if (value === null) return false;
  switch (operator) {
    case 'eq':
      return value === operand;
    case 'lt':
      return value < (operand as number);
    case 'lte':
      return value <= (operand as number);
    case 'gt':
      return value > (operand as number);
    case 'gte':
      return value >= (operand as number);
    case 'between': {
      const [a, b] = operand as [number, number];
      return value >= Math.min(a, b) && value <= Math.max(a, b);
    }
    default:
      return false;
  }
}

export function isDateOperand(operator: FilterOperator, operand: unknown, context: ValueContext): boolean {
  if (operator === 'within') return isRelativeRange(operand);
  return resolveDayOperand(operand, context) !== null;
}

/** Dates are compared by the day they fall on in the reader's zone. */
export function matchDay(
  value: DateValue | null,
  operator: FilterOperator,
  operand: unknown,
  context: ValueContext,
): boolean {
  const day = value === null ? null : dayNumber(value, contextTimeZone(context));
  return matchDaySpan(day === null ? null : { from: day, to: day }, operator, operand, context);
}

/**
 * The same for a span of days (a start and end date): `is D` when D is inside it, `before D`
 * when it ends before D, `after D` when it starts after D, `within R` when it overlaps R.
 */
export function matchDaySpan(
  span: { from: number; to: number } | null,
  operator: FilterOperator,
  operand: unknown,
  context: ValueContext,
): boolean {
  if (operator === 'is_empty') return span === null;
  if (operator === 'is_not_empty') return span !== null;
  if (operator === 'within') {
    if (!isRelativeRange(operand) || span === null) return false;
    const range = resolveRelativeRange(operand, context);
    return span.from <= range.to && span.to >= range.from;
  }
  const day = resolveDayOperand(operand, context);
  if (day === null) return false;
  if (operator === 'is_not') return span === null || day < span.from || day > span.to;
  if (span === null) return false;
  switch (operator) {
    case 'is':
      return day >= span.from && day <= span.to;
    case 'before':
      return span.to < day;
    case 'after':
      return span.from > day;
    case 'on_or_before':
      return span.from <= day;
    case 'on_or_after':
      return span.to >= day;
    default:
      return false;
  }
}

export function isIdListOperand(operand: unknown, allowMe = false): boolean {
  return (
    Array.isArray(operand) &&
    operand.every(
      (id) =>
        typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) || (allowMe && id === 'me'),
    )
  );
}

/**
 * Set operators over the ids a value holds (labels, members, references, a folder). `me` in an
 * operand stands for the signed-in user.
 */
export function matchIds(
  ids: readonly (string | number)[] | null,
  operator: FilterOperator,
  operand: unknown,
  context: ValueContext,
): boolean {
  const held = ids ?? [];
  if (operator === 'is_empty') return held.length === 0;
  if (operator === 'is_not_empty') return held.length > 0;
  if (!isIdListOperand(operand, true)) return false;
  const wanted = (operand as unknown[])
    .map((id) => (id === 'me' ? context.currentUserId : id))
    .filter((id): id is string | number => id !== null && id !== undefined);
  const has = new Set(held);
  switch (operator) {
    case 'is_any_of':
    case 'includes_any':
      return wanted.some((id) => has.has(id));
    case 'is_all_of':
    case 'includes_all':
      return wanted.length > 0 && wanted.every((id) => has.has(id));
    case 'is_none_of':
    case 'excludes':
      return !wanted.some((id) => has.has(id));
    default:
      return false;
  }
}
