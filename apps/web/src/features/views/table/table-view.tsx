// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid of positioned divs (table elements cannot be absolutely positioned rows with sticky cells in both directions)
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid is the one focusable element; its active cell is aria-activedescendant
import { itemValueData } from '@strata/domain/attributes/item-values';
import { valueFromPlainText, valueToPlainText } from '@strata/domain/attributes/type-registry';
import { applyView } from '@strata/domain/views/view-rows';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useIsIdle } from '../../../lib/when-idle';
import { valueErrorText } from '../cells/use-validated-commit';
import { useFirstItemsFirst } from '../first-items';
import { handleGridKeyDown } from './grid-keyboard';
import type { GridPosition } from './grid-navigation';
import styles from './table.module.css';
import { cellId, type EditState, isEditableColumn } from './table-cell';
import { TableHeader } from './table-header';
import { useIsRtl, useRowSettings, useTableActions } from './table-hooks';
import {
  columnWidth,
  countItemLines,
  HEADER_HEIGHT,
  itemIdsOf,
  ROW_HEIGHT,
  SELECT_WIDTH,
  tableColumns,
  tableLines,
} from './table-model';
import { AddRow, GroupRow, ItemRow, type RowLayout } from './table-rows';
import type { TableViewProps } from './table-view-props';
import { useTableClipboard, writeClipboardText } from './use-table-clipboard';

const OVERSCAN_ROWS = 4;
const OVERSCAN_COLUMNS = 2;

/**
 * The virtualizers measure the scroll area as they always do, but the new rows and columns a
 * measurement brings in render as a transition: a table that just mounted (its first
 * measurement) draws the rows in sight in slices, not in one long task right after its commit.
 */
const observeRectInTransition: typeof observeElementRect = (instance, onRect) =>
  observeElementRect(instance, (rect) => startTransition(() => onRect(rect)));

/**
 * The table view: the view settings' rows (filtered, sorted, grouped by the domain's applyView,
 * flattened with subitems) in a grid virtualised in both directions, so the DOM holds only the
 * lines and columns in sight however many items there are. The name column and the header stay
 * pinned; columns are resized, reordered, hidden and sorted from the header, and every such
 * change is reported as next settings through onChangeSettings.
 */
export function TableView(props: TableViewProps) {
  const { t } = useTranslation();
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rtl = useIsRtl(scrollRef, props.dir);
  const readOnly = props.readOnly ?? false;
  const dataOf = props.dataOf ?? itemValueData;
  const { settings } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [activeAt, setActive] = useState<GridPosition>({ row: 0, col: 0 });
  const [edit, setEdit] = useState<EditState | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ id: string; width: number } | null>(null);
  // The rows are drawn in a pass of their own after the grid mounts, one React may slice (a
  // deferred value): mounting a screenful of rows never runs as one long task, whatever update
  // (a measurement, a store, a query) happens to render the table first.
  const isDrawn = useDeferredValue(true, false);
  const isIdle = useIsIdle();

  const columns = useMemo(
    () => tableColumns(props.attributes, settings, props.nameAttributeId),
    [props.attributes, settings, props.nameAttributeId],
  );
  const rowSettings = useRowSettings(settings);
  const items = useFirstItemsFirst(props.items, rowSettings);
  const result = useMemo(
    () =>
      applyView({
        items,
        attributes: props.attributes,
        settings: rowSettings,
        context: props.context,
        dataOf,
      }),
    [items, props.attributes, props.context, dataOf, rowSettings],
  );
  const { collapsed_groups, group_by, show_subitems } = settings;
  const lines = useMemo(
    () =>
      tableLines(
        result,
        { expanded, collapsedGroups: new Set(collapsed_groups), showSubitems: show_subitems },
        !readOnly,
      ),
    [result, expanded, collapsed_groups, show_subitems, readOnly],
  );
  const active = {
    row: Math.max(0, Math.min(activeAt.row, lines.length - 1)),
    col: Math.max(0, Math.min(activeAt.col, columns.all.length - 1)),
  };

  const widthOf = useCallback(
    (id: string) => (preview?.id === id ? preview.width : columnWidth(settings, id)),
    [preview, settings],
  );
  const stickyWidth = SELECT_WIDTH + (columns.name ? widthOf(columns.name.id) : 0);
  const nameOffset = columns.name ? 1 : 0;

  const rowVirtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // Rows out of sight wait for an idle moment: the first screen draws only what shows.
    overscan: isIdle ? OVERSCAN_ROWS : 0,
    useFlushSync: false,
    observeElementRect: observeRectInTransition,
  });
  // The key carries the width: a resized column gets its new size without a DOM measurement.
  const columnKey = useCallback(
    (index: number) => `${columns.others[index]!.id}:${widthOf(columns.others[index]!.id)}`,
    [columns.others, widthOf],
  );
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.others.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => widthOf(columns.others[index]!.id),
    getItemKey: columnKey,
    paddingStart: stickyWidth,
    scrollPaddingStart: stickyWidth,
    overscan: OVERSCAN_COLUMNS,
    isRtl: rtl,
    useFlushSync: false,
    observeElementRect: observeRectInTransition,
  });

  const virtualColumns = columnVirtualizer.getVirtualItems();
  const totalWidth = columnVirtualizer.getTotalSize();
  // What every row draws with; a new one (columns scrolled or resized, a new context, member list
  // or dataOf) draws the memoised rows again. The virtualizer keeps getVirtualItems() identical
  // while the range is unchanged.
  const { context, members } = props;
  const layout: RowLayout = useMemo(
    () => ({
      columns,
      virtualColumns,
      spacerStart: (virtualColumns[0]?.start ?? stickyWidth) - stickyWidth,
      spacerEnd: totalWidth - (virtualColumns.at(-1)?.end ?? stickyWidth),
      totalWidth,
      widthOf,
      firstColIndex: 2 + nameOffset,
      context,
      members,
      dataOf,
      t,
    }),
    [columns, virtualColumns, stickyWidth, totalWidth, widthOf, nameOffset, context, members, dataOf, t],
  );

  // Latest props and state for the stable action object the memoised rows hold.
  const latest = useRef({ props, lines, edit, readOnly });
  latest.current = { props, lines, edit, readOnly };

  const focusGrid = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), []);
  const { actions, changeValidated, committedByKey } = useTableActions({
    gridId,
    latest,
    focusGrid,
    setEdit,
    setActive,
    setMessage,
    setExpanded,
    setAdding,
  });

  // After an edit ends, focus returns to the grid so the keyboard keeps working (never on mount:
  // a view that opens must not take the focus, nor pay the layout a focus() forces).
  const wasEditing = useRef(false);
  useEffect(() => {
    const ended = wasEditing.current && edit === null;
    wasEditing.current = edit !== null;
    if (!ended) return;
    const grid = scrollRef.current;
    const focused = document.activeElement;
    if (grid && (focused === document.body || (focused !== grid && grid.contains(focused)))) focusGrid();
  }, [edit, focusGrid]);

  // Keep the active cell in sight (and so in the DOM, for aria-activedescendant).
  const scrolledOnce = useRef(false);
  useEffect(() => {
    // The first active cell is the first one, already in sight: no scroll (and no layout) on mount.
    if (!scrolledOnce.current) {
      scrolledOnce.current = true;
      return;
    }
    if (lines.length === 0) return;
    rowVirtualizer.scrollToIndex(active.row, { align: 'auto' });
    if (active.col >= nameOffset && columns.others.length > 0)
      columnVirtualizer.scrollToIndex(active.col - nameOffset, { align: 'auto' });
  }, [
    active.row,
    active.col,
    lines.length,
    nameOffset,
    columns.others.length,
    rowVirtualizer,
    columnVirtualizer,
  ]);

  const activeItemCell = () => {
    const line = lines[active.row];
    const attribute = columns.all[active.col];
    return line?.kind === 'item' && attribute ? { line, attribute } : null;
  };
  const copyText = () => {
    const cell = activeItemCell();
    return cell
      ? valueToPlainText(cell.attribute, dataOf(cell.line.item, cell.attribute), props.context)
      : null;
  };
  const paste = (text: string) => {
    const cell = activeItemCell();
    if (!cell) return;
    const read = isEditableColumn(cell.attribute, readOnly)
      ? valueFromPlainText(cell.attribute, text, props.context)
      : null;
    if (read === null) setMessage(t('views.errors.NOT_EDITABLE'));
    else if (!read.ok) setMessage(valueErrorText(t, read.errors[0]!));
    else changeValidated(cell.line.item.id, cell.attribute, read.data);
  };
  useTableClipboard(scrollRef, { copyText, paste });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    handleGridKeyDown(event, {
      lines,
      columns: columns.all,
      active,
      rtl,
      readOnly,
      page: Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1),
      takeCommittedByKey: () => {
        const was = committedByKey.current;
        committedByKey.current = false;
        return was;
      },
      setActive: (next) => {
        setActive(next);
        focusGrid();
      },
      startEdit: actions.startEdit,
      change: changeValidated,
      dataOf: (line, attribute) => dataOf(line.item, attribute),
      button: actions.button,
      openItem: actions.openItem,
      select: actions.select,
      toggleExpanded: (itemId, open) => {
        if (expanded.has(itemId) !== open) actions.toggleExpanded(itemId);
      },
      toggleGroup: actions.toggleGroup,
      setAdding: (groupKey) => setAdding(groupKey),
      copy: () => {
        const text = copyText();
        if (text !== null) writeClipboardText(text);
      },
      clearMessage: () => setMessage(null),
    });

  // Select-all counts the shown items; their ids are listed when it is clicked, and kept in a set
  // only while something is selected (the selection, usually small, is counted against it).
  const itemCount = useMemo(() => countItemLines(lines), [lines]);
  const { selection } = props;
  const hasSelection = selection.size > 0;
  const shownIds = useMemo(() => (hasSelection ? new Set(itemIdsOf(lines)) : null), [hasSelection, lines]);
  const selectedCount = useMemo(() => {
    let count = 0;
    if (shownIds) for (const id of selection) if (shownIds.has(id)) count++;
    return count;
  }, [selection, shownIds]);
  const selectAll = {
    checked: itemCount > 0 && selectedCount === itemCount,
    indeterminate: selectedCount > 0 && selectedCount < itemCount,
    onChange: () => props.onToggleSelect(itemIdsOf(lines), selectedCount < itemCount),
  };
  const groupAttribute = props.attributes.find((attribute) => attribute.id === group_by);
  const activeLine = lines[active.row];

  return (
    <div className={styles.frame} dir={props.dir}>
      <div
        ref={scrollRef}
        className={styles.scroller}
        role="grid"
        aria-label={props.label ?? t('views.table.label')}
        aria-rowcount={lines.length + 1}
        aria-colcount={columns.all.length + 1}
        aria-multiselectable="true"
        aria-readonly={readOnly || undefined}
        aria-activedescendant={
          activeLine && isDrawn
            ? cellId(gridId, active.row, activeLine.kind === 'item' ? active.col : 0)
            : undefined
        }
        // A grid is one tab stop; arrows move inside it.
        tabIndex={0}
        onKeyDown={handleKeyDown}
      >
        <div
          className={styles.canvas}
          style={{ blockSize: rowVirtualizer.getTotalSize(), inlineSize: totalWidth }}
        >
          <TableHeader
            columns={columns}
            attributes={props.attributes}
            settings={settings}
            onChangeSettings={props.onChangeSettings}
            virtualColumns={virtualColumns}
            spacerStart={layout.spacerStart}
            spacerEnd={layout.spacerEnd}
            totalWidth={totalWidth}
            widthOf={widthOf}
            onResizePreview={(id, width) => setPreview(width === null ? null : { id, width })}
            rtl={rtl}
            readOnly={readOnly}
            selectAll={selectAll}
            firstColIndex={layout.firstColIndex}
            onEditColumn={props.onEditColumn}
            onDeleteColumn={props.onDeleteColumn}
          />
          <div role="rowgroup">
            {(isDrawn ? rowVirtualizer.getVirtualItems() : []).map((virtual) => {
              const line = lines[virtual.index]!;
              const isActiveRow = virtual.index === active.row;
              if (line.kind === 'group') {
                return (
                  <GroupRow
                    key={`g:${line.group.key}`}
                    group={line.group}
                    collapsed={line.collapsed}
                    groupAttribute={groupAttribute}
                    row={virtual.index}
                    start={virtual.start}
                    layout={layout}
                    isActive={isActiveRow}
                    actions={actions}
                  />
                );
              }
              if (line.kind === 'add') {
                return (
                  <AddRow
                    key={`a:${line.group}`}
                    group={line.group}
                    row={virtual.index}
                    start={virtual.start}
                    layout={layout}
                    isActive={isActiveRow}
                    isAdding={adding === line.group}
                    actions={actions}
                  />
                );
              }
              return (
                <ItemRow
                  key={`i:${line.item.id}`}
                  item={line.item}
                  depth={line.depth}
                  subitemCount={line.subitemCount}
                  row={virtual.index}
                  start={virtual.start}
                  layout={layout}
                  selected={props.selection.has(line.item.id)}
                  expanded={expanded.has(line.item.id)}
                  activeCol={isActiveRow ? active.col : null}
                  message={isActiveRow ? message : null}
                  edit={isActiveRow && edit?.row === virtual.index ? edit : null}
                  actions={actions}
                />
              );
            })}
          </div>
        </div>
        {lines.length === 0 && <div className={styles.empty}>{t('views.table.empty')}</div>}
      </div>
    </div>
  );
}
