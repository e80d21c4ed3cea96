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

/** What a zod issue says that the coding below reads. */
interface SchemaIssue {
  code: string;
  message: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}

/**
 * A field error of a zod schema's issue at `path`, with a code so clients can word it: a missing
 * or empty field and text too long, whoever worded them (the code says all a custom "The name is
 * required." says); anything else zod judged in its own generic words. A message the contract
 * wrote for another problem says more than a generic code would: it stays without one, and
 * clients show it. The English message is always kept.
 */
export function issueFieldError(path: string, issue: SchemaIssue): FieldError {
  const { message, origin, minimum, maximum } = issue;
  const isMissing = issue.code === 'invalid_type' && message.endsWith('received undefined');
  const isEmpty = issue.code === 'too_small' && origin === 'string' && Number(minimum) === 1;
  if (isMissing || isEmpty) return { path, message, code: 'FIELD_REQUIRED' };
  if (issue.code === 'too_big' && origin === 'string' && maximum !== undefined)
    return { path, message, code: 'FIELD_TOO_LONG', params: { max: Number(maximum) } };
  if (ZOD_DEFAULT_MESSAGE.test(message)) return { path, message, code: 'FIELD_INVALID' };
  return { path, message };
}

/** A route schema's field error, as fastify-type-provider-zod reports a zod issue (`issueFieldError`). */
export function routeFieldError(issue: {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}): FieldError {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return issueFieldError(path, {
    ...issue.params,
    code: issue.keyword,
    message: issue.message ?? 'Invalid value',
  });
}
