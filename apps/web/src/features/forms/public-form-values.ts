import type { PublicFormField } from '@strata/contracts/forms';
import { htmlToPlainText, plainTextToHtml } from '@strata/domain/attributes/html-text';
import type { FieldError } from '@strata/domain/errors';
import { toLocalInput } from '../../lib/local-datetime';

/**
 * A visitor's answers as the page's inputs hold them (text as typed, numbers as strings, picked
 * ids as lists), and the item values they make (docs/attributes.md: each type's data shape).
 */
export type Answer = string | boolean | number | null | readonly string[] | readonly number[] | DateRange;
export interface DateRange {
  start: string;
  end: string;
}
export type Answers = Record<string, Answer>;

/** Types a hidden question fills from the page address (`?name=value`). */
const ADDRESS_TYPES = new Set([
  'text',
  'longtext',
  'email',
  'phone',
  'links',
  'number',
  'progress',
  'rating',
]);

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** What a shown question's input holds at first: its default, else empty. */
export function initialAnswer(field: PublicFormField): Answer {
  const value = field.default;
  switch (field.type) {
    case 'checkbox':
      return value === true;
    case 'label':
      return strings(value);
    case 'members':
      return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
    case 'number':
    case 'progress':
      return typeof value === 'number' ? String(value) : '';
    case 'rating':
      return typeof value === 'number' ? value : null;
    case 'links':
      return Array.isArray(value) ? String((value[0] as { url?: unknown } | undefined)?.url ?? '') : '';
    case 'date':
      if (typeof value !== 'string') return '';
      return field.settings.includeTime && value.includes('T') ? toLocalInput(value) : value.slice(0, 10);
    case 'date_range': {
      const range = value as Partial<DateRange> | null;
      return { start: range?.start ?? '', end: range?.end ?? '' };
    }
    case 'longtext':
      return typeof value === 'string' ? htmlToPlainText(value) : '';
    default:
      return typeof value === 'string' ? value : '';
  }
}

export function initialAnswers(fields: readonly PublicFormField[]): Answers {
  return Object.fromEntries(
    fields.filter((field) => !field.hidden).map((field) => [field.attribute_id, initialAnswer(field)]),
  );
}

/** An answer as the item value its type takes, or undefined when nothing was answered. */
export function answerData(field: PublicFormField, answer: Answer | undefined): unknown {
  switch (field.type) {
    case 'checkbox':
      // An unticked box is no answer (the question's default, if any, applies).
      return answer === true ? true : undefined;
    case 'label':
    case 'members':
      return Array.isArray(answer) && answer.length > 0 ? [...answer] : undefined;
    case 'rating':
      return typeof answer === 'number' && answer > 0 ? answer : undefined;
    case 'number':
    case 'progress': {
      const text = typeof answer === 'string' ? answer.trim() : '';
      const number = Number(text);
      return text === '' || !Number.isFinite(number) ? undefined : number;
    }
    case 'date': {
      if (typeof answer !== 'string' || answer === '') return undefined;
      if (!field.settings.includeTime) return answer;
      const date = new Date(answer);
      return Number.isNaN(date.getTime()) ? answer : date.toISOString();
    }
    case 'date_range': {
      const range = answer as DateRange | undefined;
      return range?.start && range.end ? { start: range.start, end: range.end } : undefined;
    }
    default: {
      const text = typeof answer === 'string' ? answer.trim() : '';
      if (text === '') return undefined;
      if (field.type === 'longtext') return plainTextToHtml(text);
      if (field.type === 'links') return [{ url: text }];
      return text;
    }
  }
}

/**
 * A hidden question's value: from the page address (`?<name>=value`, text-like types and numbers
 * only), else its default, else none.
 */
export function hiddenData(field: PublicFormField, query: URLSearchParams): unknown {
  const given = query.get(field.name);
  if (given !== null && ADDRESS_TYPES.has(field.type)) {
    const data = answerData(field, field.type === 'rating' ? Number(given) : given);
    if (data !== undefined) return data;
  }
  return field.default ?? undefined;
}

/** The submission's `values`: every shown question answered, every hidden one filled. */
export function submissionValues(
  fields: readonly PublicFormField[],
  answers: Answers,
  query: URLSearchParams,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const data = field.hidden ? hiddenData(field, query) : answerData(field, answers[field.attribute_id]);
    if (data !== undefined) values[field.attribute_id] = data;
  }
  return values;
}

/** The required questions shown and left unanswered, as the server would refuse them. */
export function missingAnswers(
  fields: readonly PublicFormField[],
  values: Record<string, unknown>,
): FieldError[] {
  return fields
    .filter((field) => field.required && !field.hidden && values[field.attribute_id] === undefined)
    .map((field) => ({
      path: `values.${field.attribute_id}`,
      code: 'FIELD_REQUIRED',
      message: 'This field is required.',
    }));
}

/** Field errors by the question they belong to (path `values.<attributeId>`). */
export function errorsByQuestion(errors: readonly FieldError[]): Map<string, FieldError> {
  const byId = new Map<string, FieldError>();
  for (const error of errors) {
    const id = error.path.startsWith('values.') ? error.path.slice('values.'.length).split('.')[0]! : '';
    if (!byId.has(id)) byId.set(id, error);
  }
  return byId;
}
