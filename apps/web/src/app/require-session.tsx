import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useMatches } from 'react-router';
import { useSession } from '../lib/session';
import { PageSpinner } from '../ui/spinner';
import type { RouteHandle } from './router';

/** Signed-in routes: without a session, to /login; routes flagged canBePublic stay open. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const deepest = matches.at(-1)?.handle as RouteHandle | undefined;
  if (!isSignedIn && !deepest?.canBePublic)
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (isLoading) return <PageSpinner label={t('app.loading')} />;
  return <>{children}</>;
}
