import type { Board } from '@strata/contracts/boards';
import { Lock, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useBoardRecordEvents, useBoards } from '../../lib/boards/use-boards';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { TruncatedName } from '../../ui/truncated-name';
import { useTeamView } from '../workspaces';
import styles from './boards.module.css';

/** team/{teamId}: the workspace's boards, live; 'New board' for those who may create one. */
export function TeamBoardsPage() {
  const { t } = useTranslation();
  const { team, can } = useTeamView();
  const boards = useBoards(team.id);
  useBoardRecordEvents(team.id);
  const canCreate = can('CREATE_BOARDS');
  return (
    <section className={styles.section} aria-labelledby="boards-title">
      <div className={styles.header}>
        <h2 id="boards-title">{t('boards.title')}</h2>
        {canCreate && (
          <Link to={`/team/${team.id}/boards/create`} className={styles.newBoard}>
            <Plus size={16} aria-hidden="true" />
            {t('boards.new')}
          </Link>
        )}
      </div>
      {boards.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : boards.isError ? (
        <Notice tone="error">{t('boards.loadFailed')}</Notice>
      ) : boards.data?.length ? (
        <ul className={styles.grid}>
          {boards.data.map((board) => (
            <li key={board.id}>
              <BoardCard board={board} />
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.empty}>
          <strong>{t('boards.empty.title')}</strong>
          <p>{canCreate ? t('boards.empty.body') : t('boards.empty.bodyReadOnly')}</p>
        </div>
      )}
    </section>
  );
}

/** One board: its colour, name, a lock when private, and the start of its description. */
function BoardCard({ board }: { board: Board }) {
  const { t } = useTranslation();
  return (
    <Link to={`/b/${board.id}`} className={styles.card}>
      <span className={styles.cardStripe} style={board.color ? { background: board.color } : undefined} />
      <span className={styles.cardName}>
        <TruncatedName name={board.name} />
        {board.is_private && (
          <Lock size={14} className={styles.lock} role="img" aria-label={t('boards.private')} />
        )}
      </span>
      {board.description && (
        <span className={styles.cardDescription}>
          <bdi>{board.description}</bdi>
        </span>
      )}
    </Link>
  );
}
