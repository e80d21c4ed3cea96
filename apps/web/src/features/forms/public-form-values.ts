import type { PublicForm, PublicFormField } from '@strata/contracts/forms';
import { htmlToPlainText, plainTextToHtml } from '@strata/domain/attributes/html-text';
import type { FieldError } from '@strata/domain/errors';
import { toLocalInput } from '../../lib/local-datetime';

/**
 * A visitor's answers as the page's inputs hold them (text as typed, numbers as strings, picked
 * ids as lists), and the item values they make (docs/attributes.md: each type's data shape).
 */
export type Answer =
  | string
  | boolean
  | number
  | null
  | readonly string[]
  | readonly number[]
  | readonly File[]
  | DateRange;
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
    case 'attachments':
      return [] as File[];
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
    case 'attachments':
      // Files go as parts of their own (answerFiles), never as values.
      return undefined;
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

/** The files chosen for a file question (none for any other). */
export function filesOf(answer: Answer | undefined): File[] {
  return Array.isArray(answer) ? answer.filter((entry): entry is File => entry instanceof File) : [];
}

/** The files of the shown file questions, each with the question it answers. */
export function answerFiles(
  fields: readonly PublicFormField[],
  answers: Answers,
): { attributeId: string; file: File }[] {
  return fields
    .filter((field) => field.type === 'attachments' && !field.hidden)
    .flatMap((field) =>
      filesOf(answers[field.attribute_id]).map((file) => ({ attributeId: field.attribute_id, file })),
    );
}

/** The required questions shown and left unanswered, as the server would refuse them. */
export function missingAnswers(
  fields: readonly PublicFormField[],
  values: Record<string, unknown>,
  answers: Answers = {},
): FieldError[] {
  const answered = (field: PublicFormField) =>
    field.type === 'attachments'
      ? filesOf(answers[field.attribute_id]).length > 0
      : values[field.attribute_id] !== undefined;
  return fields
    .filter((field) => field.required && !field.hidden && !answered(field))
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

/**
 * The chosen files the server would refuse, found before anything is sent: one over the size
 * limit (FILE_TOO_LARGE, at its question) or more files than an answer may carry.
 */
export function fileProblems(
  form: Pick<PublicForm, 'file_max_mb' | 'max_files'>,
  files: readonly { attributeId: string; file: File }[],
): FieldError[] {
  const problems: FieldError[] = [];
  const tooLarge = files.find(({ file }) => file.size > form.file_max_mb * 1024 * 1024);
  if (tooLarge)
    problems.push({
      path: `values.${tooLarge.attributeId}`,
      code: 'FILE_TOO_LARGE',
      message: `The file you are trying to upload is too large. Your file must be less than ${form.file_max_mb}MB.`,
      params: { n: form.file_max_mb },
    });
  if (files.length > form.max_files)
    problems.push({
      path: `values.${files[form.max_files]!.attributeId}`,
      code: 'FORM_TOO_MANY_FILES',
      message: `An answer may carry at most ${form.max_files} files.`,
      params: { max: form.max_files },
    });
  return problems;
}
