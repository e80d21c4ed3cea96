import { HttpError } from '@strata/sync/http-client';
import { FolderPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { useTranslation } from '../../i18n/use-translation';
import { isBoardLocked, unlockBoard } from '../../lib/boards/board-password';
import { forgetBoardTeam } from '../../lib/boards/board-teams';
import { firstFolder } from '../../lib/boards/folder-tree';
import { useBoardLookup, useBoardRecordEvents, useBoards, useFolders } from '../../lib/boards/use-boards';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import { useTeamRealtime } from '../workspaces';
import { BoardContext, type BoardView, useBoardView } from './board-context';
import { BoardHeader } from './board-header';
import styles from './board-page.module.css';
import { BoardPasswordPrompt } from './board-password-prompt';
import { FolderPanel } from './folder-panel';
import { useBoardAccess } from './use-board-access';
import { FolderEditingContext, useFolderActions, useFolderEditingState } from './use-folder-actions';

/** The public board's page: a chunk of its own, loaded for visitors only. */
const PublicBoardPage = lazy(() =>
  import('../public-board/public-board-page').then((module) => ({ default: module.PublicBoardPage })),
);

/**
 * b/{rootId} and b/{rootId}/{folderId}/{itemId?}: the board, its folder tree and the selected
 * folder. The address names no workspace: the board is looked up first (404 for a board the user
 * does not see), then read live from its workspace's store. A board locked for the user by its
 * password (its folders answer BOARD_LOCKED) shows the password prompt instead of its contents.
 */
export function BoardPage() {
  const { t } = useTranslation();
  const { rootId = '' } = useParams();
  const { isSignedIn } = useSession();
  const lookup = useBoardLookup(isSignedIn ? rootId : undefined);
  // Signed out, or signed in but not let in as a member, the board may still be public: its own
  // narrow read decides (docs/public-boards.md), and says not found otherwise.
  const isVisitor =
    !isSignedIn || (lookup.error instanceof HttpError && [404, 422].includes(lookup.error.status));
  if (isVisitor) {
    return (
      <Suspense fallback={<PageSpinner label={t('app.loading')} />}>
        <PublicBoardPage boardId={rootId} />
      </Suspense>
    );
  }
  if (lookup.teamId !== undefined) return <BoardScreen teamId={lookup.teamId} boardId={rootId} />;
  if (lookup.error) return <Notice tone="error">{t('boards.loadFailed')}</Notice>;
  return <PageSpinner label={t('app.loading')} />;
}

function BoardScreen({ teamId, boardId }: { teamId: number; boardId: string }) {
  const { t } = useTranslation();
  const { folderId } = useParams();
  const { search } = useLocation();
  const { profile } = useSession();
  const lookup = useBoardLookup(boardId);
  const boards = useBoards(teamId);
  const folders = useFolders(teamId, boardId);
  const { can, isKnown: isAccessKnown } = useBoardAccess(teamId, boardId);
  useBoardRecordEvents(teamId);
  useTeamRealtime(teamId);

  // The workspace's list is the live copy; until it has loaded, what the lookup found stands in.
  const board =
    boards.data?.find((candidate) => candidate.id === boardId) ??
    (boards.isLoaded ? undefined : lookup.board);
  useDocumentTitle('board', board?.name);
  const editing = useFolderEditingState();
  const view = useMemo<BoardView | null>(
    () =>
      board && folders.store
        ? {
            board,
            teamId,
            can,
            folders: folders.data ?? [],
            foldersStore: folders.store,
            areFoldersLoaded: folders.isLoaded,
          }
        : null,
    [board, teamId, can, folders.data, folders.store, folders.isLoaded],
  );

  // A workspace remembered on this device that no longer holds the board: ask the server instead.
  const isRememberedWrongly = boards.isLoaded && !board && lookup.isRemembered;
  useEffect(() => {
    if (isRememberedWrongly && profile) forgetBoardTeam(profile.id, boardId);
  }, [isRememberedWrongly, profile, boardId]);

  if (!view)
    return boards.isLoaded && !isRememberedWrongly ? (
      <NotFoundPage />
    ) : (
      <PageSpinner label={t('app.loading')} />
    );
  // The header's actions depend on what the caller may do: until that is known the page waits
  // (kept on the device, it is known at once on a reload), so they do not push the board down.
  if (!isAccessKnown) return <PageSpinner label={t('app.loading')} />;
  // Locked by its password: the prompt stands in for the folders (and anything kept of them here).
  if (isBoardLocked(folders.error)) {
    const handleUnlocked = async () => {
      await folders.store?.initialize().catch(() => undefined);
      folders.retry();
    };
    return (
      <BoardContext.Provider value={view}>
        <div className={styles.page}>
          <BoardHeader />
          <BoardPasswordPrompt
            unlock={(password) => unlockBoard(teamId, boardId, password)}
            onUnlocked={handleUnlocked}
          />
        </div>
      </BoardContext.Provider>
    );
  }
  const opening = folderId === undefined ? firstFolder(view.folders) : undefined;
  // The board's address opens its first folder, with the query it came with (`usage`, `view`).
  if (opening) return <Navigate to={`/b/${boardId}/${opening.id}${search}`} replace />;
  return (
    <BoardContext.Provider value={view}>
      <FolderEditingContext.Provider value={editing}>
        <div className={styles.page}>
          <BoardHeader />
          <div className={styles.body}>
            <FolderPanel />
            <div className={styles.main}>
              {folderId !== undefined ? (
                <Outlet />
              ) : folders.isPending ? (
                <PageSpinner label={t('app.loading')} />
              ) : (
                <NoFolders />
              )}
            </div>
          </div>
        </div>
      </FolderEditingContext.Provider>
    </BoardContext.Provider>
  );
}

/** A board without folders (all deleted): say so, and offer the first one to those who may. */
function NoFolders() {
  const { t } = useTranslation();
  const { can } = useBoardView();
  const actions = useFolderActions();
  return (
    <div className={styles.empty}>
      <strong>{t('boards.folders.emptyTitle')}</strong>
      <p>{can('CREATE_FOLDERS') ? t('boards.folders.emptyBody') : t('boards.folders.emptyBodyReadOnly')}</p>
      {can('CREATE_FOLDERS') && (
        <button type="button" className={styles.emptyAction} onClick={() => actions.startCreate(null)}>
          <FolderPlus size={16} aria-hidden="true" />
          {t('boards.folders.new')}
        </button>
      )}
    </div>
  );
}
