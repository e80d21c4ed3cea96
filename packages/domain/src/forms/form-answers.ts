import type { AttributeDefinition } from '../attributes/type-registry';
import { type CodedFieldError, fieldError } from '../field-errors';
import { type FormField, type FormSettings, isFormQuestionType } from './form-settings';

/** A question a form asks: its field settings with the attribute it writes. */
export interface FormQuestion {
  field: FormField;
  attribute: AttributeDefinition;
}

/**
 * The questions a form asks now: its fields in order whose attribute still exists and is of a
 * type a form can ask; an attribute listed twice is asked once. A field whose attribute went
 * away (deleted, or its type no longer askable) is left out, not an error: the form keeps working.
 */
export function formQuestions(
  form: Pick<FormSettings, 'fields'>,
  attributes: readonly AttributeDefinition[],
): FormQuestion[] {
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const seen = new Set<string>();
  const questions: FormQuestion[] = [];
  for (const field of form.fields) {
    const attribute = byId.get(field.attribute_id);
    if (!attribute || !isFormQuestionType(attribute.type) || seen.has(attribute.id)) continue;
    seen.add(attribute.id);
    questions.push({ field, attribute });
  }
  return questions;
}

/**
 * Whether an answer was given: not nothing, blank text or an empty list, and for a checkbox a
 * tick. Anything else is an answer, checked by its type where the item is written: a wrong one
 * is refused there, never taken for no answer.
 */
function isAnswered(attribute: AttributeDefinition, data: unknown): boolean {
  if (data === undefined || data === null) return false;
  if (attribute.type === 'checkbox') return data === true;
  if (typeof data === 'string') return data.trim() !== '';
  if (Array.isArray(data)) return data.length > 0;
  // A range with neither end given is no answer.
  if (typeof data === 'object') return Object.values(data).some((part) => isGiven(part));
  return true;
}

function isGiven(part: unknown): boolean {
  return part !== null && part !== undefined && (typeof part !== 'string' || part.trim() !== '');
}

/**
 * The item values a submission makes, or the field errors that refuse it (paths `values.{id}`).
 * Only the form's questions may be answered (hidden ones too: the page fills them from its
 * address); a file question only by `uploads`, the files sent with the answer (their new ids by
 * attribute); a question without an answer takes its default (a file question has none); a
 * required question shown to the visitor must be answered. Each value is then checked by its
 * type where the item is written.
 */
export function formAnswerValues(
  questions: readonly FormQuestion[],
  answers: Readonly<Record<string, unknown>>,
  uploads: Readonly<Record<string, readonly { id: string }[]>> = {},
): { values: Record<string, unknown> } | { errors: CodedFieldError[] } {
  const asked = new Set(questions.map((question) => question.attribute.id));
  const errors: CodedFieldError[] = [];
  for (const id of [...Object.keys(answers), ...Object.keys(uploads)])
    if (!asked.has(id)) errors.push(fieldError(`values.${id}`, 'FORM_NOT_A_QUESTION'));
  const values: Record<string, unknown> = {};
  for (const { field, attribute } of questions) {
    const files = attribute.type === 'attachments';
    // A file question is answered only by the files uploaded with the answer: naming a file
    // already stored would let a visitor attach the team's own files to their item.
    if (files && answers[attribute.id] !== undefined && answers[attribute.id] !== null) {
      errors.push(fieldError(`values.${attribute.id}`, 'FORM_FILES_ONLY_UPLOADED'));
      continue;
    }
    const answer = files ? uploads[attribute.id] : answers[attribute.id];
    if (isAnswered(attribute, answer)) {
      values[attribute.id] = answer;
      continue;
    }
    if (field.required && !field.hidden) {
      errors.push(fieldError(`values.${attribute.id}`, 'FIELD_REQUIRED'));
      continue;
    }
    if (!files && field.default !== undefined && field.default !== null) values[attribute.id] = field.default;
  }
  return errors.length > 0 ? { errors } : { values };
}
