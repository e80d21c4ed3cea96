import { HttpError } from '@strata/sync/http-client';
import i18next, { type TFunction } from 'i18next';
import { dateExample } from './date-example';

/** What a 422 says of one field: its code and params, with the server's English text. */
interface CodedFieldError {
  message: string;
  code?: string;
  params?: Record<string, string | number>;
}

/**
 * One field error of a 422 in the UI language, by its code: a request field's
 * (`errors.fields`, and `views.fieldErrors` for the board screens' records, loaded with them), else
 * an attribute value's (`views.errors`); the server's English text for a code no catalogue has.
 */
export function fieldErrorText(t: TFunction, error: CodedFieldError): string {
  if (!error.code) return error.message;
  const keys = [
    `errors.fields.${error.code}`,
    `views.fieldErrors.${error.code}`,
    `views.errors.${error.code}`,
    // A code the API also answers as a whole error (FILE_TOO_LARGE), found by the form first.
    `errors.codes.${error.code}`,
  ];
  const example = error.code === 'INVALID_DATE' ? dateExample(i18next.language ?? 'en-US') : undefined;
  return t(keys, { ...error.params, example, defaultValue: error.message });
}

/**
 * The message to show for a failure, in the UI language: by the server's error code when the
 * catalogue has it; else the spec section 8 text for the status; validation lists joined, each
 * field error worded by its code (`fieldErrorText`).
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof HttpError)) return t('errors.generic');
  const key = `errors.codes.${error.code}`;
  if (error.code === 'VALIDATION_FAILED' && error.errors?.length) {
    return t('errors.validation', { list: error.errors.map((e) => fieldErrorText(t, e)).join(', ') });
  }
  if (error.code === 'PREVIEW_MODE') return t('errors.previewMode');
  // An action tried while offline gets the spec's offline text.
  if (error.code === 'OFFLINE') return t('errors.offlineAction');
  if (error.code && t(key, { defaultValue: '' }) !== '') return t(key, error.params ?? {});
  if (error.status === 0) return t('errors.offline');
  if (error.status === 401 || error.status === 403) return t('errors.unauthorized');
  if (error.status === 404) return t('errors.notFound');
  if (error.status === 409) return t('errors.conflict');
  return error.message || t('errors.generic');
}
