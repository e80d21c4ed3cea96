import * as Menu from '@radix-ui/react-dropdown-menu';
import { FOLDER_NAME_MAX } from '@strata/contracts/boards';
import {
  ChevronRight,
  Eye,
  EyeOff,
  Folder as FolderIcon,
  FolderPlus,
  Lock,
  LockOpen,
  MoreHorizontal,
  Pencil,
  Trash2,
  Users,
} from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { type FolderNode, isHidden, isPrivate } from '../../lib/boards/folder-tree';
import menuStyles from '../../ui/menu.module.css';
import { MenuOnFirstUse } from '../../ui/on-first-use';
import { TruncatedName } from '../../ui/truncated-name';
import { useBoardView } from './board-context';
import { FolderMembersDialog } from './folder-members-dialog';
import styles from './folder-tree.module.css';
import { useFolderActions } from './use-folder-actions';

const indent = (depth: number) => ({ paddingInlineStart: `calc(${depth} * var(--space-4))` });

/** One folder of the tree, its actions, and (expanded) its subfolders. */
export function FolderTreeItem({
  node,
  depth,
  isExpanded,
  onToggle,
  onExpand,
}: {
  node: FolderNode;
  depth: number;
  isExpanded(id: string): boolean;
  onToggle(id: string): void;
  onExpand(id: string): void;
}) {
  const { t } = useTranslation();
  const { board } = useBoardView();
  const actions = useFolderActions();
  const { folder, children } = node;
  const expanded = isExpanded(folder.id);
  const isCreatingHere = actions.creatingIn === folder.id;
  const hasChildren = children.length > 0 || isCreatingHere;
  return (
    <li className={styles.item}>
      {actions.renamingId === folder.id ? (
        <FolderNameInput
          depth={depth}
          label={t('boards.folders.nameLabel')}
          initial={folder.name}
          onDone={(name) => actions.rename(folder, name)}
          onCancel={actions.stop}
        />
      ) : (
        <div className={styles.row} style={indent(depth)}>
          {hasChildren ? (
            <button
              type="button"
              className={`${styles.toggle} ${expanded ? styles.expanded : ''}`}
              aria-expanded={expanded}
              aria-label={t(expanded ? 'boards.folders.collapse' : 'boards.folders.expand', {
                name: folder.name,
              })}
              onClick={() => onToggle(folder.id)}
            >
              <ChevronRight size={16} className={styles.chevron} aria-hidden="true" />
            </button>
          ) : (
            <span className={styles.toggleSpace} />
          )}
          <NavLink to={`/b/${board.id}/${folder.id}`} className={styles.link}>
            <FolderIcon size={16} aria-hidden="true" className={styles.folderIcon} />
            <TruncatedName name={folder.name} />
            {isHidden(folder) && (
              <EyeOff size={14} className={styles.folderIcon} aria-label={t('boards.folders.hiddenMark')} />
            )}
            {isPrivate(folder) && (
              <Lock size={14} className={styles.folderIcon} aria-label={t('boards.folders.privateMark')} />
            )}
          </NavLink>
          <FolderMenu node={node} onCreateSubfolder={() => onExpand(folder.id)} />
        </div>
      )}
      {hasChildren && expanded && (
        <ul className={styles.list}>
          {children.map((child) => (
            <FolderTreeItem
              key={child.folder.id}
              node={child}
              depth={depth + 1}
              isExpanded={isExpanded}
              onToggle={onToggle}
              onExpand={onExpand}
            />
          ))}
          {isCreatingHere && (
            <li className={styles.item}>
              <FolderNameInput
                depth={depth + 1}
                label={t('boards.folders.newSubfolderName', { name: folder.name })}
                initial=""
                onDone={(name) => void actions.create(folder.id, name)}
                onCancel={actions.stop}
              />
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/** A folder's actions, only those the caller may take (none: no menu at all). */
function FolderMenu({ node, onCreateSubfolder }: { node: FolderNode; onCreateSubfolder(): void }) {
  const { t } = useTranslation();
  const { can } = useBoardView();
  const actions = useFolderActions();
  const { folder } = node;
  // A name field opened from the menu keeps the focus: the menu must not take it back on closing.
  const opensField = useRef(false);
  const [isChoosingMembers, setIsChoosingMembers] = useState(false);
  const mayPrivacy = can('MANAGE_PERMISSIONS');
  if (!can('CREATE_FOLDERS') && !can('EDIT_FOLDERS') && !can('DELETE_FOLDERS') && !mayPrivacy) return null;
  const hidden = isHidden(folder);
  const secret = isPrivate(folder);
  return (
    <>
      {isChoosingMembers && (
        <FolderMembersDialog folder={folder} open={isChoosingMembers} onOpenChange={setIsChoosingMembers} />
      )}
      <MenuOnFirstUse
        modal={false}
        trigger={
          <button
            type="button"
            className={styles.menuButton}
            aria-label={t('boards.folders.actions', { name: folder.name })}
          >
            <MoreHorizontal size={16} aria-hidden="true" />
          </button>
        }
      >
        <Menu.Portal>
          <Menu.Content
            className={menuStyles.menu}
            align="end"
            sideOffset={5}
            onCloseAutoFocus={(event) => {
              if (opensField.current) event.preventDefault();
              opensField.current = false;
            }}
          >
            {can('CREATE_FOLDERS') && (
              <Menu.Item
                className={menuStyles.menuItem}
                onSelect={() => {
                  opensField.current = true;
                  onCreateSubfolder();
                  actions.startCreate(folder.id);
                }}
              >
                <FolderPlus size={16} aria-hidden="true" /> {t('boards.folders.newSubfolder')}
              </Menu.Item>
            )}
            {can('EDIT_FOLDERS') && (
              <Menu.Item
                className={menuStyles.menuItem}
                onSelect={() => {
                  opensField.current = true;
                  actions.startRename(folder.id);
                }}
              >
                <Pencil size={16} aria-hidden="true" /> {t('boards.folders.rename')}
              </Menu.Item>
            )}
            {can('EDIT_FOLDERS') && (
              <Menu.Item
                className={menuStyles.menuItem}
                onSelect={() =>
                  void actions.setVisibility(folder, { hidden: !hidden }).catch(() => undefined)
                }
              >
                {hidden ? <Eye size={16} aria-hidden="true" /> : <EyeOff size={16} aria-hidden="true" />}{' '}
                {t(hidden ? 'boards.folders.show' : 'boards.folders.hide')}
              </Menu.Item>
            )}
            {mayPrivacy && (
              <Menu.Item
                className={menuStyles.menuItem}
                onSelect={() =>
                  secret
                    ? void actions
                        .setVisibility(folder, { private: false, member_ids: [] })
                        .catch(() => undefined)
                    : setIsChoosingMembers(true)
                }
              >
                {secret ? <LockOpen size={16} aria-hidden="true" /> : <Lock size={16} aria-hidden="true" />}{' '}
                {t(secret ? 'boards.folders.makePublic' : 'boards.folders.makePrivate')}
              </Menu.Item>
            )}
            {mayPrivacy && secret && (
              <Menu.Item className={menuStyles.menuItem} onSelect={() => setIsChoosingMembers(true)}>
                <Users size={16} aria-hidden="true" /> {t('boards.folders.members')}
              </Menu.Item>
            )}
            {can('DELETE_FOLDERS') && (
              <Menu.Item
                className={`${menuStyles.menuItem} ${menuStyles.danger}`}
                onSelect={() => void actions.remove(folder)}
              >
                <Trash2 size={16} aria-hidden="true" /> {t('boards.folders.delete')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Portal>
      </MenuOnFirstUse>
    </>
  );
}

/**
 * A folder's name typed in place: Enter or leaving the field keeps it, Escape gives up. An empty
 * name keeps nothing.
 */
export function FolderNameInput({
  depth,
  label,
  initial,
  onDone,
  onCancel,
}: {
  depth: number;
  label: string;
  initial: string;
  onDone(name: string): void;
  onCancel(): void;
}) {
  const isSettled = useRef(false);
  const settle = (run: () => void) => {
    if (isSettled.current) return;
    isSettled.current = true;
    run();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const value = event.currentTarget.value;
      settle(() => onDone(value));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      settle(onCancel);
    }
  };
  return (
    <div className={styles.row} style={indent(depth)}>
      <span className={styles.toggleSpace} />
      <input
        className={styles.nameInput}
        dir="auto"
        aria-label={label}
        defaultValue={initial}
        maxLength={FOLDER_NAME_MAX}
        // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to type a name
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onKeyDown={handleKeyDown}
        onBlur={(event) => {
          const value = event.currentTarget.value;
          settle(() => (value.trim() === '' ? onCancel() : onDone(value)));
        }}
      />
    </div>
  );
}
