import type { AppVars } from '@strata/contracts/app-vars';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryClient } from './query-client';

const APP_VARS_KEY = ['app-vars'];
const APP_VARS_FRESH_MS = 60 * 60 * 1000;
/** The app variables last read on this device, with when (sign-out clears them with the rest). */
const KEPT_APP_VARS_KEY = 'strata.app-vars';

function keepAppVars(vars: AppVars, at = Date.now()): void {
  try {
    window.localStorage.setItem(KEPT_APP_VARS_KEY, JSON.stringify({ vars, at }));
  } catch {
    // full or blocked storage: the next load asks again
  }
}

function keptAppVars(): { vars: AppVars; at: number } | undefined {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEPT_APP_VARS_KEY) ?? 'null') as {
      vars?: AppVars;
      at?: number;
    } | null;
    return kept?.vars && typeof kept.at === 'number' ? { vars: kept.vars, at: kept.at } : undefined;
  } catch {
    return undefined;
  }
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
const kept = embedded || typeof window === 'undefined' ? undefined : keptAppVars();
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
