import * as Menu from '@radix-ui/react-dropdown-menu';
import type { FolderView } from '@strata/contracts/views';
import { VIEW_TYPES, type ViewType } from '@strata/domain/views/view-settings';
import {
  CalendarDays,
  ChartColumnBig,
  ChartGantt,
  ClipboardList,
  Columns3,
  FileText,
  FolderDown,
  Globe,
  List,
  Lock,
  LockOpen,
  MoreHorizontal,
  Pencil,
  Plus,
  Table2,
  Trash2,
  User,
} from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import menuStyles from '../../ui/menu.module.css';
import { MenuOnFirstUse } from '../../ui/on-first-use';
import { TruncatedName } from '../../ui/truncated-name';
import styles from './view-tabs.module.css';

export const VIEW_ICONS: Record<ViewType, typeof Table2> = {
  table: Table2,
  columns: Columns3,
  list: List,
  calendar: CalendarDays,
  gantt: ChartGantt,
  chart: ChartColumnBig,
  form: ClipboardList,
  documents: FileText,
  files: FolderDown,
};
/** Every view type can be added as a tab. */
const ADDABLE: readonly ViewType[] = VIEW_TYPES;

export interface ViewTabActions {
  onSelect(view: FolderView): void;
  /** Absent when no view may be added (no right, or the tab set is full). */
  onAdd?: (type: ViewType) => void;
  onRename?: (view: FolderView, name: string) => void;
  onDelete?: (view: FolderView) => void;
  onSetVisibility?: (view: FolderView, visibility: FolderView['visibility']) => void;
  onSetLocked?: (view: FolderView, locked: boolean) => void;
  /** More entries of the active view's menu (following it), or null. */
  menuExtras?: (view: FolderView) => ReactNode;
}

/**
 * A folder's views as tabs (spec: folder tabs, at most 8): the active one carries a menu of what
 * the user may do with it (rename, personal or shared, lock, follow, delete); "+" adds a table, columns,
 * list, calendar, gantt, chart or form view.
 */
export function ViewTabs({
  views,
  activeId,
  actionsFor,
  ...actions
}: ViewTabActions & {
  views: readonly FolderView[];
  activeId: string;
  /** Which of the actions apply to a view (the user's rights on it). */
  actionsFor(view: FolderView): { rename: boolean; remove: boolean; visibility: boolean; lock: boolean };
}) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);
  const activeView = views.find((view) => view.id === activeId);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = document.dir === 'rtl' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    const step = event.key === keys[0] ? 1 : event.key === keys[1] ? -1 : 0;
    if (step === 0) return;
    const at = views.findIndex((view) => view.id === activeId);
    const next = views[(at + step + views.length) % views.length];
    if (!next) return;
    event.preventDefault();
    actions.onSelect(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-view-id="${next.id}"]`)?.focus();
  };
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={t('views.tabs.label')} className={styles.list} onKeyDown={onKeyDown}>
        {views.map((view) => {
          const Icon = VIEW_ICONS[view.type];
          const isActive = view.id === activeId;
          if (renaming === view.id && actions.onRename) {
            return (
              <RenameField
                key={view.id}
                view={view}
                onDone={(name) => {
                  setRenaming(null);
                  if (name !== null && name !== view.name) actions.onRename?.(view, name);
                }}
              />
            );
          }
          return (
            <div key={view.id} className={`${styles.tab} ${isActive ? styles.active : ''}`}>
              <button
                type="button"
                role="tab"
                data-view-id={view.id}
                aria-selected={isActive}
                tabIndex={isActive ? 0 : -1}
                className={styles.tabButton}
                onClick={() => actions.onSelect(view)}
                onDoubleClick={() => actionsFor(view).rename && setRenaming(view.id)}
              >
                <Icon size={16} aria-hidden="true" />
                <TruncatedName name={view.name} className={styles.tabName} />
                {view.visibility === 'personal' && (
                  <User size={12} role="img" aria-label={t('views.tabs.personal')} className={styles.badge} />
                )}
                {view.locked && (
                  <Lock size={12} role="img" aria-label={t('views.tabs.locked')} className={styles.badge} />
                )}
              </button>
            </div>
          );
        })}
      </div>
      {/* The active view's menu follows the tabs: a tablist may hold tabs only (WAI-ARIA). */}
      {activeView && renaming !== activeView.id && (
        <TabMenu
          view={activeView}
          allowed={actionsFor(activeView)}
          actions={actions}
          onRename={() => setRenaming(activeView.id)}
        />
      )}
      {actions.onAdd && <AddViewMenu onAdd={actions.onAdd} />}
    </div>
  );
}

function TabMenu({
  view,
  allowed,
  actions,
  onRename,
}: {
  view: FolderView;
  allowed: ReturnType<Parameters<typeof ViewTabs>[0]['actionsFor']>;
  actions: ViewTabActions;
  onRename(): void;
}) {
  const { t } = useTranslation();
  const extras = actions.menuExtras?.(view) ?? null;
  if (!allowed.rename && !allowed.remove && !allowed.visibility && !allowed.lock && extras === null)
    return null;
  return (
    <MenuOnFirstUse
      modal={false}
      trigger={
        <button
          type="button"
          className={styles.menuButton}
          aria-label={t('views.tabs.actions', { name: view.name })}
        >
          <MoreHorizontal size={14} aria-hidden="true" />
        </button>
      }
    >
      <Menu.Portal>
        <Menu.Content className={menuStyles.menu} align="start" sideOffset={5}>
          {allowed.rename && (
            <Menu.Item className={menuStyles.menuItem} onSelect={onRename}>
              <Pencil size={16} aria-hidden="true" /> {t('views.tabs.rename')}
            </Menu.Item>
          )}
          {allowed.visibility && (
            <Menu.Item
              className={menuStyles.menuItem}
              onSelect={() =>
                actions.onSetVisibility?.(view, view.visibility === 'personal' ? 'shared' : 'personal')
              }
            >
              {view.visibility === 'personal' ? (
                <Globe size={16} aria-hidden="true" />
              ) : (
                <User size={16} aria-hidden="true" />
              )}
              {view.visibility === 'personal' ? t('views.tabs.makeShared') : t('views.tabs.makePersonal')}
            </Menu.Item>
          )}
          {allowed.lock && (
            <Menu.Item
              className={menuStyles.menuItem}
              onSelect={() => actions.onSetLocked?.(view, !view.locked)}
            >
              {view.locked ? (
                <LockOpen size={16} aria-hidden="true" />
              ) : (
                <Lock size={16} aria-hidden="true" />
              )}
              {view.locked ? t('views.tabs.unlock') : t('views.tabs.lock')}
            </Menu.Item>
          )}
          {extras}
          {allowed.remove && (
            <Menu.Item
              className={`${menuStyles.menuItem} ${menuStyles.danger}`}
              onSelect={() => actions.onDelete?.(view)}
            >
              <Trash2 size={16} aria-hidden="true" /> {t('views.tabs.delete')}
            </Menu.Item>
          )}
        </Menu.Content>
      </Menu.Portal>
    </MenuOnFirstUse>
  );
}

function AddViewMenu({ onAdd }: { onAdd(type: ViewType): void }) {
  const { t } = useTranslation();
  return (
    <MenuOnFirstUse
      modal={false}
      trigger={
        <button type="button" className={styles.addButton} aria-label={t('views.tabs.add')}>
          <Plus size={16} aria-hidden="true" />
        </button>
      }
    >
      <Menu.Portal>
        <Menu.Content className={menuStyles.menu} align="start" sideOffset={5}>
          {ADDABLE.map((type) => {
            const Icon = VIEW_ICONS[type];
            return (
              <Menu.Item key={type} className={menuStyles.menuItem} onSelect={() => onAdd(type)}>
                <Icon size={16} aria-hidden="true" /> {t(`views.types.${type}`)}
              </Menu.Item>
            );
          })}
        </Menu.Content>
      </Menu.Portal>
    </MenuOnFirstUse>
  );
}

/** A tab's name typed in place: Enter or leaving keeps it (if not empty), Escape gives up. */
function RenameField({ view, onDone }: { view: FolderView; onDone(name: string | null): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(view.name);
  const finish = () => onDone(value.trim() === '' ? null : value.trim());
  return (
    <input
      className={styles.rename}
      dir="auto"
      aria-label={t('views.tabs.name')}
      value={value}
      maxLength={255}
      // biome-ignore lint/a11y/noAutofocus: the field opens on the user's request to rename
      autoFocus
      onChange={(event) => setValue(event.target.value)}
      onBlur={finish}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish();
        if (event.key === 'Escape') onDone(null);
      }}
    />
  );
}
