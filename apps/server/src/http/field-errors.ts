import { AppError, type FieldError } from '@strata/domain/errors';
import { type FieldErrorCode, fieldError } from '@strata/domain/field-errors';

/**
 * The 422 of a request with a wrong field: each error carries its code and params, so clients
 * word it in their own language; the first error's English text is the answer's message.
 */
export function invalidFields(errors: readonly FieldError[], message = errors[0]!.message): AppError {
  return new AppError('VALIDATION_FAILED', { message, errors: [...errors] });
}

/** The 422 of one wrong field (`FIELD_ERROR_MESSAGES` has the code's text). */
export function invalidField(
  path: string,
  code: FieldErrorCode,
  params: Record<string, string | number> = {},
): AppError {
  return invalidFields([fieldError(path, code, params)]);
}
