// biome-ignore-all lint/a11y/useSemanticElements: a virtualised treegrid of positioned divs (table rows cannot be absolutely positioned)
// biome-ignore-all lint/a11y/useFocusableInteractive: the lines are the tab stops (roving focus); their cells are not
import { type AttributeDefinition, valueToPlainText } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { NO_GROUP, type ViewGroup, type ViewItem } from '@strata/domain/views/view-rows';
import type { TFunction } from 'i18next';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { type KeyboardEvent, memo, useState } from 'react';
import { acceptItemName, itemNameProblem } from '../../../lib/items/item-name';
import { CommentCount } from '../../comments/comment-count';
import { cellTypeOf } from '../cells/cell-registry';
import { CellValue } from '../cells/cell-value';
import { groupColour } from '../group-colour';
import type { ViewMember } from '../view-types';
import styles from './list.module.css';
import { LINE_HEIGHT } from './list-model';
import type { ListActions } from './use-list-actions';

/** What every line draws with; a new one (context, members, card attributes…) redraws the lines. */
export interface ListLayout {
  nameAttribute: AttributeDefinition | null;
  canEditTitle: boolean;
  cards: readonly AttributeDefinition[];
  /** The aria-level of a top-level item: 2 under group headings, else 1. */
  itemLevel: number;
  readOnly: boolean;
  context: ValueContext;
  members: readonly ViewMember[];
  dataOf(item: ViewItem, attribute: AttributeDefinition): unknown;
  /** The catalogue, passed down: a screenful of lines need not subscribe to i18next one by one. */
  t: TFunction;
}

interface LineProps {
  index: number;
  start: number;
  /** The line that holds the list's one tab stop. */
  isActive: boolean;
  layout: ListLayout;
  actions: ListActions;
}

const lineStyle = (start: number) => ({ transform: `translateY(${start}px)`, blockSize: LINE_HEIGHT });

export const ItemLine = memo(function ItemLine({
  item,
  depth,
  subitemCount,
  selected,
  expanded,
  isEditing,
  index,
  start,
  isActive,
  layout,
  actions,
}: LineProps & {
  item: ViewItem;
  depth: 0 | 1;
  subitemCount: number;
  selected: boolean;
  expanded: boolean;
  isEditing: boolean;
}) {
  const { t, nameAttribute, context, members } = layout;
  const titleData = nameAttribute ? layout.dataOf(item, nameAttribute) : null;
  const title = nameAttribute ? valueToPlainText(nameAttribute, titleData, context) : '';
  const name = title || t('views.list.untitled');
  const Edit = nameAttribute ? cellTypeOf(nameAttribute.type).Edit : undefined;

  return (
    <div
      role="row"
      data-index={index}
      data-item-id={item.id}
      data-depth={depth}
      aria-rowindex={index + 1}
      aria-level={layout.itemLevel + depth}
      aria-expanded={subitemCount > 0 ? expanded : undefined}
      aria-selected={selected}
      aria-label={name}
      tabIndex={isActive ? 0 : -1}
      className={styles.row}
      style={lineStyle(start)}
      onFocus={() => actions.activate(index)}
    >
      <div role="gridcell" className={styles.selectCell}>
        <input
          type="checkbox"
          tabIndex={-1}
          className={styles.checkbox}
          aria-label={t('views.table.selectItem', { name })}
          checked={selected}
          onClick={(event) => actions.select(item.id, index, event.shiftKey)}
          onChange={() => {}}
        />
      </div>
      <div role="gridcell" className={`${styles.titleCell} ${depth === 1 ? styles.subitem : ''}`}>
        {subitemCount > 0 ? (
          <button
            type="button"
            tabIndex={-1}
            className={styles.iconButton}
            aria-expanded={expanded}
            aria-label={t(expanded ? 'views.table.hideSubitems' : 'views.table.showSubitems', {
              count: subitemCount,
            })}
            onClick={() => actions.toggleExpanded(item.id, index)}
          >
            {expanded ? (
              <ChevronDown size={14} aria-hidden="true" />
            ) : (
              <ChevronRight size={14} aria-hidden="true" className="flip-in-rtl" />
            )}
            <span className={styles.count}>{subitemCount}</span>
          </button>
        ) : (
          <span className={styles.toggleSpace} />
        )}
        {isEditing && Edit && nameAttribute ? (
          <div className={styles.titleEditor}>
            <Edit
              attribute={nameAttribute}
              data={titleData}
              context={context}
              members={members}
              onCommit={(data) => actions.commitTitle(item, data)}
              onCancel={actions.cancelEdit}
            />
          </div>
        ) : layout.canEditTitle ? (
          <button
            type="button"
            tabIndex={-1}
            className={`${styles.title} ${styles.titleButton} ${title ? '' : styles.untitled}`}
            dir="auto"
            title={name}
            aria-label={t('views.list.rename', { name })}
            onClick={() => actions.startEdit(item.id, index)}
          >
            {name}
          </button>
        ) : (
          <span className={`${styles.title} ${title ? '' : styles.untitled}`} dir="auto" title={name}>
            {name}
          </span>
        )}
        {/* Most rows have none: they mount nothing (the count's text hook is per row). */}
        {item.comments_count ? <CommentCount count={item.comments_count} /> : null}
      </div>
      {layout.cards.map((attribute) => (
        <div role="gridcell" key={attribute.id} className={styles.value} title={attribute.name}>
          <span className="visually-hidden">{attribute.name}</span>
          <CellValue
            attribute={attribute}
            data={layout.dataOf(item, attribute)}
            context={context}
            members={members}
            onButton={
              attribute.type === 'button' && !layout.readOnly
                ? () => actions.button(item.id, attribute.id)
                : undefined
            }
          />
        </div>
      ))}
      <div role="gridcell" className={styles.openCell}>
        <button
          type="button"
          tabIndex={-1}
          className={`${styles.iconButton} ${styles.openButton}`}
          aria-label={t('views.table.openItem', { name })}
          onClick={() => actions.openItem(item.id)}
        >
          {/* A glyph, not an SVG: every drawn line has this button. */}
          <span aria-hidden="true" className={styles.openGlyph}>
            {'\u2197'}
          </span>
        </button>
      </div>
    </div>
  );
});

export const GroupLine = memo(function GroupLine({
  group,
  collapsed,
  groupAttribute,
  index,
  start,
  isActive,
  layout,
  actions,
}: LineProps & {
  group: ViewGroup<ViewItem>;
  collapsed: boolean;
  groupAttribute: AttributeDefinition | undefined;
}) {
  const { t } = layout;
  const colour = groupColour(groupAttribute, group.labelId);
  const title = group.key === NO_GROUP ? t('views.group.none') : group.title;
  const count = t('views.group.items', { count: group.items.length });
  return (
    <div
      role="row"
      data-index={index}
      data-group-key={group.key}
      aria-rowindex={index + 1}
      aria-level={1}
      aria-expanded={!collapsed}
      aria-label={`${title}, ${count}`}
      tabIndex={isActive ? 0 : -1}
      className={`${styles.row} ${styles.groupRow}`}
      style={lineStyle(start)}
      onFocus={() => actions.activate(index)}
    >
      <div role="gridcell" className={styles.groupCell}>
        <button
          type="button"
          tabIndex={-1}
          className={styles.iconButton}
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'views.group.expand' : 'views.group.collapse', { name: title })}
          onClick={() => actions.toggleGroup(group.key, index)}
        >
          {collapsed ? (
            <ChevronRight size={16} aria-hidden="true" className="flip-in-rtl" />
          ) : (
            <ChevronDown size={16} aria-hidden="true" />
          )}
        </button>
        {colour && <span className={styles.swatch} style={{ background: colour }} aria-hidden="true" />}
        <span className={styles.groupName}>{title}</span>
        <span className={styles.count}>{count}</span>
      </div>
    </div>
  );
});

/** The "add item" line closing a group (or the ungrouped list): a field that names a new item. */
export const AddLine = memo(function AddLine({
  group,
  groupTitle,
  index,
  start,
  isActive,
  layout,
  actions,
}: LineProps & {
  group: string;
  /** The group's heading when the list is grouped: the field's name says where the item goes. */
  groupTitle: string | null;
}) {
  const { t } = layout;
  const [name, setName] = useState('');
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      // The field stays open for the next item; a name too long is told and kept to be shortened.
      if (name.trim() === '' || !acceptItemName(t, name)) return;
      actions.addItem(name.trim(), group);
      setName('');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setName('');
      actions.focusLine(index);
    }
  };
  const label =
    groupTitle === null ? t('views.table.newItemName') : t('views.list.newItemIn', { group: groupTitle });
  return (
    <div
      role="row"
      data-index={index}
      aria-rowindex={index + 1}
      aria-level={layout.itemLevel}
      aria-label={label}
      tabIndex={isActive ? 0 : -1}
      className={`${styles.row} ${styles.addRow}`}
      style={lineStyle(start)}
      onFocus={() => actions.activate(index)}
    >
      <div role="gridcell" className={styles.addCell}>
        <Plus size={14} aria-hidden="true" className={styles.addIcon} />
        <input
          tabIndex={-1}
          className={styles.addInput}
          aria-label={label}
          placeholder={t('views.table.addItem')}
          value={name}
          aria-invalid={itemNameProblem(t, name) !== null || undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={handleKeyDown}
        />
      </div>
    </div>
  );
});
