import type { ViewItem } from '@strata/domain/views/view-rows';
import { type Dispatch, type RefObject, type SetStateAction, useMemo, useRef } from 'react';
import type { TableLine } from '../table/table-model';
import { toggleGroupCollapsed } from '../table/table-model';
import { type ActiveLine, itemIdsBetween, lineKey } from './list-model';
import type { ListViewProps } from './list-view-props';

/** What the rows can do; one object for the list's lifetime, so the memoised rows keep it. */
export interface ListActions {
  /** Focus came into a line (a click, its field): it becomes the active line. */
  activate(index: number): void;
  /** Makes a line the active one and moves the focus to it. */
  focusLine(index: number): void;
  select(itemId: string, index: number, shiftKey: boolean): void;
  toggleExpanded(itemId: string, index: number): void;
  toggleGroup(groupKey: string, index: number): void;
  openItem(itemId: string): void;
  button(itemId: string, attributeId: string): void;
  startEdit(itemId: string, index: number): void;
  /** The title editor's validated data (it has passed `validateValue`). */
  commitTitle(item: ViewItem, data: unknown): void;
  cancelEdit(): void;
  addItem(name: string, groupKey: string): void;
  focusAddInput(index: number): void;
}

/** What the actions read at the time they run (updated on every render). */
export interface ListLatest {
  props: ListViewProps;
  lines: readonly TableLine[];
  active: ActiveLine;
  /** The current title of an item (the name attribute's data). */
  titleOf(item: ViewItem): unknown;
}

type Setter<T> = Dispatch<SetStateAction<T>>;

export function useListActions({
  latest,
  scrollRef,
  setActive,
  setEditing,
  setExpanded,
}: {
  latest: RefObject<ListLatest>;
  scrollRef: RefObject<HTMLElement | null>;
  setActive: Setter<ActiveLine>;
  setEditing: Setter<string | null>;
  setExpanded: Setter<ReadonlySet<string>>;
}) {
  /** Set when the active line should take the focus once it is drawn (the list reads it). */
  const focusRequested = useRef(false);
  const selectAnchor = useRef<number | null>(null);

  const actions: ListActions = useMemo(() => {
    const makeActive = (index: number) => {
      const line = latest.current.lines[index];
      const key = line ? lineKey(line) : null;
      const { active } = latest.current;
      if (active.index !== index || active.key !== key) setActive({ index, key });
    };
    const focusLine = (index: number) => {
      focusRequested.current = true;
      const line = latest.current.lines[index];
      // A new object even when unchanged: the list's effect runs and focuses the line.
      setActive({ index, key: line ? lineKey(line) : null });
    };
    return {
      activate: makeActive,
      focusLine,
      select: (itemId, index, shiftKey) => {
        const { props, lines } = latest.current;
        const willSelect = !props.selection.has(itemId);
        const anchor = selectAnchor.current;
        const ids = shiftKey && anchor !== null ? itemIdsBetween(lines, anchor, index) : [itemId];
        props.onToggleSelect(ids, willSelect);
        selectAnchor.current = index;
        focusLine(index);
      },
      toggleExpanded: (itemId, index) => {
        setExpanded((current) => {
          const next = new Set(current);
          if (!next.delete(itemId)) next.add(itemId);
          return next;
        });
        focusLine(index);
      },
      toggleGroup: (groupKey, index) => {
        const { props } = latest.current;
        props.onChangeSettings(toggleGroupCollapsed(props.settings, groupKey));
        focusLine(index);
      },
      openItem: (itemId) => latest.current.props.onOpenItem(itemId),
      button: (itemId, attributeId) => latest.current.props.onButton(itemId, attributeId),
      startEdit: (itemId, index) => {
        makeActive(index);
        setEditing(itemId);
      },
      commitTitle: (item, data) => {
        const { props, titleOf } = latest.current;
        // An unchanged title is not a change: no save, no event.
        if (props.nameAttributeId !== null && data !== (titleOf(item) ?? null)) {
          props.onChangeValue(item.id, props.nameAttributeId, data);
        }
        setEditing(null);
      },
      cancelEdit: () => setEditing(null),
      addItem: (name, groupKey) => {
        const { props } = latest.current;
        props.onAddItem(name, props.settings.group_by !== null ? groupKey : undefined);
      },
      focusAddInput: (index) => {
        makeActive(index);
        scrollRef.current?.querySelector<HTMLInputElement>(`[data-index="${index}"] input`)?.focus();
      },
    };
  }, [latest, scrollRef, setActive, setEditing, setExpanded]);

  return { actions, focusRequested };
}
