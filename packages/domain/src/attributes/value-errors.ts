import { formatMessage } from '../format-message';

/**
 * The problems an attribute definition, a value or a filter can have, by string code. The
 * messages are English and follow the spec's wording where it gives one; clients map the code to
 * their own catalogue text and fill `{name}` placeholders from `params`.
 */
export const ATTRIBUTE_ERROR_MESSAGES = {
  // Attribute definitions (spec sections 5 and 8).
  ATTRIBUTE_NAME_REQUIRED: 'The name is required.',
  ATTRIBUTE_NAME_TOO_LONG: 'The name may not be longer than {max} characters.',
  ATTRIBUTE_NAME_TAKEN: 'Attribute with this name and type already exists.',
  ATTRIBUTE_TYPE_EXISTS: 'Attribute of this type already exists',
  NAME_ATTRIBUTE_EXISTS: 'The board already has a name attribute.',
  INVALID_ATTRIBUTE_TYPE: 'The selected type is invalid.',
  INVALID_SETTINGS: 'The settings are invalid: {detail}',
  LABEL_NAME_REQUIRED: 'The label name is required.',
  BUTTON_TARGET_INVALID: 'The button cannot set values of the attribute {id}.',
  // Values.
  INVALID_TYPE: 'The value must be {expected}.',
  NOT_EDITABLE: 'Values of this attribute are set by Strata and cannot be written.',
  UNKNOWN_ATTRIBUTE: 'The attribute {id} is not an attribute of this board.',
  TEXT_TOO_LONG: 'The text may not be longer than {max} characters.',
  ITEM_NAME_TOO_LONG: "An item's name can be at most {max} characters long.",
  INVALID_EMAIL: 'The email must be a valid email address.',
  INVALID_PHONE: 'The phone number format is invalid.',
  INVALID_URL: 'Not a valid URL format',
  INVALID_NUMBER: 'The value must be a number.',
  NOT_INTEGER: 'The value must be a whole number.',
  OUT_OF_RANGE: 'The value must be between {min} and {max}.',
  INVALID_DATE: 'The value must be a date in ISO 8601 format.',
  END_BEFORE_START: 'The end date is before the start date.',
  UNKNOWN_LABEL: 'The label {id} does not exist.',
  TOO_MANY_LABELS: 'Only one label may be chosen.',
  UNKNOWN_MEMBER: 'The user {id} is not a member of this workspace.',
  UNKNOWN_ATTACHMENT: 'The file {id} is not an attachment of this board.',
  TOO_MANY_MEMBERS: 'Only one member may be chosen.',
  TOO_MANY_ENTRIES: 'There may be at most {max} entries.',
  INVALID_ID: 'The id {id} is not valid.',
  DUPLICATE_ID: 'The id {id} appears more than once.',
  NAME_REQUIRED: 'The name is required.',
  // Dependencies (docs/gantt-scheduling.md: the scheduler's own wording).
  DEPENDENCY_SELF: 'An item cannot depend on itself.',
  DEPENDENCY_UNKNOWN_ITEM: 'The item it depends on is not on this board.',
  DEPENDENCY_TYPE: 'The dependency type must be FS, SS, FF or SF.',
  DEPENDENCY_LAG: 'Lag must be a whole number of days.',
  DEPENDENCY_DUPLICATE: 'This item already depends on that item.',
  DEPENDENCY_CYCLE: 'These dependencies form a cycle: {names}',
  UNRECOGNISED_TEXT: 'The text "{text}" cannot be read as a value of this attribute.',
  // Filters.
  INVALID_OPERATOR: 'The operator {operator} cannot be used with this attribute.',
  INVALID_OPERAND: 'The filter value is not valid for the operator {operator}.',
  // Formulas, when they are saved.
  FORMULA_SYNTAX: 'The formula cannot be read: {detail}',
  FORMULA_TOO_LONG: 'The formula may not be longer than {max} characters.',
  FORMULA_TOO_DEEP: 'The formula is nested too deeply.',
  FORMULA_UNKNOWN_FUNCTION: 'Unknown function {name}.',
  FORMULA_UNKNOWN_ATTRIBUTE: 'There is no attribute named "{name}".',
  FORMULA_AMBIGUOUS_ATTRIBUTE: 'More than one attribute is named "{name}": rename one of them.',
  FORMULA_ARGUMENT_COUNT: '{name} takes {expected} arguments.',
  FORMULA_SUBITEMS_ARGUMENT: 'SUBITEMS takes one attribute in braces, for example SUBITEMS({Cost}).',
  FORMULA_CYCLE: 'This formula refers back to itself through {names}.',
} as const;

export type AttributeErrorCode = keyof typeof ATTRIBUTE_ERROR_MESSAGES;

/** One problem: shaped like a field error of a 422 answer (`path` relative to the value). */
export interface ValueError {
  code: AttributeErrorCode;
  message: string;
  params: Record<string, string | number>;
  path?: string;
}

/** Valid (with the normalised data and any warnings the UI should flag) or a list of errors. */
export type ValueResult<T> =
  | { ok: true; data: T; warnings: ValueError[] }
  | { ok: false; errors: ValueError[] };

export function valueError(
  code: AttributeErrorCode,
  params: Record<string, string | number> = {},
  path?: string,
): ValueError {
  const error: ValueError = { code, message: formatMessage(ATTRIBUTE_ERROR_MESSAGES[code], params), params };
  if (path !== undefined) error.path = path;
  return error;
}

export function ok<T>(data: T, warnings: ValueError[] = []): ValueResult<T> {
  return { ok: true, data, warnings };
}

export function fail<T = never>(
  code: AttributeErrorCode,
  params: Record<string, string | number> = {},
  path?: string,
): ValueResult<T> {
  return { ok: false, errors: [valueError(code, params, path)] };
}

export function failWith<T = never>(errors: ValueError[]): ValueResult<T> {
  return { ok: false, errors };
}
