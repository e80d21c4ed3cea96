import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { PageSpinner } from '../ui/spinner';

/** Signed-in routes: without a session, to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useSession();
  const location = useLocation();
  if (!isSignedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (isLoading) return <PageSpinner label={t('app.loading')} />;
  return <>{children}</>;
}
