import type { Folder } from '@strata/contracts/boards';
import { HttpError } from '@strata/sync/http-client';
import { createContext, useContext, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { createFolder, deleteFolder, updateRecord } from '../../lib/boards/board-writes';
import { descendantIds } from '../../lib/boards/folder-tree';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { toasts } from '../../ui/toast-store';
import { useBoardView } from './board-context';

/** Which folder name is being typed in the tree: a new folder's (under a parent, or at the top), or a rename. */
export interface FolderEditing {
  /** The parent a new folder is being named under: null for the top level, undefined when none is. */
  creatingIn: string | null | undefined;
  renamingId: string | null;
  startCreate(parentId: string | null): void;
  startRename(id: string): void;
  stop(): void;
}

export const FolderEditingContext = createContext<FolderEditing | null>(null);

/** The board page's one editing state (one name field open at a time). */
export function useFolderEditingState(): FolderEditing {
  const [state, setState] = useState<{ creatingIn: string | null | undefined; renamingId: string | null }>({
    creatingIn: undefined,
    renamingId: null,
  });
  return useMemo(
    () => ({
      ...state,
      startCreate: (parentId) => setState({ creatingIn: parentId, renamingId: null }),
      startRename: (id) => setState({ creatingIn: undefined, renamingId: id }),
      stop: () => setState({ creatingIn: undefined, renamingId: null }),
    }),
    [state],
  );
}

/**
 * Creating, renaming, hiding, making private and deleting folders from the tree. Creations and renames show at once and
 * wait in the offline queue without a network; a delete asks first and needs the network.
 */
export function useFolderActions() {
  const { t } = useTranslation();
  const editing = useContext(FolderEditingContext);
  if (!editing) throw new Error('useFolderActions outside the board page');
  const { board, teamId, folders, foldersStore } = useBoardView();
  const { profile } = useSession();
  const { folderId } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirm();

  // A 409 is told by the store's conflict notice; anything else here.
  const report = (error: unknown) => {
    if (!(error instanceof HttpError && error.status === 409))
      toasts.show(errorMessage(error, t), { tone: 'error' });
  };

  async function create(parentId: string | null, name: string): Promise<void> {
    editing!.stop();
    if (!profile || name.trim() === '') return;
    try {
      const folder = await createFolder({
        userId: profile.id,
        teamId,
        boardId: board.id,
        parentId,
        name: name.trim(),
      });
      void navigate(`/b/${board.id}/${folder.id}`);
    } catch (error) {
      report(error);
    }
  }

  function rename(folder: Folder, name: string): void {
    editing!.stop();
    const trimmed = name.trim();
    if (trimmed === '' || trimmed === folder.name) return;
    updateRecord(foldersStore, folder.id, { name: trimmed }).catch(report);
  }

  /**
   * Hides or shows a folder, makes it private or public, or sets a private folder's members: the
   * folder's own settings, saved as a rename is (at once, queued offline).
   */
  function setVisibility(
    folder: Folder,
    changes: { hidden?: boolean; private?: boolean; member_ids?: number[] },
  ): Promise<void> {
    return updateRecord(foldersStore, folder.id, { settings: { ...folder.settings, ...changes } }).then(
      () => undefined,
      (error: unknown) => {
        report(error);
        throw error;
      },
    );
  }

  async function remove(folder: Folder): Promise<void> {
    const isConfirmed = await confirm({
      title: t('boards.folders.deleteTitle', { name: folder.name }),
      body: t('boards.folders.deleteBody'),
      action: t('boards.folders.deleteAction'),
    });
    if (!isConfirmed) return;
    const gone = [folder.id, ...descendantIds(folders, folder.id)];
    try {
      await deleteFolder(foldersStore, folder);
      toasts.show(t('boards.folders.deleted', { name: folder.name }), { tone: 'success' });
      if (folderId !== undefined && gone.includes(folderId))
        void navigate(folder.parent_id ? `/b/${board.id}/${folder.parent_id}` : `/b/${board.id}`, {
          replace: true,
        });
    } catch (error) {
      report(error);
    }
  }

  return { ...editing, create, rename, setVisibility, remove };
}
