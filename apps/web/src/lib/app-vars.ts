import type { AppVars } from '@strata/contracts/app-vars';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryClient } from './query-client';
import { readStoredJson, writeStoredJson } from './stored-json';

const APP_VARS_KEY = ['app-vars'];
const APP_VARS_FRESH_MS = 60 * 60 * 1000;
/** The app variables last read on this device, with when (sign-out clears them with the rest). */
const KEPT_APP_VARS_KEY = 'strata.app-vars';

const keepAppVars = (vars: AppVars) => writeStoredJson(KEPT_APP_VARS_KEY, { vars, at: Date.now() });

function keptAppVars(): { vars: AppVars; at: number } | undefined {
  const kept = readStoredJson(KEPT_APP_VARS_KEY) as { vars?: AppVars; at?: unknown } | undefined;
  return kept?.vars && typeof kept.at === 'number' ? { vars: kept.vars, at: kept.at } : undefined;
}

const readAppVars = () =>
  api.get<AppVars>('/api/app-vars', { auth: false }).then((vars) => {
    keepAppVars(vars);
    return vars;
  });

/**
 * The app variables the server wrote into the page (web-app.ts `withAppVars`): the load starts
 * with them instead of asking. A page from elsewhere (the service worker's copy) has none: the
 * copy this device kept with its time stands in, asked for again once it is an hour old.
 */
function embeddedAppVars(): AppVars | undefined {
  try {
    const text =
      typeof document === 'undefined' ? null : document.getElementById('strata-app-vars')?.textContent;
    return text ? (JSON.parse(text) as AppVars) : undefined;
  } catch {
    return undefined;
  }
}

const embedded = embeddedAppVars();
const kept = embedded ? undefined : keptAppVars();
if (embedded) {
  queryClient.setQueryData(APP_VARS_KEY, embedded);
  keepAppVars(embedded);
} else if (kept) queryClient.setQueryData(APP_VARS_KEY, kept.vars, { updatedAt: kept.at });

/** The server's app variables (read-only server data: TanStack Query). */
export function useAppVars() {
  return useQuery({ queryKey: APP_VARS_KEY, queryFn: readAppVars, staleTime: APP_VARS_FRESH_MS });
}

/**
 * The app variables for code outside React (the update check): the same cached copy as
 * useAppVars, so a page load asks the server once; `maxAgeMs` 0 asks again.
 */
export function fetchAppVars(maxAgeMs = APP_VARS_FRESH_MS): Promise<AppVars> {
  return queryClient.fetchQuery({ queryKey: APP_VARS_KEY, queryFn: readAppVars, staleTime: maxAgeMs });
}
