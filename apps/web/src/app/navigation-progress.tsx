import { matchRoutes, useLocation, useMatches, useNavigation } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import styles from './navigation-progress.module.css';
import type { RouteHandle } from './route-handle';

/** The deepest route id of a path, from the router's own route list. */
function routeIdOf(routes: Parameters<typeof matchRoutes>[0], pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname);
  return (matches?.at(-1)?.route.handle as RouteHandle | undefined)?.id;
}

/** A thin bar at the top while the app moves between two different named routes (spec section 2). */
export function NavigationProgress({ routes }: { routes: Parameters<typeof matchRoutes>[0] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const matches = useMatches();
  if (navigation.state === 'idle' || !navigation.location) return null;
  const from =
    (matches.at(-1)?.handle as RouteHandle | undefined)?.id ?? routeIdOf(routes, location.pathname);
  const to = routeIdOf(routes, navigation.location.pathname);
  if (from === to) return null;
  return <div className={styles.bar} role="progressbar" aria-busy="true" aria-label={t('app.loading')} />;
}
