import { useDraggable, useDroppable } from '@dnd-kit/core';
import { itemValueData } from '@strata/domain/attributes/item-values';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import type { DataOf, ViewGroup, ViewItem } from '@strata/domain/views/view-rows';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { type KeyboardEvent, memo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { acceptItemName, itemNameProblem } from '../../../lib/items/item-name';
import { TruncatedName } from '../../../ui/truncated-name';
import { CommentCount } from '../../comments/comment-count';
import { CellValue } from '../cells/cell-value';
import { groupColour } from '../group-colour';
import type { ViewMember } from '../view-types';
import styles from './columns.module.css';

interface CardProps {
  item: ViewItem;
  title: string;
  cardAttributes: readonly AttributeDefinition[];
  context: ValueContext;
  members: readonly ViewMember[];
  dataOf?: DataOf<ViewItem>;
}

/** A card's face: the item's title and the chosen attributes' values, read-only. */
export const CardBody = memo(function CardBody({
  item,
  title,
  cardAttributes,
  context,
  members,
  dataOf,
}: CardProps) {
  const read = dataOf ?? itemValueData;
  return (
    <>
      <span className={styles.cardHeading}>
        <TruncatedName name={title} className={styles.cardTitle} />
        {/* Most rows have none: they mount nothing (the count's text hook is per row). */}
        {item.comments_count ? <CommentCount count={item.comments_count} /> : null}
      </span>
      {cardAttributes.map((attribute) => {
        const data = read(item, attribute as never);
        if (data === null || data === undefined || (Array.isArray(data) && data.length === 0)) return null;
        return (
          <span key={attribute.id} className={styles.cardValue}>
            <span className={styles.cardLabel}>{attribute.name}</span>
            <CellValue attribute={attribute} data={data} context={context} members={members} />
          </span>
        );
      })}
    </>
  );
});

const Card = memo(function Card({
  groupKey,
  draggable,
  onOpen,
  ...props
}: CardProps & { groupKey: string; draggable: boolean; onOpen(itemId: string): void }) {
  const drag = useDraggable({ id: props.item.id, disabled: !draggable });
  // Dropping on a card puts the dragged one before it.
  const drop = useDroppable({ id: `card:${props.item.id}`, data: { groupKey, beforeId: props.item.id } });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'o' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) {
      event.preventDefault();
      onOpen(props.item.id);
      return;
    }
    drag.listeners?.onKeyDown?.(event);
  };
  // Named by what it shows (the title, then the values), so the name holds the visible text (WCAG 2.5.3).
  return (
    // biome-ignore lint/a11y/useSemanticElements: a draggable card holds rich values (no <button> content)
    <div
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      {...drag.attributes}
      {...drag.listeners}
      role="button"
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={`${styles.card} ${drag.isDragging ? styles.placeholder : ''} ${drop.isOver ? styles.dropBefore : ''}`}
      onClick={() => onOpen(props.item.id)}
      data-item-id={props.item.id}
    >
      <CardBody {...props} />
    </div>
  );
});

const CARD_HEIGHT = 56;
const VALUE_HEIGHT = 26;

/**
 * One column: its heading (colour, name, count, collapse), its cards virtualised in their own
 * scroller, and an "Add item" field at its end. The whole column takes drops (at its end).
 */
export function ColumnLane(props: {
  group: ViewGroup<ViewItem>;
  labelAttribute: AttributeDefinition;
  title: string;
  collapsed: boolean;
  onToggle(): void;
  cardAttributes: readonly AttributeDefinition[];
  context: ValueContext;
  members: readonly ViewMember[];
  titleOf(item: ViewItem): string;
  dataOf?: DataOf<ViewItem>;
  onOpen(itemId: string): void;
  onAdd?: (name: string) => void;
  draggable: boolean;
}) {
  const { t } = useTranslation();
  const { group } = props;
  const colour = groupColour(props.labelAttribute, group.labelId);
  const drop = useDroppable({ id: `column:${group.key}`, data: { groupKey: group.key, beforeId: null } });
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: props.collapsed ? 0 : group.items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT + VALUE_HEIGHT * props.cardAttributes.length,
    getItemKey: (index) => group.items[index]!.id,
    overscan: 6,
  });
  const count = t('views.group.items', { count: group.items.length });
  const heading = (
    <div className={styles.heading}>
      <button
        type="button"
        className={styles.iconButton}
        aria-expanded={!props.collapsed}
        aria-label={t(props.collapsed ? 'views.group.expand' : 'views.group.collapse', { name: props.title })}
        onClick={props.onToggle}
      >
        {props.collapsed ? (
          <ChevronRight size={16} aria-hidden="true" className="flip-in-rtl" />
        ) : (
          <ChevronDown size={16} aria-hidden="true" />
        )}
      </button>
      {colour && <span className={styles.swatch} style={{ background: colour }} aria-hidden="true" />}
      <TruncatedName as="h3" name={props.title} className={styles.title} />
      <span className={styles.count}>{count}</span>
    </div>
  );
  if (props.collapsed) {
    return (
      <section
        ref={drop.setNodeRef}
        className={`${styles.lane} ${styles.collapsed}`}
        aria-label={props.title}
      >
        {heading}
      </section>
    );
  }
  return (
    <section
      ref={drop.setNodeRef}
      className={`${styles.lane} ${drop.isOver ? styles.laneOver : ''}`}
      aria-label={props.title}
      data-group-key={group.key}
    >
      {heading}
      <div ref={scroller} className={styles.cards}>
        <div className={styles.cardsInner} style={{ blockSize: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = group.items[row.index]!;
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className={styles.slot}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <Card
                  item={item}
                  title={props.titleOf(item)}
                  groupKey={group.key}
                  cardAttributes={props.cardAttributes}
                  context={props.context}
                  members={props.members}
                  dataOf={props.dataOf}
                  draggable={props.draggable}
                  onOpen={props.onOpen}
                />
              </div>
            );
          })}
        </div>
      </div>
      {props.onAdd && <AddCard column={props.title} onAdd={props.onAdd} />}
    </section>
  );
}

function AddCard({ column, onAdd }: { column: string; onAdd(name: string): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  if (!open) {
    return (
      <button type="button" className={styles.add} onClick={() => setOpen(true)}>
        <Plus size={14} aria-hidden="true" /> {t('views.table.addItem')}
      </button>
    );
  }
  return (
    <input
      className={styles.addField}
      aria-label={t('views.columns.newItem', { column })}
      placeholder={t('views.table.newItemName')}
      value={name}
      // biome-ignore lint/a11y/noAutofocus: the field opens on the user's click
      autoFocus
      onChange={(event) => setName(event.target.value)}
      onBlur={() => {
        if (name.trim() === '') setOpen(false);
      }}
      aria-invalid={itemNameProblem(t, name) !== null || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && name.trim() !== '') {
          if (!acceptItemName(t, name)) return;
          onAdd(name.trim());
          setName('');
        } else if (event.key === 'Escape') {
          setName('');
          setOpen(false);
        }
      }}
    />
  );
}
