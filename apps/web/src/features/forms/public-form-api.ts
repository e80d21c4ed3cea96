import { type FormSubmission, formPaths, type PublicForm } from '@strata/contracts/forms';
import type { FieldError } from '@strata/domain/errors';
import type { FormAfter } from '@strata/domain/forms/form-settings';
import { webStorageTokenStore } from '@strata/sync/token-store';

/**
 * The two public endpoints of a form (packages/contracts/src/forms.ts), by plain fetch: the page
 * is for visitors without a session, so nothing of the app's session (tokens, refresh, offline
 * queue) takes part.
 */

export type FormLoad = { status: 'ok'; form: PublicForm } | { status: 'not-found' } | { status: 'failed' };

export type SubmitResult =
  | { status: 'ok'; after: FormAfter }
  | { status: 'invalid'; errors: FieldError[] }
  | { status: 'challenge' }
  | { status: 'closed' }
  | { status: 'not-found' }
  | { status: 'failed'; code?: string };

const pathOf = (path: string, formId: string) => path.replace(':formId', encodeURIComponent(formId));

async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  const data: unknown = await response.json().catch(() => null);
  return data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

export async function fetchPublicForm(formId: string, signal?: AbortSignal): Promise<FormLoad> {
  try {
    const response = await fetch(pathOf(formPaths.form, formId), {
      headers: { accept: 'application/json' },
      signal,
    });
    if (response.status === 404) return { status: 'not-found' };
    if (!response.ok) return { status: 'failed' };
    return { status: 'ok', form: (await response.json()) as PublicForm };
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { status: 'failed' };
  }
}

/**
 * Sends an answer. Someone signed in on this device answers as themselves (the item is then
 * theirs when they may create items on the form's board); a token the server no longer takes
 * (expired, signed out elsewhere) is not refreshed here: the answer goes again as a visitor's.
 */
export async function submitPublicForm(
  formId: string,
  body: FormSubmission,
  files: readonly { attributeId: string; file: File }[] = [],
): Promise<SubmitResult> {
  // With files, one multipart answer: the JSON first, then each file under its question.
  const payload = () => {
    if (files.length === 0) return JSON.stringify(body);
    const data = new FormData();
    data.append('submission', JSON.stringify(body));
    for (const { attributeId, file } of files) data.append(`files.${attributeId}`, file, file.name);
    return data;
  };
  const send = (token: string | undefined) =>
    fetch(pathOf(files.length === 0 ? formPaths.submissions : formPaths.submissionsWithFiles, formId), {
      method: 'POST',
      headers: {
        accept: 'application/json',
        // A multipart body's type (with its boundary) is set by the browser.
        ...(files.length === 0 ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: payload(),
    });
  let response: Response;
  try {
    // The session's store as the app keeps it (lib/http.ts), read without the app's HTTP client.
    const token = webStorageTokenStore(window.localStorage).get()?.access_token;
    response = await send(token);
    if (response.status === 401 && token) response = await send(undefined);
  } catch {
    return { status: 'failed', code: 'OFFLINE' };
  }
  const data = await bodyOf(response);
  const code = typeof data.code === 'string' ? data.code : undefined;
  if (response.ok) return { status: 'ok', after: (data.after as FormAfter | undefined) ?? { message: '' } };
  if (response.status === 404) return { status: 'not-found' };
  if (response.status === 410) return { status: 'closed' };
  if (code === 'CHALLENGE_FAILED') return { status: 'challenge' };
  if (response.status === 422 && Array.isArray(data.errors))
    return { status: 'invalid', errors: data.errors as FieldError[] };
  return { status: 'failed', code };
}
