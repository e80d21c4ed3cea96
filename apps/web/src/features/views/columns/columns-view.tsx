import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { applyView, type DataOf, NO_GROUP, type ViewItem } from '@strata/domain/views/view-rows';
import { type ViewSettings, visibleAttributeIds } from '@strata/domain/views/view-settings';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ViewMember } from '../view-types';
import styles from './columns.module.css';
import { CardBody, ColumnLane } from './columns-lane';
import { type CardMove, cardAttributeIds, columnsAttribute, once, planCardMove } from './columns-model';

/** Touch starts a drag after a 200 ms press; a mouse after 2 px of movement; the board scrolls at speed 20. */
export const DRAG = { touchDelay: 200, threshold: 2, scrollAcceleration: 20 } as const;

const targetKey = (over: DragEndEvent['over']) =>
  (over?.data.current as { groupKey?: string } | undefined)?.groupKey;

export interface ColumnsViewProps {
  attributes: readonly AttributeDefinition[];
  items: readonly ViewItem[];
  settings: ViewSettings;
  context: ValueContext;
  members: readonly ViewMember[];
  nameAttributeId: string | null;
  onChangeSettings(next: ViewSettings): void;
  onOpenItem(itemId: string): void;
  onAddItem(name: string, groupKey: string): void;
  onMoveItem(move: CardMove & { labelAttributeId: string }): void;
  dataOf?: DataOf<ViewItem>;
  readOnly?: boolean;
  label?: string;
}

/**
 * The columns (kanban) view: one column per label of the grouping label attribute (items without
 * one in their own column), cards in the view's order, dragged between and within columns with
 * dnd-kit (mouse, touch and keyboard), each column virtualised.
 */
export function ColumnsView(props: ColumnsViewProps) {
  const { t } = useTranslation();
  const { attributes, items, settings, context, nameAttributeId } = props;
  const labelAttribute = columnsAttribute(attributes, settings);
  const effective = useMemo(
    () => (labelAttribute ? { ...settings, group_by: labelAttribute.id } : settings),
    [settings, labelAttribute],
  );
  const result = useMemo(
    () =>
      applyView({
        items,
        attributes: attributes as never,
        settings: effective,
        context,
        dataOf: props.dataOf,
      }),
    [items, attributes, effective, context, props.dataOf],
  );
  const shown = useMemo(
    () =>
      cardAttributeIds(
        visibleAttributeIds(
          attributes.map((attribute) => attribute.id),
          settings,
          nameAttributeId ?? undefined,
        ),
        settings,
        [nameAttributeId, labelAttribute?.id ?? null],
      ),
    [attributes, settings, nameAttributeId, labelAttribute],
  );
  const cardAttributes = useMemo(
    () => shown.flatMap((id) => attributes.filter((attribute) => attribute.id === id)),
    [shown, attributes],
  );
  // What drags look up, built on a drag's first use rather than with every 10,000-item render.
  const byId = useMemo(() => once(() => new Map(items.map((item) => [item.id, item]))), [items]);
  const groupOf = useMemo(
    () =>
      once(() => {
        const map = new Map<string, string>();
        for (const group of result.groups)
          for (const item of group.items) if (!map.has(item.id)) map.set(item.id, group.key);
        return map;
      }),
    [result.groups],
  );
  const titleOf = useCallback(
    (item: ViewItem | undefined) => {
      const name = item && nameAttributeId ? item.values[nameAttributeId]?.data : undefined;
      return typeof name === 'string' && name !== '' ? name : t('views.columns.untitled');
    },
    [nameAttributeId, t],
  );
  const columnTitle = useCallback(
    (key: string | undefined) => {
      const group = result.groups.find((candidate) => candidate.key === key);
      return !group || group.key === NO_GROUP ? t('views.group.none') : group.title;
    },
    [result.groups, t],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG.threshold } }),
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG.touchDelay, tolerance: DRAG.threshold } }),
    useSensor(KeyboardSensor),
  );
  const [dragging, setDragging] = useState<string | null>(null);
  const justDropped = useRef(0);
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) =>
        t('views.columns.pickedUp', { name: titleOf(byId().get(String(active.id))) }),
      onDragOver: ({ active, over }) =>
        over
          ? t('views.columns.over', {
              name: titleOf(byId().get(String(active.id))),
              column: columnTitle(targetKey(over)),
            })
          : t('views.columns.notOver', { name: titleOf(byId().get(String(active.id))) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('views.columns.dropped', {
              name: titleOf(byId().get(String(active.id))),
              column: columnTitle(targetKey(over)),
            })
          : t('views.columns.cancelled', { name: titleOf(byId().get(String(active.id))) }),
      onDragCancel: ({ active }) =>
        t('views.columns.cancelled', { name: titleOf(byId().get(String(active.id))) }),
    }),
    [t, titleOf, byId, columnTitle],
  );

  const onDragStart = (event: DragStartEvent) => setDragging(String(event.active.id));
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    justDropped.current = Date.now();
    const item = byId().get(String(event.active.id));
    const target = event.over?.data.current as { groupKey: string; beforeId: string | null } | undefined;
    if (!item || !target || !labelAttribute) return;
    const column = result.groups.find((group) => group.key === target.groupKey)?.items ?? [];
    const move = planCardMove({
      item,
      fromKey: groupOf().get(item.id) ?? NO_GROUP,
      toKey: target.groupKey,
      column,
      beforeId: target.beforeId,
      labelAttributeId: labelAttribute.id,
      isSorted: settings.sort.length > 0,
    });
    if (move) props.onMoveItem({ ...move, labelAttributeId: labelAttribute.id });
  };
  const { onOpenItem } = props;
  const onOpen = useCallback(
    (itemId: string) => {
      // The click that ends a drag is not an open.
      if (Date.now() - justDropped.current > 150) onOpenItem(itemId);
    },
    [onOpenItem],
  );
  const collapsed = useMemo(() => new Set(settings.collapsed_groups), [settings.collapsed_groups]);
  const toggle = (key: string) => {
    const next = new Set(collapsed);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    props.onChangeSettings({ ...settings, collapsed_groups: [...next] });
  };

  if (!labelAttribute) return <p className={styles.empty}>{t('views.columns.needsLabel')}</p>;
  const draggedItem = dragging ? byId().get(dragging) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      autoScroll={{ acceleration: DRAG.scrollAcceleration }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('views.columns.instructions') },
      }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <section className={styles.board} aria-label={props.label ?? t('views.types.columns')}>
        {result.groups.map((group) => (
          <ColumnLane
            key={group.key}
            group={group}
            labelAttribute={labelAttribute}
            title={columnTitle(group.key)}
            collapsed={collapsed.has(group.key)}
            onToggle={() => toggle(group.key)}
            cardAttributes={cardAttributes}
            context={context}
            members={props.members}
            titleOf={titleOf}
            dataOf={props.dataOf}
            onOpen={onOpen}
            onAdd={props.readOnly ? undefined : (name) => props.onAddItem(name, group.key)}
            draggable={!props.readOnly}
          />
        ))}
      </section>
      <DragOverlay>
        {draggedItem && (
          <div className={`${styles.card} ${styles.overlay}`}>
            <CardBody
              item={draggedItem}
              title={titleOf(draggedItem)}
              cardAttributes={cardAttributes}
              context={context}
              members={props.members}
              dataOf={props.dataOf}
            />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
