import type { FormField } from '@strata/domain/forms/form-settings';

/**
 * The edits of a form's question list, as pure functions of the list: the builder saves what they
 * return as the view's `fields`.
 */

export function addQuestion(fields: readonly FormField[], attributeId: string): FormField[] {
  if (fields.some((field) => field.attribute_id === attributeId)) return [...fields];
  return [...fields, { attribute_id: attributeId }];
}

export function removeQuestion(fields: readonly FormField[], attributeId: string): FormField[] {
  return fields.filter((field) => field.attribute_id !== attributeId);
}

/** Moves a question one place up (-1) or down (1); at an end it stays. */
export function moveQuestion(fields: readonly FormField[], attributeId: string, step: -1 | 1): FormField[] {
  const from = fields.findIndex((field) => field.attribute_id === attributeId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= fields.length) return [...fields];
  const next = [...fields];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** A question with some of its wording or flags changed; an emptied text is dropped. */
export function updateQuestion(
  fields: readonly FormField[],
  attributeId: string,
  patch: Partial<Omit<FormField, 'attribute_id'>>,
): FormField[] {
  return fields.map((field) => {
    if (field.attribute_id !== attributeId) return field;
    const next: FormField = { ...field, ...patch };
    if (next.label === '') delete next.label;
    if (next.help === '') delete next.help;
    if (next.default === undefined || next.default === null) delete next.default;
    return next;
  });
}
