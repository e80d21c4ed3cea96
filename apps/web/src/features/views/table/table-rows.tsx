// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid of positioned divs (table elements cannot be absolutely positioned rows with sticky cells in both directions)
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid is the one focusable element; its active cell is aria-activedescendant
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { NO_GROUP, type ViewGroup, type ViewItem } from '@strata/domain/views/view-rows';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { type KeyboardEvent, memo, useState } from 'react';
import { acceptItemName, itemNameProblem } from '../../../lib/items/item-name';
import { CommentCount } from '../../comments/comment-count';
import { groupColour } from '../group-colour';
import type { ViewMember } from '../view-types';
import styles from './table.module.css';
import { type CellActions, cellId, type EditState, tableCell } from './table-cell';
import { SELECT_WIDTH, type TableColumns } from './table-model';

/** The column layout every row shares (recomputed when columns scroll or resize). */
export interface RowLayout {
  columns: TableColumns;
  virtualColumns: VirtualItem[];
  spacerStart: number;
  spacerEnd: number;
  totalWidth: number;
  widthOf(attributeId: string): number;
  /** aria-colindex of the first virtualised column. */
  firstColIndex: number;
  context: ValueContext;
  members: readonly ViewMember[];
  dataOf(item: ViewItem, attribute: AttributeDefinition): unknown;
  /** The catalogue, passed down: a screenful of rows need not subscribe to i18next one by one. */
  t: TFunction;
}

export interface RowActions extends CellActions {
  select(itemId: string, row: number, shiftKey: boolean): void;
  toggleExpanded(itemId: string): void;
  toggleGroup(groupKey: string): void;
  openItem(itemId: string): void;
  addItem(name: string, groupKey: string): void;
  setAdding(groupKey: string | null): void;
}

const rowStyle = (start: number, width: number) => ({
  transform: `translateY(${start}px)`,
  inlineSize: width,
  blockSize: 36,
});

export const ItemRow = memo(function ItemRow({
  item,
  depth,
  subitemCount,
  row,
  start,
  layout,
  selected,
  expanded,
  activeCol,
  message,
  edit,
  actions,
}: {
  item: ViewItem;
  depth: 0 | 1;
  subitemCount: number;
  row: number;
  start: number;
  layout: RowLayout;
  selected: boolean;
  expanded: boolean;
  /** The active column when this row holds the active cell, else null. */
  activeCol: number | null;
  /** Why the table refused a change to the active cell, when this row holds it. */
  message: string | null;
  edit: EditState | null;
  actions: RowActions;
}) {
  const { t, columns } = layout;
  const nameOffset = columns.name ? 1 : 0;
  const title = columns.name ? layout.dataOf(item, columns.name) : null;
  const titleText = typeof title === 'string' ? title : '';

  return (
    <div
      role="row"
      aria-rowindex={row + 2}
      aria-selected={selected}
      data-depth={depth}
      className={styles.row}
      style={rowStyle(start, layout.totalWidth)}
      data-item-id={item.id}
    >
      <div
        role="gridcell"
        aria-colindex={1}
        className={`${styles.cell} ${styles.pinned} ${styles.selectCell}`}
        style={{ inlineSize: SELECT_WIDTH, insetInlineStart: 0 }}
      >
        <input
          type="checkbox"
          tabIndex={-1}
          className={styles.checkbox}
          aria-label={t('views.table.selectItem', { name: titleText })}
          checked={selected}
          onClick={(event) => actions.select(item.id, row, event.shiftKey)}
          onChange={() => {}}
        />
      </div>
      {columns.name &&
        tableCell({
          key: columns.name.id,
          item,
          attribute: columns.name,
          data: title,
          context: layout.context,
          members: layout.members,
          row,
          col: 0,
          ariaColIndex: 2,
          width: layout.widthOf(columns.name.id),
          isActive: activeCol === 0,
          message: activeCol === 0 ? message : null,
          edit: activeCol === 0 ? edit : null,
          actions,
          className: `${styles.pinned} ${styles.pinnedEdge} ${styles.nameCell} ${depth === 1 ? styles.subitem : ''}`,
          style: { insetInlineStart: SELECT_WIDTH },
          prefix:
            subitemCount > 0 ? (
              <button
                type="button"
                tabIndex={-1}
                className={styles.iconButton}
                aria-expanded={expanded}
                aria-label={t(expanded ? 'views.table.hideSubitems' : 'views.table.showSubitems', {
                  count: subitemCount,
                })}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.toggleExpanded(item.id);
                }}
              >
                {expanded ? (
                  <ChevronDown size={14} aria-hidden="true" />
                ) : (
                  <ChevronRight size={14} aria-hidden="true" className="flip-in-rtl" />
                )}
                <span className={styles.count}>{subitemCount}</span>
              </button>
            ) : null,
          suffix: (
            <>
              {/* Most rows have none: they mount nothing (the count's text hook is per row). */}
              {item.comments_count ? <CommentCount count={item.comments_count} /> : null}
              <button
                type="button"
                tabIndex={-1}
                className={`${styles.iconButton} ${styles.openButton}`}
                aria-label={t('views.table.openItem', { name: titleText })}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.openItem(item.id);
                }}
              >
                {/* A glyph, not an SVG: every drawn row has this button. */}
                <span aria-hidden="true" className={styles.openGlyph}>
                  {'\u2197'}
                </span>
              </button>
            </>
          ),
        })}
      <div className={styles.spacer} style={{ inlineSize: layout.spacerStart }} />
      {layout.virtualColumns.map((virtual) => {
        const attribute = columns.others[virtual.index]!;
        const col = virtual.index + nameOffset;
        return tableCell({
          key: attribute.id,
          item,
          attribute,
          data: layout.dataOf(item, attribute),
          context: layout.context,
          members: layout.members,
          row,
          col,
          ariaColIndex: layout.firstColIndex + virtual.index,
          width: virtual.size,
          isActive: activeCol === col,
          message: activeCol === col ? message : null,
          edit: activeCol === col ? edit : null,
          actions,
        });
      })}
      <div className={styles.spacer} style={{ inlineSize: layout.spacerEnd }} />
    </div>
  );
});

export const GroupRow = memo(function GroupRow({
  group,
  collapsed,
  groupAttribute,
  row,
  start,
  layout,
  isActive,
  actions,
}: {
  group: ViewGroup<ViewItem>;
  collapsed: boolean;
  groupAttribute: AttributeDefinition | undefined;
  row: number;
  start: number;
  layout: RowLayout;
  isActive: boolean;
  actions: RowActions;
}) {
  const { t } = layout;
  const colour = groupColour(groupAttribute, group.labelId);
  const title = group.key === NO_GROUP ? t('views.group.none') : group.title;
  return (
    <div role="row" aria-rowindex={row + 2} className={styles.row} style={rowStyle(start, layout.totalWidth)}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the active heading toggles it (grid keyboard) */}
      <div
        role="gridcell"
        id={cellId(actions.gridId, row, 0)}
        aria-colindex={1}
        aria-colspan={layout.columns.all.length + 1}
        className={`${styles.cell} ${styles.groupCell} ${isActive ? styles.active : ''}`}
        onClick={() => actions.activate(row, 0)}
      >
        <button
          type="button"
          tabIndex={-1}
          className={styles.iconButton}
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'views.group.expand' : 'views.group.collapse', { name: title })}
          onClick={() => actions.toggleGroup(group.key)}
        >
          {collapsed ? (
            <ChevronRight size={16} aria-hidden="true" className="flip-in-rtl" />
          ) : (
            <ChevronDown size={16} aria-hidden="true" />
          )}
        </button>
        {colour && <span className={styles.groupSwatch} style={{ background: colour }} aria-hidden="true" />}
        <span>{title}</span>
        <span className={styles.count}>{t('views.group.items', { count: group.items.length })}</span>
      </div>
    </div>
  );
});

export const AddRow = memo(function AddRow({
  group,
  row,
  start,
  layout,
  isActive,
  isAdding,
  actions,
}: {
  group: string;
  row: number;
  start: number;
  layout: RowLayout;
  isActive: boolean;
  isAdding: boolean;
  actions: RowActions;
}) {
  const { t } = layout;
  const [name, setName] = useState('');
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (name.trim() === '') return;
      // Too long: told at once, and kept in the field to be shortened.
      if (!acceptItemName(t, name)) return;
      actions.addItem(name.trim(), group);
      setName('');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setName('');
      actions.setAdding(null);
    }
  };
  return (
    <div role="row" aria-rowindex={row + 2} className={styles.row} style={rowStyle(start, layout.totalWidth)}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the active line opens it (grid keyboard) */}
      <div
        role="gridcell"
        id={cellId(actions.gridId, row, 0)}
        aria-colindex={1}
        aria-colspan={layout.columns.all.length + 1}
        className={`${styles.cell} ${styles.addCell} ${isActive ? styles.active : ''}`}
        style={{ inlineSize: Math.min(layout.totalWidth, 480) }}
        onClick={() => {
          // Clicks in the open name field are the field's.
          if (isAdding) return;
          actions.activate(row, 0);
          actions.setAdding(group);
        }}
      >
        <Plus size={14} aria-hidden="true" />
        {isAdding ? (
          <input
            className={styles.addInput}
            // biome-ignore lint/a11y/noAutofocus: the line opens because the user asked to add an item
            autoFocus
            aria-label={t('views.table.newItemName')}
            placeholder={t('views.table.newItemName')}
            value={name}
            aria-invalid={itemNameProblem(t, name) !== null || undefined}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={handleKeyDown}
            onBlur={() => name.trim() === '' && actions.setAdding(null)}
          />
        ) : (
          <span>{t('views.table.addItem')}</span>
        )}
      </div>
    </div>
  );
});
