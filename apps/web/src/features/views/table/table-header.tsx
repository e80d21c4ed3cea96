// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid of positioned divs (table elements cannot be absolutely positioned rows with sticky cells in both directions)
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid is the one focusable element; its active cell is aria-activedescendant
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { COLUMN_WIDTH, type ViewSettings } from '@strata/domain/views/view-settings';
import type { VirtualItem } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { MenuOnFirstUse } from '../../../ui/on-first-use';
import styles from './table.module.css';
import {
  clampWidth,
  HEADER_HEIGHT,
  hideColumn,
  moveColumn,
  moveColumnBy,
  resizeColumn,
  SELECT_WIDTH,
  showColumn,
  sortByColumn,
  type TableColumns,
} from './table-model';

export interface TableHeaderProps {
  columns: TableColumns;
  attributes: readonly AttributeDefinition[];
  settings: ViewSettings;
  onChangeSettings(next: ViewSettings): void;
  virtualColumns: VirtualItem[];
  spacerStart: number;
  spacerEnd: number;
  totalWidth: number;
  widthOf(attributeId: string): number;
  /** A width shown while the edge is dragged (null when the drag ends). */
  onResizePreview(attributeId: string, width: number | null): void;
  rtl: boolean;
  readOnly: boolean;
  selectAll: { checked: boolean; indeterminate: boolean; onChange(): void };
  /** aria-colindex of the first attribute column (after the selection and name columns). */
  firstColIndex: number;
  /** "Edit column" in each header's menu; absent for who may not manage attributes. */
  onEditColumn?(attributeId: string): void;
  /** "Delete column" (never of the name attribute); absent for who may not manage attributes. */
  onDeleteColumn?(attributeId: string): void;
}

const isPrimary = (attribute: AttributeDefinition) =>
  attribute.type === 'text' && (attribute.settings as { primary?: unknown } | null)?.primary === true;

const RESIZE_STEP = 10;

/** The sticky header row: selection of all, the pinned name column, then the virtualised columns. */
export function TableHeader(props: TableHeaderProps) {
  const { t } = useTranslation();
  const { columns, virtualColumns } = props;
  const [dragged, setDragged] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const selectRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectRef.current) selectRef.current.indeterminate = props.selectAll.indeterminate;
  }, [props.selectAll.indeterminate]);

  const handleDrop = (onto: string) => {
    if (dragged === null || dragged === onto) return;
    const shown = columns.others.map((column) => column.id);
    const from = shown.indexOf(dragged);
    const to = shown.indexOf(onto);
    // Dragged towards the end it lands after the target, towards the start before it.
    const before = from < to ? (shown[to + 1] ?? null) : onto;
    props.onChangeSettings(moveColumn(props.settings, props.attributes, dragged, before));
  };

  const drag = {
    dragged,
    target,
    start: (id: string) => setDragged(id),
    over: (id: string) => setTarget(id),
    end: () => {
      setDragged(null);
      setTarget(null);
    },
    drop: (id: string) => {
      handleDrop(id);
      setDragged(null);
      setTarget(null);
    },
  };

  return (
    <div role="rowgroup" className={styles.header} style={{ inlineSize: props.totalWidth }}>
      <div role="row" aria-rowindex={1} style={{ display: 'flex', blockSize: HEADER_HEIGHT }}>
        <div
          role="columnheader"
          aria-colindex={1}
          className={`${styles.cell} ${styles.pinned} ${styles.selectCell}`}
          style={{ inlineSize: SELECT_WIDTH, insetInlineStart: 0 }}
        >
          <input
            ref={selectRef}
            type="checkbox"
            className={styles.checkbox}
            aria-label={t('views.table.selectAll')}
            checked={props.selectAll.checked}
            onChange={props.selectAll.onChange}
          />
        </div>
        {columns.name && <HeaderCell {...props} attribute={columns.name} colIndex={2} pinned drag={drag} />}
        <div className={styles.spacer} style={{ inlineSize: props.spacerStart }} />
        {virtualColumns.map((virtual) => {
          const attribute = columns.others[virtual.index]!;
          return (
            <HeaderCell
              key={attribute.id}
              {...props}
              attribute={attribute}
              colIndex={props.firstColIndex + virtual.index}
              drag={drag}
            />
          );
        })}
        <div className={styles.spacer} style={{ inlineSize: props.spacerEnd }} />
      </div>
    </div>
  );
}

interface DragState {
  dragged: string | null;
  target: string | null;
  start(id: string): void;
  over(id: string): void;
  end(): void;
  drop(id: string): void;
}

function HeaderCell(
  props: TableHeaderProps & {
    attribute: AttributeDefinition;
    colIndex: number;
    pinned?: boolean;
    drag: DragState;
  },
) {
  const { t } = useTranslation();
  const { attribute, settings, drag, pinned = false } = props;
  const width = props.widthOf(attribute.id);
  const sort = settings.sort.find((rule) => rule.attribute_id === attribute.id);
  const isName = attribute.id === props.columns.name?.id;
  const canMove = !isName && !props.readOnly;
  const shown = props.columns.others.map((column) => column.id);
  const change = (next: ViewSettings) => props.onChangeSettings(next);
  const hiddenIds = new Set(settings.hidden_attribute_ids);
  const hidden = props.attributes.filter(
    (other) => hiddenIds.has(other.id) && other.id !== props.columns.name?.id,
  );
  const moveBy = (step: 1 | -1) =>
    change(moveColumnBy(settings, props.attributes, shown, attribute.id, step));
  // "Left" and "right" are what the reader sees: in right-to-left text left is towards the end.
  const towardsLeft: 1 | -1 = props.rtl ? 1 : -1;

  const handleHeaderKeyDown = (event: KeyboardEvent) => {
    if (!canMove || !event.altKey || !event.shiftKey) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    moveBy(event.key === 'ArrowLeft' ? towardsLeft : (-towardsLeft as 1 | -1));
  };

  const classes = [styles.cell];
  if (pinned) classes.push(styles.pinned, styles.pinnedEdge);
  if (drag.dragged === attribute.id) classes.push(styles.dragging);
  if (drag.target === attribute.id && drag.dragged !== attribute.id) classes.push(styles.dropTarget);

  return (
    <div
      role="columnheader"
      aria-colindex={props.colIndex}
      aria-sort={sort ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      className={classes.join(' ')}
      style={{ inlineSize: width, insetInlineStart: pinned ? SELECT_WIDTH : undefined }}
      draggable={canMove}
      data-attribute-id={attribute.id}
      onDragStart={(event) => {
        if (!canMove) return;
        event.dataTransfer?.setData('text/plain', attribute.name);
        drag.start(attribute.id);
      }}
      onDragOver={(event) => {
        if (drag.dragged === null || isName) return;
        event.preventDefault();
        drag.over(attribute.id);
      }}
      onDrop={(event) => {
        event.preventDefault();
        if (!isName) drag.drop(attribute.id);
      }}
      onDragEnd={drag.end}
      onKeyDown={handleHeaderKeyDown}
    >
      <MenuOnFirstUse
        trigger={
          <button
            type="button"
            className={styles.headerButton}
            aria-label={t('views.column.menu', { name: attribute.name })}
          >
            <span className={styles.headerLabel}>{attribute.name}</span>
            {sort?.direction === 'asc' && <ArrowUp size={14} aria-hidden="true" />}
            {sort?.direction === 'desc' && <ArrowDown size={14} aria-hidden="true" />}
            <ChevronDown size={14} aria-hidden="true" className={styles.count} />
          </button>
        }
      >
        <Menu.Portal>
          <Menu.Content className={styles.menu} align="start" sideOffset={4}>
            <Menu.Item
              className={styles.menuItem}
              onSelect={() => change(sortByColumn(settings, attribute.id, 'asc'))}
            >
              {t('views.column.sortAsc')}
            </Menu.Item>
            <Menu.Item
              className={styles.menuItem}
              onSelect={() => change(sortByColumn(settings, attribute.id, 'desc'))}
            >
              {t('views.column.sortDesc')}
            </Menu.Item>
            <Menu.Item
              className={styles.menuItem}
              disabled={!sort}
              onSelect={() => change(sortByColumn(settings, attribute.id, null))}
            >
              {t('views.column.sortClear')}
            </Menu.Item>
            {canMove && (
              <>
                <Menu.Separator className={styles.menuSeparator} />
                <Menu.Item
                  className={styles.menuItem}
                  disabled={shown.indexOf(attribute.id) === (props.rtl ? shown.length - 1 : 0)}
                  onSelect={() => moveBy(towardsLeft)}
                >
                  {t('views.column.moveLeft')}
                </Menu.Item>
                <Menu.Item
                  className={styles.menuItem}
                  disabled={shown.indexOf(attribute.id) === (props.rtl ? 0 : shown.length - 1)}
                  onSelect={() => moveBy(-towardsLeft as 1 | -1)}
                >
                  {t('views.column.moveRight')}
                </Menu.Item>
                <Menu.Separator className={styles.menuSeparator} />
                <Menu.Item
                  className={styles.menuItem}
                  onSelect={() => change(hideColumn(settings, attribute.id, props.columns.name?.id ?? null))}
                >
                  {t('views.column.hide')}
                </Menu.Item>
              </>
            )}
            {(props.onEditColumn || props.onDeleteColumn) && (
              <Menu.Separator className={styles.menuSeparator} />
            )}
            {props.onEditColumn && (
              <Menu.Item className={styles.menuItem} onSelect={() => props.onEditColumn?.(attribute.id)}>
                {t('views.column.edit')}
              </Menu.Item>
            )}
            {props.onDeleteColumn && !isPrimary(attribute) && (
              <Menu.Item
                className={`${styles.menuItem} ${styles.menuDanger}`}
                onSelect={() => props.onDeleteColumn?.(attribute.id)}
              >
                {t('views.column.delete')}
              </Menu.Item>
            )}
            {hidden.length > 0 && !props.readOnly && (
              <>
                <Menu.Separator className={styles.menuSeparator} />
                <Menu.Label className={styles.menuLabel}>{t('views.column.showHidden')}</Menu.Label>
                {hidden.map((other) => (
                  <Menu.Item
                    key={other.id}
                    className={styles.menuItem}
                    onSelect={() => change(showColumn(settings, other.id))}
                  >
                    {other.name}
                  </Menu.Item>
                ))}
              </>
            )}
          </Menu.Content>
        </Menu.Portal>
      </MenuOnFirstUse>
      {!props.readOnly && <ResizeHandle {...props} attribute={attribute} width={width} />}
    </div>
  );
}

/**
 * The column's inline-end edge: dragged with a pointer (mirrored in right-to-left text, where
 * that edge is on the left), or moved with the arrow keys when focused. The width is shown live
 * and saved once, clamped to COLUMN_WIDTH, when the drag ends.
 */
function ResizeHandle(props: TableHeaderProps & { attribute: AttributeDefinition; width: number }) {
  const { t } = useTranslation();
  const { attribute, width, rtl } = props;
  const save = (next: number) =>
    props.onChangeSettings(resizeColumn(props.settings, attribute.id, clampWidth(next)));

  const handlePointerDown = (event: PointerEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    let current = width;
    const handleMove = (move: globalThis.PointerEvent) => {
      current = clampWidth(width + (move.clientX - startX) * (rtl ? -1 : 1));
      props.onResizePreview(attribute.id, current);
    };
    const handleUp = () => {
      window.removeEventListener('pointermove', handleMove);
      window.removeEventListener('pointerup', handleUp);
      window.removeEventListener('pointercancel', handleUp);
      props.onResizePreview(attribute.id, null);
      if (current !== width) save(current);
    };
    window.addEventListener('pointermove', handleMove);
    window.addEventListener('pointerup', handleUp);
    window.addEventListener('pointercancel', handleUp);
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    const wider = (event.key === 'ArrowRight') !== rtl;
    save(width + (wider ? RESIZE_STEP : -RESIZE_STEP));
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('views.column.resize', { name: attribute.name })}
      aria-valuenow={width}
      aria-valuemin={COLUMN_WIDTH.min}
      aria-valuemax={COLUMN_WIDTH.max}
      tabIndex={0}
      className={styles.resizer}
      draggable={false}
      onDragStart={(event) => event.preventDefault()}
      onPointerDown={handlePointerDown}
      onKeyDown={handleKeyDown}
    />
  );
}
