import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, useLocation, useMatches, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { useSession } from '../lib/session';
import { PageSpinner } from '../ui/spinner';
import type { RouteHandle } from './route-handle';

/**
 * Signed-in routes: without a session, to /login; routes flagged canBePublic stay open. While a
 * navigation is under way it decides where the page goes: signing out navigates to /login with
 * its notice first and ends the session after, and a redirect from here (the sign-in page's code
 * still loading) would replace that navigation and lose the notice. When the profile comes, the
 * app's frame mounts in a deferred pass, one React may slice, not in the query's blocking update.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useSession();
  const wasLoading = useDeferredValue(isLoading);
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const deepest = matches.at(-1)?.handle as RouteHandle | undefined;
  if (!isSignedIn && !deepest?.canBePublic) {
    if (navigation.state !== 'idle') return null;
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  if (isLoading || wasLoading) return <PageSpinner label={t('app.loading')} />;
  return <>{children}</>;
}
