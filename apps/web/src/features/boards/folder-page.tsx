import type { Folder } from '@strata/contracts/boards';
import { Folder as FolderIcon } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { sortByOrder } from '../../lib/boards/folder-tree';
import { PageSpinner } from '../../ui/spinner';
import { TruncatedName } from '../../ui/truncated-name';
import { FolderItems } from '../items/folder-items';
import { useBoardView } from './board-context';
import styles from './board-page.module.css';

/**
 * b/{rootId}/{folderId}/{itemId?}: the open folder. A folder that is not (or no longer) on the
 * board sends the board back to its first folder.
 */
export function FolderPage() {
  const { t } = useTranslation();
  const { folderId } = useParams();
  const { board, folders, areFoldersLoaded } = useBoardView();
  const folder = folders.find((candidate) => candidate.id === folderId);
  if (!folder) {
    return areFoldersLoaded ? (
      <Navigate to={`/b/${board.id}`} replace />
    ) : (
      <PageSpinner label={t('app.loading')} />
    );
  }
  return <FolderArea folder={folder} view={<FolderItems key={folder.id} folder={folder} />} />;
}

/**
 * A folder's area: its name, its subfolders, then `view` (the folder's item views, table,
 * columns or list, slot in here).
 */
export function FolderArea({ folder, view }: { folder: Folder; view?: ReactNode }) {
  const { t } = useTranslation();
  const { board, folders } = useBoardView();
  const subfolders = useMemo(
    () => sortByOrder(folders.filter((candidate) => candidate.parent_id === folder.id)),
    [folders, folder.id],
  );
  return (
    <section className={styles.folder} aria-labelledby="folder-title">
      <h2 id="folder-title" className={styles.folderTitle}>
        <TruncatedName name={folder.name} />
      </h2>
      {subfolders.length > 0 && (
        <nav aria-label={t('boards.folders.subfolders')}>
          <ul className={styles.subfolders}>
            {subfolders.map((subfolder) => (
              <li key={subfolder.id}>
                <Link to={`/b/${board.id}/${subfolder.id}`} className={styles.subfolder}>
                  <FolderIcon size={16} aria-hidden="true" />
                  <TruncatedName name={subfolder.name} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {view}
    </section>
  );
}
