import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useBoards } from '../../lib/boards/use-boards';
import { TextWithName } from '../../ui/truncated-name';
import { useTeamView } from '../workspaces';
import { BoardTrash } from './board-trash';
import styles from './trash.module.css';

/** team/{teamId}/boards/{boardId}/trash: the board's deleted items, folders and attributes. */
export function TrashPage() {
  const { t } = useTranslation();
  const { team } = useTeamView();
  const { boardId = '' } = useParams();
  const board = useBoards(team.id).data?.find((candidate) => candidate.id === boardId);
  return (
    <section className={styles.page} aria-labelledby="trash-title">
      <header className={styles.header}>
        {board && (
          <Link to={`/b/${board.id}`} className={styles.back}>
            <ArrowLeft size={16} aria-hidden="true" className="flip-in-rtl" />
            <TextWithName text={(name) => t('trash.back', { name })} name={board.name} />
          </Link>
        )}
        <h2 id="trash-title">{t('trash.title')}</h2>
        <p className={styles.subtitle}>{t('trash.subtitle')}</p>
      </header>
      <BoardTrash key={boardId} teamId={team.id} boardId={boardId} />
    </section>
  );
}
