import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { api } from '../lib/api';
import { useSession } from '../lib/session';
import type { RouteHandle } from './route-handle';

/** Reports a page view on each navigation (spec section 2); not for guests; failures are ignored. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const { profile } = useSession();
  const route = (matches.at(-1)?.handle as RouteHandle | undefined)?.id ?? 'unknown';
  const canReport = Boolean(profile && !profile.guest);
  useEffect(() => {
    if (!canReport) return;
    api.put('/api/log', { name: 'page_view', properties: { path: pathname, route } }).catch(() => {});
  }, [pathname, route, canReport]);
}
