import { Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session';
import { useWorkspaces } from '../../lib/workspaces';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { TruncatedName } from '../../ui/truncated-name';
import { sortWorkspaces } from './sort-workspaces';
import styles from './workspaces.module.css';

/** The user's workspaces on the home page, in their own order. */
export function WorkspaceList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile } = useSession();
  const workspaces = useWorkspaces();
  const order = profile?.preferences.workspaceSortOrder;
  return (
    <section className={styles.section} aria-labelledby="workspaces-title">
      <div className={styles.header}>
        <h2 id="workspaces-title">{t('workspaces.title')}</h2>
        <Button variant="secondary" onClick={() => navigate('/workspace/create')}>
          <Plus size={16} aria-hidden="true" />
          {t('workspaces.create')}
        </Button>
      </div>
      {workspaces.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : workspaces.data && workspaces.data.length > 0 ? (
        <ul className={styles.grid}>
          {sortWorkspaces(workspaces.data, order).map((workspace) => (
            <li key={workspace.id}>
              <Link to={`/team/${workspace.id}`} className={styles.card}>
                <TruncatedName name={workspace.name} className={styles.cardName} />
                <span className={styles.meta}>
                  {t(`workspaces.roles.${workspace.user_role}`)} ·{' '}
                  {t('workspaces.members', { count: workspace.member_count })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{t('workspaces.empty')}</p>
      )}
    </section>
  );
}
