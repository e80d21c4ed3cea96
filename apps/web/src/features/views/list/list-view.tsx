import { isUserEditable } from '@strata/domain/attributes/attribute-types';
import { itemValueData } from '@strata/domain/attributes/item-values';
import { applyView, NO_GROUP, type ViewItem } from '@strata/domain/views/view-rows';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { cellTypeOf } from '../cells/cell-registry';
import { useFirstItemsFirst } from '../first-items';
import { useIsRtl, useRowSettings } from '../table/table-hooks';
import { tableLines } from '../table/table-model';
import styles from './list.module.css';
import { handleListKeyDown } from './list-keyboard';
import { type ActiveLine, cardAttributes, LINE_HEIGHT, resolveActive } from './list-model';
import { AddLine, GroupLine, ItemLine, type ListLayout } from './list-rows';
import type { ListViewProps } from './list-view-props';
import { useListActions } from './use-list-actions';

const OVERSCAN_LINES = 6;

/**
 * The list view: compact lines, one per item, with the same rows as the table (the domain's
 * applyView and flattenView: filters, sort, groups, expanded subitems) virtualised, so the DOM
 * holds the lines in sight however many items there are. A line is a selection checkbox, the
 * title (renamed inline), the view's card attributes as read-only values and an "open" button.
 * Roving focus: the active line is the list's one tab stop and stays drawn while scrolled away.
 */
export function ListView(props: ListViewProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rtl = useIsRtl(scrollRef, props.dir);
  const readOnly = props.readOnly ?? false;
  const dataOf = props.dataOf ?? itemValueData;
  const { settings, attributes, nameAttributeId, context, members } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [activeAt, setActive] = useState<ActiveLine>({ index: 0, key: null });
  const [editing, setEditing] = useState<string | null>(null);

  const rowSettings = useRowSettings(settings);
  const items = useFirstItemsFirst(props.items, rowSettings);
  const result = useMemo(
    () => applyView({ items, attributes, settings: rowSettings, context, dataOf }),
    [items, attributes, context, dataOf, rowSettings],
  );
  const { collapsed_groups, show_subitems, group_by } = settings;
  const lines = useMemo(
    () =>
      tableLines(
        result,
        { expanded, collapsedGroups: new Set(collapsed_groups), showSubitems: show_subitems },
        !readOnly,
      ),
    [result, expanded, collapsed_groups, show_subitems, readOnly],
  );
  const active = useMemo(() => resolveActive(lines, activeAt), [lines, activeAt]);
  const grouped = !(result.groups.length === 1 && result.groups[0]!.key === NO_GROUP);

  const nameAttribute = useMemo(
    () => attributes.find((attribute) => attribute.id === nameAttributeId) ?? null,
    [attributes, nameAttributeId],
  );
  const { card_attribute_ids, attribute_order, hidden_attribute_ids } = settings;
  const cards = useMemo(
    () =>
      cardAttributes(
        attributes,
        { card_attribute_ids, attribute_order, hidden_attribute_ids },
        nameAttributeId,
      ),
    [attributes, card_attribute_ids, attribute_order, hidden_attribute_ids, nameAttributeId],
  );
  const canEditTitle =
    !readOnly &&
    nameAttribute !== null &&
    isUserEditable(nameAttribute.type) &&
    cellTypeOf(nameAttribute.type).Edit !== undefined;
  const layout: ListLayout = useMemo(
    () => ({
      nameAttribute,
      canEditTitle,
      cards,
      itemLevel: grouped ? 2 : 1,
      readOnly,
      context,
      members,
      dataOf,
      t,
    }),
    [nameAttribute, canEditTitle, cards, grouped, readOnly, context, members, dataOf, t],
  );

  // The active line is always drawn, in sight or not: it holds the focus and the tab stop.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (active < range.count && !indexes.includes(active)) {
        indexes.push(active);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [active],
  );
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: OVERSCAN_LINES,
    rangeExtractor,
    useFlushSync: false,
  });

  // Latest props and state for the stable action object the memoised lines hold.
  const titleOf = (item: ViewItem) => (nameAttribute ? dataOf(item, nameAttribute) : null);
  const latest = useRef({ props, lines, active: activeAt, titleOf });
  latest.current = { props, lines, active: activeAt, titleOf };
  const { actions, focusRequested } = useListActions({
    latest,
    scrollRef,
    setActive,
    setEditing,
    setExpanded,
  });

  // A line made active by the keyboard (or a click on one of its controls) takes the focus once
  // drawn; never on mount: a view that opens must not take the focus. Checked after every render
  // (a flag, not a dependency: moving to the line that is already active focuses it again).
  useEffect(() => {
    if (!focusRequested.current || lines.length === 0) return;
    focusRequested.current = false;
    virtualizer.scrollToIndex(active, { align: 'auto' });
    scrollRef.current
      ?.querySelector<HTMLElement>(`[role="row"][data-index="${active}"]`)
      ?.focus({ preventScroll: true });
  });

  // After a rename ends, the renamed line gets the focus back so the keyboard keeps working
  // (unless the user has clicked elsewhere already).
  const wasEditing = useRef(false);
  useEffect(() => {
    const ended = wasEditing.current && editing === null;
    wasEditing.current = editing !== null;
    const focused = document.activeElement;
    if (ended && (focused === null || focused === document.body)) actions.focusLine(active);
  }, [editing, actions, active]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    handleListKeyDown(event, {
      lines,
      active,
      rtl,
      page: Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / LINE_HEIGHT) - 1),
      canEditTitle,
      expanded,
      moveTo: actions.focusLine,
      startEdit: actions.startEdit,
      select: actions.select,
      openItem: actions.openItem,
      toggleExpanded: actions.toggleExpanded,
      toggleGroup: actions.toggleGroup,
      focusAddInput: actions.focusAddInput,
    });

  const groupAttribute = attributes.find((attribute) => attribute.id === group_by);
  const groupTitles = useMemo(
    () =>
      new Map(
        result.groups.map((group) => [
          group.key,
          group.key === NO_GROUP ? t('views.group.none') : group.title,
        ]),
      ),
    [result.groups, t],
  );

  return (
    <div className={styles.frame} dir={props.dir}>
      <div
        ref={scrollRef}
        className={styles.scroller}
        role="treegrid"
        aria-label={props.label ?? t('views.list.label')}
        aria-describedby={hintId}
        aria-rowcount={lines.length}
        aria-multiselectable="true"
        aria-readonly={readOnly || undefined}
        onKeyDown={handleKeyDown}
      >
        <div className={styles.canvas} style={{ blockSize: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const line = lines[virtual.index]!;
            const common = {
              index: virtual.index,
              start: virtual.start,
              isActive: virtual.index === active,
              layout,
              actions,
            };
            if (line.kind === 'group') {
              return (
                <GroupLine
                  key={`g:${line.group.key}`}
                  group={line.group}
                  collapsed={line.collapsed}
                  groupAttribute={groupAttribute}
                  {...common}
                />
              );
            }
            if (line.kind === 'add') {
              return (
                <AddLine
                  key={`a:${line.group}`}
                  group={line.group}
                  groupTitle={grouped ? (groupTitles.get(line.group) ?? null) : null}
                  {...common}
                />
              );
            }
            return (
              <ItemLine
                key={`i:${line.item.id}`}
                item={line.item}
                depth={line.depth}
                subitemCount={line.subitemCount}
                selected={props.selection.has(line.item.id)}
                expanded={expanded.has(line.item.id)}
                isEditing={editing === line.item.id}
                {...common}
              />
            );
          })}
        </div>
        {result.count === 0 && !grouped && <div className={styles.empty}>{t('views.table.empty')}</div>}
      </div>
      <p id={hintId} className="visually-hidden">
        {t(readOnly ? 'views.list.keysReadOnly' : 'views.list.keys')}
      </p>
    </div>
  );
}
