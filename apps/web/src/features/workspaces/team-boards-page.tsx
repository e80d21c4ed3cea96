import type { Team } from '@strata/contracts/teams';
import { HttpError } from '@strata/sync/http-client';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { api } from '../../lib/api';
import { PageSpinner } from '../../ui/spinner';
import styles from './workspaces.module.css';

/** team/{teamId}: the workspace's boards (an empty state until boards exist). */
export function TeamBoardsPage() {
  const { t } = useTranslation();
  const { teamId } = useParams();
  const team = useQuery({
    queryKey: ['team', teamId],
    queryFn: () => api.get<Team>(`/api/teams/${teamId}`),
    retry: false,
  });
  if (team.isPending) return <PageSpinner label={t('app.loading')} />;
  if (team.error) {
    if (team.error instanceof HttpError && team.error.status === 404) return <NotFoundPage />;
    throw team.error;
  }
  return (
    <div className={styles.page}>
      <header>
        <h1>{team.data.name}</h1>
        <p className={styles.subtitle}>
          {t(`workspaces.roles.${team.data.user_role}`)} ·{' '}
          {t('workspaces.members', { count: team.data.member_count })}
        </p>
      </header>
      <section className={styles.empty} aria-label={t('workspaces.boardsEmpty')}>
        <strong>{t('workspaces.boardsEmpty')}</strong>
        <p>{t('workspaces.boardsEmptyBody')}</p>
      </section>
    </div>
  );
}
