import type { Folder } from '@strata/contracts/boards';
import type { Item } from '@strata/contracts/items';
import { itemValueData } from '@strata/domain/attributes/item-values';
import { pageSlug, publishedSiteKey } from '@strata/domain/documents/page-slug';
import { VIEW_TYPES } from '@strata/domain/views/view-settings';
import { Columns3, Plus, Tags } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { loadCataloguePart } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import type { Command } from '../../lib/commands/command';
import { useRegisterCommands } from '../../lib/commands/use-commands';
import { errorMessage } from '../../lib/errors';
import { itemPath } from '../../lib/item-links';
import { moveCard } from '../../lib/items/card-move';
import { createItem, setItemValue } from '../../lib/items/item-writes';
import { useItemDataOf } from '../../lib/items/use-item-data';
import { useAttributes, useBoardChannel, useItems } from '../../lib/items/use-items';
import { isToldAsConflict, showAtOnce } from '../../lib/records/use-records';
import { useSession } from '../../lib/session';
import { mayAddView, mayCustomize } from '../../lib/views/view-writes';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import { useBoardView } from '../boards/board-context';
import {
  ColumnsView,
  columnsAttribute,
  defaultNameAttributeId,
  ListView,
  TableView,
  ViewToolbar,
} from '../views';
import { viewNeedsEveryItem } from '../views/first-items';
import { useSelection } from '../views/use-selection';
import { AddAttributeDialog } from './add-attribute-dialog';
import { needsSetUp } from './attribute-settings/settings-types';
import styles from './folder-items.module.css';
import { FolderViewTabs } from './folder-view-tabs';
import { groupValuesOf } from './group-values';
import { ItemPanel } from './item-panel';
import { SelectionBar } from './selection-bar';
import { useActiveView } from './use-active-view';
import { useButtonClick } from './use-button-click';
import { useColumnEditor } from './use-column-editor';
import { useFolderExport } from './use-folder-export';
import { useFolderValueContext } from './use-folder-value-context';
import { useUndoShortcut } from './use-undo-shortcut';

const CALENDAR_CONTROLS = ['filter'] as const;

/** The calendar view and FullCalendar: a chunk of their own, loaded when a calendar opens. */
const loadCalendar = () => import('../views/calendar/calendar-view');
const CalendarView = lazy(() => loadCalendar().then((module) => ({ default: module.CalendarView })));
/** The gantt view: a chunk of its own, loaded when a gantt opens. */
const loadGantt = () => import('../views/gantt/gantt-view');
const GanttView = lazy(() => loadGantt().then((module) => ({ default: module.GanttView })));
/** The chart view and Recharts: a chunk of their own, loaded when a chart view opens. */
const loadChart = () => import('../views/chart/chart-view');
const ChartView = lazy(() => loadChart().then((module) => ({ default: module.ChartView })));
/** The form builder, with the forms part of the catalogue: a chunk of its own, loaded when a form view opens. */
const loadForm = () =>
  Promise.all([import('../views/form/form-builder'), loadCataloguePart('forms')]).then(([module]) => module);
const FormBuilder = lazy(() => loadForm().then((module) => ({ default: module.FormBuilder })));
/** The documents view, TipTap and the co-editing client: a chunk of their own, loaded when a documents view opens. */
const loadDocuments = () => import('../views/documents/documents-view');
const DocumentsView = lazy(() => loadDocuments().then((module) => ({ default: module.DocumentsView })));
/** The files view: a chunk of its own, loaded when a files view opens. */
const loadFiles = () => import('../views/files/files-view');
const FilesView = lazy(() => loadFiles().then((module) => ({ default: module.FilesView })));
/**
 * The lazy views' chunks, asked for as soon as the open view's type is known, beside the folder's
 * items rather than after them (the browser keeps one request per chunk).
 */
const VIEW_CHUNKS: Partial<Record<string, () => Promise<unknown>>> = {
  calendar: loadCalendar,
  gantt: loadGantt,
  chart: loadChart,
  form: loadForm,
  documents: loadDocuments,
  files: loadFiles,
};
/** A chart counts the items that pass the view's filters: it neither groups nor sorts nor has columns. */
const CHART_CONTROLS = ['filter'] as const;
/** A gantt filters and groups (by a label); its rows keep the view's order. */
/** A form asks questions, and documents show pages: they neither filter, group nor sort. */
const FORM_CONTROLS = [] as const;
const GANTT_CONTROLS = ['group', 'filter'] as const;
const GANTT_GROUPABLE = ['label'] as const;

/**
 * A folder's items in its views (tabs: table, columns, list, calendar): the board's attributes, the
 * folder's items, live on the board's channel, saved through the record stores (offline they queue).
 */
export function FolderItems({ folder }: { folder: Folder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { itemId } = useParams();
  const { profile } = useSession();
  const { board, teamId, can, folders } = useBoardView();
  useBoardChannel(teamId, board.id);
  useUndoShortcut(profile?.id);
  const attributes = useAttributes(teamId, board.id);
  const items = useItems(teamId, board.id, folder.id);
  const viewState = useActiveView(folder.id);
  const { settings, setSettings, active, isStored } = viewState;
  useEffect(() => {
    VIEW_CHUNKS[active.type]?.().catch(() => undefined);
  }, [active.type]);
  const { selection, setSelection, onToggleSelect } = useSelection();
  const [adding, setAdding] = useState(false);
  const nameAttributeId = useMemo(() => defaultNameAttributeId(attributes.data ?? []), [attributes.data]);
  // The columns view is always grouped by a label attribute: the toolbar shows which.
  const toolbarSettings = useMemo(
    () =>
      active.type === 'columns'
        ? { ...settings, group_by: columnsAttribute(attributes.data ?? [], settings)?.id ?? null }
        : settings,
    [active.type, settings, attributes.data],
  );
  const { context, members: memberList } = useFolderValueContext(teamId, folder, items.data, nameAttributeId);

  const dataOf = useItemDataOf(attributes.data, items.data, context);
  const columnEditor = useColumnEditor(teamId, attributes.store, attributes.data);
  const report = useCallback(
    (caught: unknown) => {
      if (!isToldAsConflict(caught)) toasts.show(errorMessage(caught, t), { tone: 'error' });
    },
    [t],
  );
  const onChangeValue = useCallback(
    (itemId: string, attributeId: string, data: unknown) => {
      const item = items.store?.find(itemId);
      if (item && items.store) setItemValue(items.store, item, attributeId, data).catch(report);
    },
    [items.store, report],
  );
  const onAddItem = useCallback(
    (name: string, groupKey?: string) => {
      if (!items.store) return;
      const values = groupValuesOf(attributes.data ?? [], active.type, settings, groupKey);
      createItem(items.store, {
        teamId,
        boardId: board.id,
        folderId: folder.id,
        nameAttributeId: nameAttributeId ?? undefined,
        name,
        values,
      }).catch(report);
    },
    [
      items.store,
      active.type,
      settings,
      attributes.data,
      teamId,
      board.id,
      folder.id,
      nameAttributeId,
      report,
    ],
  );
  const itemStore = items.store;
  const onMoveCard = useCallback(
    (move: {
      itemId: string;
      labelAttributeId: string;
      labels: string[] | null;
      sortOrder: string | null;
    }) => {
      // The dropped card lands in its new column before the drop's animation looks for it.
      if (itemStore) showAtOnce(() => moveCard(itemStore, move.itemId, move))?.catch(report);
    },
    [itemStore, report],
  );
  const onAddSubitem = useCallback(
    (parentId: string, name: string) => {
      if (!items.store) return;
      createItem(items.store, {
        teamId,
        boardId: board.id,
        folderId: folder.id,
        parentId,
        nameAttributeId: nameAttributeId ?? undefined,
        name,
      }).catch(report);
    },
    [items.store, teamId, board.id, folder.id, nameAttributeId, report],
  );
  const exporting = useFolderExport({ teamId, folder, viewId: isStored ? active.id : undefined, report });
  const onOpenItem = useCallback(
    (id: string) => navigate(itemPath({ boardId: board.id, folderId: folder.id, itemId: id })),
    [navigate, board.id, folder.id],
  );
  /** A new unnamed item with these values (none: a blank one); answers its id, or undefined when refused. */
  const createBlank = useCallback(
    async (values?: Record<string, unknown>) => {
      if (!items.store) return undefined;
      const created = await createItem(items.store, {
        teamId,
        boardId: board.id,
        folderId: folder.id,
        nameAttributeId: nameAttributeId ?? undefined,
        name: '',
        values,
      }).catch(report);
      return created ? created.id : undefined;
    },
    [items.store, teamId, board.id, folder.id, nameAttributeId, report],
  );
  /** A new item with these values, opened in its panel to be named. */
  const createAndOpen = useCallback(
    async (values?: Record<string, unknown>) => {
      const id = await createBlank(values);
      if (id) void onOpenItem(id);
    },
    [createBlank, onOpenItem],
  );
  /** A new page of the documents view: a blank item, opened there. */
  const addPage = useCallback(() => createBlank(), [createBlank]);
  const nameAttribute = useMemo(
    () => attributes.data?.find((attribute) => attribute.id === nameAttributeId),
    [attributes.data, nameAttributeId],
  );
  const titleOf = useCallback(
    (item: Item) => {
      const data = nameAttribute ? (dataOf ?? itemValueData)(item, nameAttribute) : null;
      return typeof data === 'string' ? data : '';
    },
    [nameAttribute, dataOf],
  );
  useFolderCommands({
    viewState,
    mayCreate: can('CREATE_ITEMS') && items.store !== null,
    onCreateItem: () => createAndOpen(),
  });
  const onButton = useButtonClick({ teamId, attributes: attributes.data, onChangeValue });

  if ((attributes.isError || items.isError) && !(attributes.data && items.data))
    return <Notice tone="error">{t('items.loadFailed')}</Notice>;
  // A folder's first rows come before the rest: a view whose rows depend on every item waits for them.
  const needsEveryItem = items.isPartial && viewNeedsEveryItem(active.type, settings);
  if (!attributes.data || !items.data || needsEveryItem) return <PageSpinner label={t('app.loading')} />;
  const openItem = itemId === undefined ? undefined : items.data.find((item) => item.id === itemId);
  const mayEdit = can('EDIT_ALL_ITEMS') || can('EDIT_OWN_ITEMS') || can('CREATE_ITEMS');

  // What the table and the list both take.
  const rowViewProps = {
    attributes: attributes.data,
    items: items.data as readonly Item[],
    settings,
    context,
    members: memberList ?? [],
    nameAttributeId,
    selection,
    onChangeSettings: setSettings,
    onChangeValue,
    onOpenItem,
    onAddItem,
    onToggleSelect,
    onButton,
    readOnly: !mayEdit,
    label: folder.name,
    dataOf,
  };
  const mayManage = can('MANAGE_ATTRIBUTES') && attributes.store !== null;
  const columnActions = mayManage
    ? { onEditColumn: columnEditor.onEditColumn, onDeleteColumn: columnEditor.onDeleteColumn }
    : {};
  return (
    <div className={styles.area}>
      <FolderViewTabs state={viewState} people={memberList ?? []} canSubscribe={can('ADD_COMMENTS')} />
      <div className={styles.bar}>
        <ViewToolbar
          attributes={attributes.data}
          settings={toolbarSettings}
          onChangeSettings={setSettings}
          context={context}
          members={memberList ?? []}
          nameAttributeId={nameAttributeId}
          canExport={can('EXPORT')}
          {...exporting}
          // A calendar places items by date: it filters, but neither groups nor sorts nor has columns.
          controls={
            active.type === 'calendar'
              ? CALENDAR_CONTROLS
              : active.type === 'gantt'
                ? GANTT_CONTROLS
                : active.type === 'chart'
                  ? CHART_CONTROLS
                  : active.type === 'form' || active.type === 'documents' || active.type === 'files'
                    ? FORM_CONTROLS
                    : undefined
          }
          groupableTypes={active.type === 'gantt' ? GANTT_GROUPABLE : undefined}
        />
        {mayManage && active.type === 'columns' && toolbarSettings.group_by && (
          <button
            type="button"
            className={styles.barButton}
            onClick={() => toolbarSettings.group_by && columnEditor.onEditColumn(toolbarSettings.group_by)}
          >
            <Tags size={16} aria-hidden="true" />
            {t('views.columns.editLabels')}
          </button>
        )}
        {mayManage && (
          <button type="button" className={styles.barButton} onClick={() => setAdding(true)}>
            <Columns3 size={16} aria-hidden="true" />
            {t('items.addAttribute')}
          </button>
        )}
        {selection.size > 0 && items.store && (
          <SelectionBar
            selection={selection}
            store={items.store}
            mayDelete={can('DELETE_ITEMS')}
            onClear={() => setSelection(new Set())}
            mayEdit={can('EDIT_ALL_ITEMS') || can('EDIT_OWN_ITEMS')}
            folderId={folder.id}
            folders={folders}
            attributes={attributes.data}
            context={context}
            members={memberList ?? []}
          />
        )}
        {!nameAttributeId && (
          <span className={styles.hint}>
            <Plus size={14} aria-hidden="true" /> {t('items.noNameColumn')}
          </span>
        )}
      </div>
      {active.type === 'columns' ? (
        <ColumnsView
          attributes={attributes.data}
          items={items.data as readonly Item[]}
          settings={settings}
          context={context}
          members={memberList ?? []}
          nameAttributeId={nameAttributeId}
          onChangeSettings={setSettings}
          onOpenItem={onOpenItem}
          onAddItem={onAddItem}
          onMoveItem={onMoveCard}
          readOnly={!mayEdit}
          label={folder.name}
          dataOf={dataOf}
        />
      ) : active.type === 'list' ? (
        <ListView {...rowViewProps} />
      ) : active.type === 'chart' ? (
        <Suspense fallback={<PageSpinner label={t('app.loading')} />}>
          <ChartView {...rowViewProps} />
        </Suspense>
      ) : active.type === 'form' ? (
        <Suspense fallback={<PageSpinner label={t('app.loading')} />}>
          <FormBuilder
            viewId={active.id}
            attributes={attributes.data}
            members={memberList ?? []}
            settings={settings}
            onChangeSettings={setSettings}
            // The form is the view's settings: who may not change the view only sees it.
            readOnly={!isStored || !mayCustomize(active, viewState.who)}
          />
        </Suspense>
      ) : active.type === 'documents' ? (
        <Suspense fallback={<PageSpinner label={t('app.loading')} />}>
          <DocumentsView
            teamId={teamId}
            items={items.data as readonly Item[]}
            titleOf={titleOf}
            attributes={attributes.data ?? []}
            nameAttributeId={nameAttributeId}
            context={context}
            dataOf={dataOf ?? itemValueData}
            readOnly={!mayEdit}
            onRename={nameAttributeId ? (id, title) => onChangeValue(id, nameAttributeId, title) : undefined}
            onAddPage={can('CREATE_ITEMS') ? addPage : undefined}
            user={{ id: profile?.id ?? 0, name: profile?.name ?? '' }}
            members={memberList ?? []}
            publishing={
              isStored && mayCustomize(active, viewState.who)
                ? {
                    url: `${window.location.origin}/p/${publishedSiteKey(teamId, active.id)}`,
                    name: active.name || folder.name,
                    published: settings.published,
                    onChange: (published) => setSettings({ ...settings, published }),
                    sharedPages: settings.shared_pages,
                    pageUrl: (id, title) =>
                      `${window.location.origin}/p/${publishedSiteKey(teamId, active.id, 'i')}/${pageSlug(title, id)}`,
                    onSharePage: (id, shared) =>
                      setSettings({
                        ...settings,
                        shared_pages: shared
                          ? [...new Set([...settings.shared_pages, id])]
                          : settings.shared_pages.filter((pageId) => pageId !== id),
                      }),
                  }
                : undefined
            }
          />
        </Suspense>
      ) : active.type === 'files' ? (
        <Suspense fallback={<PageSpinner label={t('app.loading')} />}>
          <FilesView
            items={items.data as readonly Item[]}
            attributes={attributes.data ?? []}
            titleOf={titleOf}
            onOpenItem={onOpenItem}
            label={active.name || folder.name}
            publishing={
              isStored && mayCustomize(active, viewState.who)
                ? {
                    url: `${window.location.origin}/p/${publishedSiteKey(teamId, active.id, 'f')}`,
                    published: settings.published,
                    onChange: (published) => setSettings({ ...settings, published }),
                  }
                : undefined
            }
          />
        </Suspense>
      ) : active.type === 'gantt' ? (
        <Suspense fallback={<PageSpinner label={t('app.loading')} />}>
          <GanttView {...rowViewProps} />
        </Suspense>
      ) : active.type === 'calendar' ? (
        <Suspense fallback={<PageSpinner label={t('app.loading')} />}>
          <CalendarView
            {...rowViewProps}
            onCreateOn={can('CREATE_ITEMS') ? (values) => void createAndOpen(values) : undefined}
            feed={isStored ? { teamId, viewId: active.id } : undefined}
          />
        </Suspense>
      ) : (
        <TableView {...rowViewProps} {...columnActions} />
      )}
      {openItem && (
        <ItemPanel
          item={openItem}
          attributes={attributes.data}
          subitems={items.data.filter((item) => item.parent_id === openItem.id)}
          nameAttributeId={nameAttributeId}
          context={context}
          members={memberList ?? []}
          readOnly={!mayEdit}
          onClose={() => navigate(`/b/${board.id}/${folder.id}`)}
          onChangeValue={onChangeValue}
          onButton={onButton}
          onAddSubitem={(name) => onAddSubitem(openItem.id, name)}
          onOpenItem={onOpenItem}
          dataOf={dataOf}
        />
      )}
      {attributes.store && (
        <AddAttributeDialog
          open={adding}
          onOpenChange={setAdding}
          store={attributes.store}
          teamId={teamId}
          boardId={board.id}
          existing={attributes.data}
          onCreated={(attribute) => {
            if (needsSetUp(attribute.type)) columnEditor.onEditColumn(attribute.id);
          }}
        />
      )}
      {columnEditor.dialog}
    </div>
  );
}

/**
 * The open folder's commands (docs/command-palette.md): create an item (it opens in its panel to be
 * named), and switch to a table, columns, list, calendar, gantt, chart, form or documents view (the folder's first of that type, or a new
 * one for who may add views).
 */
function useFolderCommands({
  viewState,
  mayCreate,
  onCreateItem,
}: {
  viewState: ReturnType<typeof useActiveView>;
  mayCreate: boolean;
  onCreateItem(): Promise<void>;
}) {
  const { list, active, select, add, views, who } = viewState;
  const mayAdd = Boolean(views.data && views.store && mayAddView(views.data, who));
  const create = useRef(onCreateItem);
  create.current = onCreateItem;
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'board.createItem',
        label: 'palette.commands.createItem',
        group: 'board',
        shortcut: 'Alt+N',
        when: () => mayCreate,
        perform: () => create.current(),
      },
      ...VIEW_TYPES.map((type): Command => {
        const existing = list.find((view) => view.type === type);
        return {
          id: `view.${type}`,
          label: `palette.commands.view.${type}`,
          group: 'view',
          when: () => active.type !== type && (existing !== undefined || mayAdd),
          perform: () => (existing ? select(existing) : add(type)),
        };
      }),
    ],
    [mayCreate, list, active.type, mayAdd, select, add],
  );
  useRegisterCommands(commands);
}
