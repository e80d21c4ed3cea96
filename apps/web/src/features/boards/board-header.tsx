import { History, KeyRound, Lock, Settings2, Shield, Trash2, Webhook } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useWorkspaces } from '../../lib/workspaces';
import { TruncatedName } from '../../ui/truncated-name';
import { AutomationsButton } from '../automations';
import { useBoardView } from './board-context';
import styles from './board-page.module.css';

/**
 * The board's name, colour, privacy and password protection, its workspace, and the links to its
 * settings for those allowed.
 */
export function BoardHeader() {
  const { t } = useTranslation();
  const { board, teamId, can } = useBoardView();
  const workspace = useWorkspaces().data?.find((team) => team.id === teamId);
  const canEdit = can('UPDATE_BOARD_DETAILS') || can('UPDATE_BOARD_MEMBERS') || can('DELETE_BOARDS');
  return (
    <header className={styles.header}>
      <span
        className={styles.swatch}
        style={board.color ? { background: board.color } : undefined}
        aria-hidden="true"
      />
      <div className={styles.title}>
        {workspace && (
          <Link to={`/team/${teamId}`} className={styles.workspace}>
            <TruncatedName name={workspace.name} />
          </Link>
        )}
        <h1 className={styles.name}>
          <TruncatedName name={board.name} />
          {board.is_private && (
            <Lock size={18} className={styles.lock} role="img" aria-label={t('boards.private')} />
          )}
          {board.is_password_protected && (
            <KeyRound
              size={18}
              className={styles.lock}
              role="img"
              aria-label={t('boardPassword.protected')}
            />
          )}
        </h1>
        {board.description && (
          <p className={styles.description}>
            <bdi>{board.description}</bdi>
          </p>
        )}
      </div>
      {(canEdit ||
        can('MANAGE_PERMISSIONS') ||
        can('MANAGE_TRASH') ||
        can('VIEW_ACTIVITY_LOG') ||
        can('MANAGE_AUTOMATIONS')) && (
        <nav className={styles.headerActions} aria-label={t('boards.header.actions')}>
          {canEdit && (
            <Link to={`/team/${teamId}/boards/${board.id}/edit`} className={styles.headerLink}>
              <Settings2 size={16} aria-hidden="true" />
              {t('boards.header.edit')}
            </Link>
          )}
          {can('MANAGE_PERMISSIONS') && (
            <Link to={`/team/${teamId}/boards/${board.id}/permissions`} className={styles.headerLink}>
              <Shield size={16} aria-hidden="true" />
              {t('boards.header.permissions')}
            </Link>
          )}
          {can('MANAGE_TRASH') && (
            <Link to={`/team/${teamId}/boards/${board.id}/trash`} className={styles.headerLink}>
              <Trash2 size={16} aria-hidden="true" />
              {t('trash.link')}
            </Link>
          )}
          {can('VIEW_ACTIVITY_LOG') && (
            <Link to={`/team/${teamId}/boards/${board.id}/activity`} className={styles.headerLink}>
              <History size={16} aria-hidden="true" />
              {t('activity.link')}
            </Link>
          )}
          {can('MANAGE_AUTOMATIONS') && <AutomationsButton className={styles.headerLink} />}
          {can('MANAGE_AUTOMATIONS') && (
            <Link
              to={`/profile/developer/hooks?team=${teamId}&board=${encodeURIComponent(board.id)}`}
              className={styles.headerLink}
            >
              <Webhook size={16} aria-hidden="true" />
              {t('boards.header.webhooks')}
            </Link>
          )}
        </nav>
      )}
    </header>
  );
}
