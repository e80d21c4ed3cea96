import { HOOK_EVENTS, type HookEvent } from '@strata/domain/webhooks/hook-events';
import { HttpError } from '@strata/sync/http-client';
import type { TFunction } from 'i18next';
import { errorMessage, fieldErrorText } from '../../lib/errors';

/** The longest address the contract takes (hookUrl). */
const MAX_URL_LENGTH = 2000;

/** A hook's event in the UI language ("Item created"); the catalogue nests it by its dotted name. */
export function eventLabel(t: TFunction, event: HookEvent): string {
  return t(`developer.events.${event}`);
}

/** The events chosen, once each, in the order of HOOK_EVENTS (the order the server keeps). */
export function eventsInOrder(chosen: Iterable<HookEvent>): HookEvent[] {
  const set = new Set(chosen);
  return HOOK_EVENTS.filter((event) => set.has(event));
}

/** What the fields of a hook's form say is wrong, in the UI language. */
export interface HookProblems {
  board?: string;
  url?: string;
  events?: string;
}

/** The checks of the contract (hookUrl, hookEventsInput) before anything is sent. */
export function checkHook(
  t: TFunction,
  draft: { url: string; events: readonly HookEvent[]; boardId?: string | null },
): HookProblems {
  const problems: HookProblems = {};
  if (draft.boardId === null) problems.board = t('developer.form.errors.board');
  const url = draft.url.trim();
  if (url === '') problems.url = t('developer.form.errors.urlRequired');
  else if (url.length > MAX_URL_LENGTH) problems.url = t('developer.form.errors.urlTooLong');
  else if (!isHookAddress(url)) problems.url = t('developer.form.errors.urlInvalid');
  if (draft.events.length === 0) problems.events = t('developer.form.errors.events');
  return problems;
}

export const hasProblems = (problems: HookProblems) => Object.values(problems).some(Boolean);

/** An http(s) address without credentials in it, as the contract takes. */
function isHookAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * A refused save: the server's field errors at their fields (`url`, `events…`, `board_id`), and the
 * answer's message when something in it has no field here.
 */
export function refusal(t: TFunction, caught: unknown): { problems: HookProblems; message: string | null } {
  const problems: HookProblems = {};
  const errors = caught instanceof HttpError ? (caught.errors ?? []) : [];
  let isAllPlaced = errors.length > 0;
  for (const error of errors) {
    const text = fieldErrorText(t, error);
    if (error.path === 'url') problems.url ??= text;
    else if (error.path === 'events' || error.path.startsWith('events.')) problems.events ??= text;
    else if (error.path === 'board_id') problems.board ??= text;
    else isAllPlaced = false;
  }
  return { problems, message: isAllPlaced ? null : errorMessage(caught, t) };
}
