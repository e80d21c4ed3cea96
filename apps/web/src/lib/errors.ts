import { HttpError } from '@strata/sync/http-client';
import type { TFunction } from 'i18next';

/**
 * The message to show for a failure, in the UI language: by the server's error code when the
 * catalogue has it; else the spec section 8 text for the status; validation lists joined.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof HttpError)) return t('errors.generic');
  const key = `errors.codes.${error.code}`;
  if (error.code === 'VALIDATION_FAILED' && error.errors?.length) {
    return t('errors.validation', { list: error.errors.map((e) => e.message).join(', ') });
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
