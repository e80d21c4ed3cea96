import type { PublicFolder as PublicFolderRecord } from '@strata/contracts/public-boards';
import { HttpError } from '@strata/sync/http-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { useTranslation } from '../../i18n/use-translation';
import { useDocumentTitle } from '../../lib/document-title';
import { embedPath } from '../../lib/embed-mode';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import { TruncatedName } from '../../ui/truncated-name';
import boardStyles from '../boards/board-page.module.css';
import { BoardPasswordPrompt } from '../boards/board-password-prompt';
import styles from './public-board.module.css';
import { fetchPublicBoard, unlockPublicBoard } from './public-board-api';
import { PublicFolder } from './public-folder';

/** What the badge beside the board's name tells a visitor they may do. */
const BADGES = {
  view: 'views.publicBoard.viewOnly',
  edit_own: 'views.publicBoard.canAdd',
  edit_all: 'views.publicBoard.canEdit',
} as const;

export const publicBoardKey = (boardId: string) => ['public-board', boardId] as const;

/** The folders nested by parent, in the order the server lists them (the board's order). */
function folderTree(folders: readonly PublicFolderRecord[]) {
  const ids = new Set(folders.map((folder) => folder.id));
  // A folder whose parent a visitor does not see sits at the top level.
  const childrenOf = (parentId: string | null) =>
    folders.filter((folder) =>
      parentId === null
        ? folder.parent_id === null || !ids.has(folder.parent_id)
        : folder.parent_id === parentId,
    );
  return { sorted: folders, childrenOf };
}

/**
 * b/{rootId}[/{folderId}/{itemId?}] for a visitor (docs/public-boards.md): a public board read
 * through its anonymous endpoints, in the same views members see, read only. A board that is not
 * public (or not there) is the 404 page; one with a password asks for it first.
 */
export function PublicBoardPage({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const { folderId } = useParams();
  const queryClient = useQueryClient();
  const board = useQuery({
    queryKey: publicBoardKey(boardId),
    queryFn: () => fetchPublicBoard(boardId),
    retry: false,
  });
  useDocumentTitle('board', board.data?.board.name);

  if (board.isPending) return <PageSpinner label={t('app.loading')} />;
  if (board.isError) {
    if (board.error instanceof HttpError && [404, 422].includes(board.error.status)) return <NotFoundPage />;
    return (
      <div className={styles.failed}>
        <Notice tone="error">{errorMessage(board.error, t)}</Notice>
        <Button onClick={() => void board.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  }
  const { data } = board;
  if (data.is_locked) {
    return (
      <BoardPasswordPrompt
        unlock={(password) => unlockPublicBoard(boardId, password)}
        onUnlocked={() => queryClient.invalidateQueries({ queryKey: publicBoardKey(boardId) })}
      />
    );
  }
  const tree = folderTree(data.folders);
  const folder = tree.sorted.find((candidate) => candidate.id === folderId);
  const first = tree.childrenOf(null)[0];
  if (!folder && first) return <Navigate to={embedPath(`/b/${boardId}/${first.id}`)} replace />;

  const renderFolders = (parentId: string | null) => {
    const children = tree.childrenOf(parentId);
    if (children.length === 0) return null;
    return (
      <ul className={styles.folderList}>
        {children.map((child) => (
          <li key={child.id}>
            <Link
              to={embedPath(`/b/${boardId}/${child.id}`)}
              className={styles.folderLink}
              aria-current={child.id === folder?.id ? 'page' : undefined}
            >
              <TruncatedName name={child.name} />
            </Link>
            {renderFolders(child.id)}
          </li>
        ))}
      </ul>
    );
  };
  const showFolders = data.show_folders && tree.sorted.length > 1;

  return (
    <div className={boardStyles.page}>
      {/* One row of the page's grid: the feature image, then the header. */}
      <div>
        {data.feature_image && (
          // Decoration above the board's name: the name says what it is.
          <img className={styles.feature} src={data.feature_image} alt="" referrerPolicy="no-referrer" />
        )}
        <header className={boardStyles.header}>
          <div className={boardStyles.title}>
            <span className={boardStyles.workspace}>
              <TruncatedName name={data.workspace.name} />
            </span>
            <h1 className={boardStyles.name}>
              <TruncatedName name={data.board.name} />
            </h1>
            {data.board.description && (
              <p className={boardStyles.description} dir="auto">
                {data.board.description}
              </p>
            )}
          </div>
          <span className={styles.badge}>
            <Globe size={14} aria-hidden="true" />
            {t(BADGES[board.data.visitor_rights])}
          </span>
        </header>
      </div>
      <div className={showFolders ? styles.body : styles.bodyAlone}>
        {showFolders && (
          <nav className={styles.folders} aria-label={t('views.publicBoard.folders')}>
            {renderFolders(null)}
          </nav>
        )}
        <div className={boardStyles.main}>
          {folder ? (
            <PublicFolder key={folder.id} boardId={boardId} folder={folder} />
          ) : (
            <p className={boardStyles.empty}>{t('views.publicBoard.noFolders')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
