import type { AppVars } from '@strata/contracts/app-vars';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryClient } from './query-client';

const APP_VARS_KEY = ['app-vars'];
const readAppVars = () => api.get<AppVars>('/api/app-vars', { auth: false });
const APP_VARS_FRESH_MS = 60 * 60 * 1000;

/**
 * The app variables the server wrote into the page (web-app.ts `withAppVars`): the load starts
 * with them instead of asking. A page from elsewhere (the service worker's copy) has none, and
 * the first use asks the server as before.
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
if (embedded) queryClient.setQueryData(APP_VARS_KEY, embedded);

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
