import { HttpError } from '@strata/sync/http-client';
import { Suspense, useMemo } from 'react';
import { NavLink, Outlet, useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { useTranslation } from '../../i18n/use-translation';
import { PageSpinner } from '../../ui/spinner';
import { TruncatedName } from '../../ui/truncated-name';
import { TeamContext, type TeamView, useTeamQueries } from './team-context';
import { useTeamRealtime } from './use-team-realtime';
import styles from './workspaces.module.css';

/** team/{teamId}: the workspace's name, its sections, and the section's screen. */
export function TeamLayout() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  const { team, access } = useTeamQueries(teamId);
  useTeamRealtime(Number(teamId));
  const view = useMemo<TeamView | null>(
    () =>
      team.data && access.data
        ? { team: team.data, can: (action) => access.data.permissions.includes(action) }
        : null,
    [team.data, access.data],
  );
  const error = team.error ?? access.error;
  if (error) {
    if (error instanceof HttpError && error.status === 404) return <NotFoundPage />;
    throw error;
  }
  if (!view) return <PageSpinner label={t('app.loading')} />;
  const tabs = [
    { to: `/team/${teamId}`, label: t('team.nav.boards'), end: true },
    { to: `/team/${teamId}/members`, label: t('team.nav.members'), end: false },
    ...(view.can('EDIT_WORKSPACE_SETTINGS') || view.can('DELETE_WORKSPACE')
      ? [{ to: `/team/${teamId}/settings`, label: t('team.nav.settings'), end: false }]
      : []),
    ...(view.can('MANAGE_PERMISSIONS')
      ? [{ to: `/team/${teamId}/permissions`, label: t('team.nav.permissions'), end: false }]
      : []),
    { to: `/team/${teamId}/shared-links`, label: t('team.nav.sharedLinks'), end: false },
  ];
  return (
    <TeamContext.Provider value={view}>
      <div className={styles.page}>
        <header>
          <TruncatedName as="h1" name={view.team.name} />
          <p className={styles.subtitle}>
            {t(`workspaces.roles.${view.team.user_role}`)} ·{' '}
            {t('workspaces.members', { count: view.team.member_count })}
          </p>
        </header>
        <nav className={styles.tabs} aria-label={t('team.nav.sections')}>
          {tabs.map((tab) => (
            <NavLink key={tab.to} to={tab.to} end={tab.end} className={styles.tab}>
              {tab.label}
            </NavLink>
          ))}
        </nav>
        <Suspense fallback={<PageSpinner label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </div>
    </TeamContext.Provider>
  );
}
