/**
 * Filter operators. Each type lists the ones it offers (`filterOperatorsFor`); the operand each
 * expects:
 * - text operators: a string (compared case-insensitively, trimmed);
 * - number operators: a number; `between`: [min, max] (inclusive);
 * - date operators: an ISO date or 'today' | 'yesterday' | 'tomorrow'; `within`: a RelativeRange;
 * - label, source folder: an array of ids; members: user ids or 'me'; reference: item ids;
 * - is_empty, is_not_empty, is_checked, is_unchecked, is_complete, is_incomplete, is_error: none.
 */
export const FILTER_OPERATORS = [
  'is',
  'is_not',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'before',
  'after',
  'on_or_before',
  'on_or_after',
  'within',
  'is_any_of',
  'is_none_of',
  'is_all_of',
  'includes_any',
  'includes_all',
  'excludes',
  'is_checked',
  'is_unchecked',
  'is_complete',
  'is_incomplete',
  'is_error',
  'is_empty',
  'is_not_empty',
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** One condition of a view's filter on one attribute. */
export interface FilterCondition {
  operator: FilterOperator;
  operand?: unknown;
}

export const EMPTY_OPERATORS = ['is_empty', 'is_not_empty'] as const satisfies readonly FilterOperator[];
export const TEXT_OPERATORS = [
  'is',
  'is_not',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  ...EMPTY_OPERATORS,
] as const satisfies readonly FilterOperator[];
export const NUMBER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  ...EMPTY_OPERATORS,
] as const satisfies readonly FilterOperator[];
export const DATE_OPERATORS = [
  'is',
  'is_not',
  'before',
  'after',
  'on_or_before',
  'on_or_after',
  'within',
  ...EMPTY_OPERATORS,
] as const satisfies readonly FilterOperator[];
export const CHOICE_OPERATORS = [
  'is_any_of',
  'is_none_of',
  ...EMPTY_OPERATORS,
] as const satisfies readonly FilterOperator[];
export const SET_OPERATORS = [
  'includes_any',
  'includes_all',
  'excludes',
  ...EMPTY_OPERATORS,
] as const satisfies readonly FilterOperator[];

export function isFilterOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);
}
