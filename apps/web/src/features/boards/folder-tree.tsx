import { Eye, EyeOff, FolderPlus } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ancestorIds, buildFolderTree, foldersInTree, hiddenIds } from '../../lib/boards/folder-tree';
import { Spinner } from '../../ui/spinner';
import { Tooltip } from '../../ui/tooltip';
import { useBoardView } from './board-context';
import styles from './folder-tree.module.css';
import { FolderNameInput, FolderTreeItem } from './folder-tree-item';
import { useFolderActions } from './use-folder-actions';

/**
 * The board's folders as a nested list: expand and collapse, open a folder, and (for those
 * allowed) add a top-level folder or a subfolder, rename in place, delete after a confirmation.
 * Hidden folders reach only those who may edit folders (the server leaves them out for the
 * others), and show only while "Show hidden folders" is on. `headerAction` ends its heading line
 * (the panel's collapse button).
 */
export function FolderTree({ headerAction }: { headerAction?: ReactNode }) {
  const { t } = useTranslation();
  const { folders, can, areFoldersLoaded } = useBoardView();
  const { folderId } = useParams();
  const actions = useFolderActions();
  const [showHidden, setShowHidden] = useState(false);
  const hasHidden = useMemo(() => hiddenIds(folders).size > 0, [folders]);
  const mayShowHidden = can('EDIT_FOLDERS') && hasHidden;
  const tree = useMemo(
    () => buildFolderTree(foldersInTree(folders, mayShowHidden && showHidden)),
    [folders, mayShowHidden, showHidden],
  );
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  // Opening a folder expands its ancestors, so that it is in view; the user may collapse them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another folder opens, not when folders change
  useEffect(() => {
    if (!folderId) return;
    const ancestors = ancestorIds(folders, folderId);
    setCollapsed((current) =>
      ancestors.some((id) => current.has(id))
        ? new Set([...current].filter((id) => !ancestors.includes(id)))
        : current,
    );
  }, [folderId]);
  const isExpanded = (id: string) => !collapsed.has(id);
  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const expand = (id: string) =>
    setCollapsed((current) => new Set([...current].filter((known) => known !== id)));

  return (
    <nav className={styles.tree} aria-labelledby="folders-title">
      <div className={styles.treeHeader}>
        <h2 id="folders-title" className={styles.treeTitle}>
          {t('boards.folders.title')}
        </h2>
        {mayShowHidden && (
          <Tooltip content={t(showHidden ? 'boards.folders.hideHidden' : 'boards.folders.showHidden')}>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('boards.folders.showHidden')}
              aria-pressed={showHidden}
              onClick={() => setShowHidden((current) => !current)}
            >
              {showHidden ? <Eye size={16} aria-hidden="true" /> : <EyeOff size={16} aria-hidden="true" />}
            </button>
          </Tooltip>
        )}
        {can('CREATE_FOLDERS') && (
          <Tooltip content={t('boards.folders.new')}>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('boards.folders.new')}
              onClick={() => actions.startCreate(null)}
            >
              <FolderPlus size={16} aria-hidden="true" />
            </button>
          </Tooltip>
        )}
        {headerAction}
      </div>
      {!areFoldersLoaded && folders.length === 0 ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <ul className={styles.list}>
          {tree.map((node) => (
            <FolderTreeItem
              key={node.folder.id}
              node={node}
              depth={0}
              isExpanded={isExpanded}
              onToggle={toggle}
              onExpand={expand}
            />
          ))}
          {actions.creatingIn === null && (
            <li className={styles.item}>
              <FolderNameInput
                depth={0}
                label={t('boards.folders.newName')}
                initial=""
                onDone={(name) => void actions.create(null, name)}
                onCancel={actions.stop}
              />
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}
