import { type AttributeDefinition, validateValue } from '../attributes/type-registry';
import type { ValueError } from '../attributes/value-errors';
import { type FormField, isFormQuestionType } from './form-settings';

/** A default that its attribute refuses, at `settings.fields.{index}.default[.path inside]`. */
export interface FormDefaultError extends ValueError {
  path: string;
}

/**
 * The questions' defaults as their attributes take them: each default checked by its attribute's
 * value rules (a number for a number, a label of the attribute for a label, ...) and given back
 * normalised; a default of null or none is no default. A field whose attribute is gone or cannot be
 * asked keeps its default untouched (the form leaves such a question out, formQuestions). Answers
 * the fields to store, or every default that is refused.
 */
export function checkFormDefaults(
  fields: readonly FormField[],
  attributes: readonly AttributeDefinition[],
): { fields: FormField[] } | { errors: FormDefaultError[] } {
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  const errors: FormDefaultError[] = [];
  const checked = fields.map((field, index): FormField => {
    if (field.default === undefined) return field;
    if (field.default === null) {
      const { default: _none, ...rest } = field;
      return rest;
    }
    const attribute = byId.get(field.attribute_id);
    if (!attribute || !isFormQuestionType(attribute.type)) return field;
    // A file question takes only the files sent with an answer: it has no default.
    if (attribute.type === 'attachments') {
      const { default: _files, ...rest } = field;
      return rest;
    }
    const result = validateValue(attribute, field.default);
    if (!result.ok) {
      for (const error of result.errors)
        errors.push({
          ...error,
          path: `settings.fields.${index}.default${error.path ? `.${error.path}` : ''}`,
        });
      return field;
    }
    return { ...field, default: result.data };
  });
  return errors.length > 0 ? { errors } : { fields: checked };
}
