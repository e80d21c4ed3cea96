import type {
  PublicFolderContents,
  PublicFolder as PublicFolderRecord,
} from '@strata/contracts/public-boards';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { readViewSettings, type ViewSettings } from '@strata/domain/views/view-settings';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { embedPath } from '../../lib/embed-mode';
import { errorMessage } from '../../lib/errors';
import { useItemDataOf } from '../../lib/items/use-item-data';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import { TruncatedName } from '../../ui/truncated-name';
import boardStyles from '../boards/board-page.module.css';
import { ItemPanel } from '../items/item-panel';
import { ColumnsView, defaultNameAttributeId, ListView, TableView } from '../views';
import { useSelection } from '../views/use-selection';
import styles from './public-board.module.css';
import { fetchPublicFolder, toViewItems } from './public-board-api';
import { PublicComments } from './public-comments';
import { publicFolderKey, useVisitorWrites } from './use-visitor-writes';

const CalendarView = lazy(() =>
  import('../views/calendar/calendar-view').then((module) => ({ default: module.CalendarView })),
);
const GanttView = lazy(() =>
  import('../views/gantt/gantt-view').then((module) => ({ default: module.GanttView })),
);
const ChartView = lazy(() =>
  import('../views/chart/chart-view').then((module) => ({ default: module.ChartView })),
);

type PublicView = PublicFolderContents['views'][number];
/** A folder without a shared view shows its items in a table, as a member's first visit does. */
const DEFAULT_VIEW: PublicView = { id: '', type: 'table', name: '', settings: {}, sort_order: null };
const nothing = () => undefined;

/**
 * One folder of a public board for a visitor: its shared views as tabs (`?view=`), the open one
 * drawn by the members' own view components: read only, or taking the visitor's new items and
 * edits where the board's sharing lets them (useVisitorWrites). Sorting, column widths and the
 * like that a visitor changes stay in this page; an item opens in the item panel.
 */
export function PublicFolder({ boardId, folder }: { boardId: string; folder: PublicFolderRecord }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { itemId } = useParams();
  const [query] = useSearchParams();
  const contents = useQuery({
    queryKey: publicFolderKey(boardId, folder.id),
    queryFn: () => fetchPublicFolder(boardId, folder.id),
    retry: false,
  });
  const [changed, setChanged] = useState<Record<string, ViewSettings>>({});
  const { selection, onToggleSelect } = useSelection();
  const data = contents.data;
  const attributes = (data?.attributes ?? []) as AttributeDefinition[];
  const items = useMemo(() => (data ? toViewItems(boardId, data) : []), [boardId, data]);
  const views = data?.views ?? [];
  const active = views.find((view) => view.id === query.get('view')) ?? views[0] ?? DEFAULT_VIEW;
  const settings = useMemo(() => changed[active.id] ?? readViewSettings(active.settings), [changed, active]);
  const nameAttributeId = useMemo(() => defaultNameAttributeId(attributes), [attributes]);
  const context = useMemo<ValueContext>(() => {
    const names = new Map((data?.members ?? []).map((member) => [member.id, member.name]));
    const titles = new Map<string, string>();
    for (const item of items) {
      const name = nameAttributeId ? item.values[nameAttributeId]?.data : undefined;
      if (typeof name === 'string') titles.set(item.id, name);
    }
    return {
      locale: i18n.language,
      weekStartsOn: null,
      currentUserId: null,
      memberName: (id) => names.get(id),
      itemTitle: (id) => titles.get(id),
      folderName: (id) => (id === folder.id ? folder.name : undefined),
    };
  }, [data?.members, items, nameAttributeId, i18n.language, folder.id, folder.name]);
  const dataOf = useItemDataOf(attributes, items, context);
  const writes = useVisitorWrites({
    boardId,
    contents: data,
    attributes,
    nameAttributeId,
    viewType: active.type,
    settings,
  });
  const viewQuery = active.id ? `?view=${encodeURIComponent(active.id)}` : '';
  const folderPath = `/b/${boardId}/${folder.id}`;
  const onOpenItem = useCallback(
    (id: string) => navigate(embedPath(`${folderPath}/${encodeURIComponent(id)}${viewQuery}`)),
    [navigate, folderPath, viewQuery],
  );

  if (contents.isPending) return <PageSpinner label={t('app.loading')} />;
  if (contents.isError) {
    return (
      <div className={styles.failed}>
        <Notice tone="error">{errorMessage(contents.error, t)}</Notice>
        <Button onClick={() => void contents.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  }
  const members = data?.members ?? [];
  const rowViewProps = {
    attributes,
    items,
    settings,
    context,
    members,
    nameAttributeId,
    selection,
    onChangeSettings: (next: ViewSettings) => setChanged((current) => ({ ...current, [active.id]: next })),
    onChangeValue: writes.onChangeValue,
    onOpenItem,
    onAddItem: writes.onAddItem,
    onToggleSelect,
    onButton: nothing,
    readOnly: !writes.canWrite,
    label: active.name || folder.name,
    dataOf,
  };
  const openItem = itemId ? items.find((item) => item.id === itemId) : undefined;

  return (
    <section className={boardStyles.folder} aria-labelledby="folder-title">
      <h2 id="folder-title" className={boardStyles.folderTitle}>
        <TruncatedName name={folder.name} />
      </h2>
      {views.length > 1 && (
        <nav aria-label={t('views.publicBoard.views')}>
          <ul className={styles.tabs}>
            {views.map((view) => (
              <li key={view.id}>
                <Link
                  to={embedPath(`${folderPath}?view=${encodeURIComponent(view.id)}`)}
                  className={styles.tab}
                  aria-current={view.id === active.id ? 'page' : undefined}
                >
                  <TruncatedName name={view.name} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {items.length === 0 && !data?.rights.create ? (
        <p className={boardStyles.empty}>{t('views.publicBoard.empty')}</p>
      ) : active.type === 'columns' ? (
        <ColumnsView {...rowViewProps} onMoveItem={writes.onMoveItem} />
      ) : active.type === 'list' ? (
        <ListView {...rowViewProps} />
      ) : active.type === 'table' ? (
        <TableView {...rowViewProps} />
      ) : (
        <Suspense fallback={<PageSpinner label={t('app.loading')} />}>
          {active.type === 'calendar' ? (
            <CalendarView {...rowViewProps} />
          ) : active.type === 'gantt' ? (
            <GanttView {...rowViewProps} />
          ) : (
            <ChartView {...rowViewProps} />
          )}
        </Suspense>
      )}
      {openItem && (
        <ItemPanel
          item={openItem}
          attributes={attributes}
          subitems={items.filter((item) => item.parent_id === openItem.id)}
          nameAttributeId={nameAttributeId}
          context={context}
          members={members}
          readOnly={!writes.canEditItem(openItem.id)}
          isPublic
          onClose={() => navigate(embedPath(`${folderPath}${viewQuery}`))}
          onChangeValue={writes.onChangeValue}
          onButton={nothing}
          onAddSubitem={(name) => writes.onAddSubitem(openItem.id, name)}
          publicComments={
            data?.rights.comment ? (
              <PublicComments boardId={boardId} itemId={openItem.id} context={context} />
            ) : undefined
          }
          onOpenItem={onOpenItem}
          dataOf={dataOf}
        />
      )}
    </section>
  );
}
