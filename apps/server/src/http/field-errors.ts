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

/** zod's own English wording, as opposed to a message a contract wrote for its field. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid input|Invalid option|Too big|Too small)\b/;

/**
 * A field error of a route's schema (one zod issue as fastify-type-provider-zod reports it), with
 * a code so clients can word it: a missing or empty field and text too long, whoever worded them
 * (the code says all a custom "The name is required." says); anything else zod judged in its
 * own generic words. A message the contract wrote for another problem says more than a generic
 * code would: it stays without one, and clients show it. The English message is always kept.
 */
export function routeFieldError(issue: {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}): FieldError {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'Invalid value';
  const { origin, minimum, maximum } = issue.params;
  const isMissing = issue.keyword === 'invalid_type' && message.endsWith('received undefined');
  const isEmpty = issue.keyword === 'too_small' && origin === 'string' && Number(minimum) === 1;
  if (isMissing || isEmpty) return { path, message, code: 'FIELD_REQUIRED' };
  if (issue.keyword === 'too_big' && origin === 'string' && maximum !== undefined)
    return { path, message, code: 'FIELD_TOO_LONG', params: { max: Number(maximum) } };
  if (ZOD_DEFAULT_MESSAGE.test(message)) return { path, message, code: 'FIELD_INVALID' };
  return { path, message };
}
