import type { Board } from '@strata/contracts/boards';
import type { RecordStore } from '@strata/sync/records/record-types';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { useTranslation } from '../../i18n/use-translation';
import { useBoardRecordEvents, useBoards } from '../../lib/boards/use-boards';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import { TextWithName } from '../../ui/truncated-name';
import { useTeamView } from '../workspaces';
import { BoardDetailsForm } from './board-details-form';
import { BoardMembersForm } from './board-members-form';
import { BoardPasswordForm } from './board-password-form';
import { BoardSharingForm } from './board-sharing-form';
import styles from './boards.module.css';
import { useBoardAccess } from './use-board-access';

/**
 * team/{teamId}/boards/{boardId}/edit: the board's details, its password, its members and privacy,
 * and its deletion, each shown only to those who may change it.
 */
export function BoardEditPage() {
  const { t } = useTranslation();
  const { team } = useTeamView();
  const { boardId = '' } = useParams();
  const boards = useBoards(team.id);
  useBoardRecordEvents(team.id);
  const board = boards.data?.find((candidate) => candidate.id === boardId);
  const { can } = useBoardAccess(team.id, boardId);

  if (!board) {
    if (boards.isLoaded) return <NotFoundPage />;
    if (boards.isError) return <Notice tone="error">{t('boards.loadFailed')}</Notice>;
    return <Spinner label={t('app.loading')} />;
  }
  const canDetails = can('UPDATE_BOARD_DETAILS');
  const canMembers = can('UPDATE_BOARD_MEMBERS');
  const canDelete = can('DELETE_BOARDS');
  return (
    <section className={`${styles.section} ${styles.narrow}`} aria-labelledby="edit-board-title">
      <header className={styles.editHeader}>
        <Link to={`/b/${board.id}`} className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" className="flip-in-rtl" />
          <TextWithName text={(name) => t('boards.edit.back', { name })} name={board.name} />
        </Link>
        <h2 id="edit-board-title">{t('boards.edit.title')}</h2>
      </header>
      {!canDetails && !canMembers && !canDelete && <Notice tone="error">{t('errors.unauthorized')}</Notice>}
      {/* Keyed by row_version: a change made elsewhere refills the form with the new copy. */}
      {canDetails && boards.store && (
        <BoardDetailsForm key={`details-${board.row_version}`} board={board} store={boards.store} />
      )}
      {canDetails && boards.store && (
        <BoardPasswordForm key={`password-${board.row_version}`} board={board} store={boards.store} />
      )}
      {canDetails && <BoardSharingForm teamId={team.id} boardId={board.id} boardName={board.name} />}
      {canMembers && boards.store && (
        <BoardMembersForm key={`members-${board.row_version}`} board={board} store={boards.store} />
      )}
      {canDelete && boards.store && <DeleteBoard board={board} store={boards.store} />}
    </section>
  );
}

/** Deleting a board (it goes to the trash with its folders) after a confirmation; needs the network. */
function DeleteBoard({ board, store }: { board: Board; store: RecordStore<Board> }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [isDeleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleDelete = async () => {
    const isConfirmed = await confirm({
      title: t('boards.edit.deleteTitle', { name: board.name }),
      body: t('boards.edit.deleteBody'),
      action: t('boards.edit.delete'),
    });
    if (!isConfirmed) return;
    setDeleting(true);
    setError(null);
    try {
      await store.delete(board);
      toasts.show(t('boards.edit.deleted', { name: board.name }), { tone: 'success' });
      void navigate(`/team/${board.team_id}`, { replace: true });
    } catch (caught) {
      setError(errorMessage(caught, t));
      setDeleting(false);
    }
  };

  return (
    <section
      className={`${styles.form} ${styles.panel} ${styles.danger}`}
      aria-labelledby="delete-board-title"
    >
      <h3 id="delete-board-title">{t('boards.edit.deleteSection')}</h3>
      {error && <Notice tone="error">{error}</Notice>}
      <p className={styles.hint}>{t('boards.edit.deleteBody')}</p>
      <div className={styles.actions}>
        <Button variant="danger" busy={isDeleting} onClick={handleDelete}>
          {t('boards.edit.delete')}
        </Button>
      </div>
    </section>
  );
}
