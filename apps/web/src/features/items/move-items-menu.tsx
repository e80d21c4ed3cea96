import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Folder as FolderRecord } from '@strata/contracts/boards';
import { Folder, FolderInput } from 'lucide-react';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { buildFolderTree, type FolderNode } from '../../lib/boards/folder-tree';
import { MenuOnFirstUse } from '../../ui/on-first-use';
import { TruncatedName } from '../../ui/truncated-name';
import styles from './bulk-actions.module.css';
import barStyles from './folder-items.module.css';

/** The board's folders in tree order with their depth, the current one left out (its subfolders stay). */
export function moveTargets(
  folders: readonly FolderRecord[],
  currentFolderId: string,
): { folder: FolderRecord; depth: number }[] {
  const targets: { folder: FolderRecord; depth: number }[] = [];
  const visit = (nodes: readonly FolderNode[], depth: number) => {
    for (const node of nodes) {
      if (node.folder.id !== currentFolderId) targets.push({ folder: node.folder, depth });
      visit(node.children, depth + 1);
    }
  };
  visit(buildFolderTree(folders.filter((folder) => !folder.deleted)), 0);
  return targets;
}

/**
 * "Move to…": a menu of the board's other folders, indented by their depth in the tree. `count`
 * is how many items move (top-level ones: subitems go with their parent); none disables it.
 */
export function MoveItemsMenu({
  folders,
  currentFolderId,
  count,
  onMove,
}: {
  folders: readonly FolderRecord[];
  currentFolderId: string;
  count: number;
  onMove(folder: FolderRecord): void;
}) {
  const { t } = useTranslation();
  const targets = useMemo(() => moveTargets(folders, currentFolderId), [folders, currentFolderId]);
  return (
    <MenuOnFirstUse
      modal={false}
      trigger={
        <button
          type="button"
          className={`${barStyles.barButton} ${styles.barButton}`}
          disabled={count === 0}
          title={count === 0 ? t('items.moveSubitemsHint') : undefined}
        >
          <FolderInput size={16} aria-hidden="true" />
          {t('items.moveTo', { count })}
        </button>
      }
    >
      <Menu.Portal>
        <Menu.Content className={styles.menu} align="start" sideOffset={5}>
          {targets.length === 0 && (
            <Menu.Item className={styles.menuItem} disabled>
              {t('items.noOtherFolder')}
            </Menu.Item>
          )}
          {targets.map(({ folder, depth }) => (
            <Menu.Item
              key={folder.id}
              className={styles.menuItem}
              style={{ '--depth': depth } as CSSProperties}
              onSelect={() => onMove(folder)}
            >
              <Folder size={16} aria-hidden="true" className={styles.menuIcon} />
              <TruncatedName name={folder.name} />
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </MenuOnFirstUse>
  );
}
