import { Lock } from 'lucide-react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useBoardRecordEvents, useBoards } from '../../lib/boards/use-boards';
import { TruncatedName } from '../../ui/truncated-name';
import styles from './sidebar-boards.module.css';

/** The boards of the workspace in view, under its name in the sidebar, live. */
export function SidebarBoards({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const boards = useBoards(teamId);
  useBoardRecordEvents(teamId);
  if (!boards.data?.length) return null;
  return (
    <ul className={styles.list} aria-label={t('boards.sidebar')}>
      {boards.data.map((board) => (
        <li key={board.id}>
          <NavLink to={`/b/${board.id}`} className={styles.link}>
            <span
              className={styles.dot}
              style={board.color ? { background: board.color } : undefined}
              aria-hidden="true"
            />
            <TruncatedName name={board.name} />
            {board.is_private && <Lock size={12} role="img" aria-label={t('boards.private')} />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
