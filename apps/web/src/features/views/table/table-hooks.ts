import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { validateValue } from '@strata/domain/attributes/type-registry';
import type { ViewSettings } from '@strata/domain/views/view-settings';
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { valueErrorText } from '../cells/use-validated-commit';
import type { GridPosition } from './grid-navigation';
import type { EditState } from './table-cell';
import { type TableLine, toggleGroupCollapsed } from './table-model';
import type { RowActions } from './table-rows';
import type { TableViewProps } from './table-view-props';

/**
 * The settings the rows depend on, kept identical while filters, sort and grouping are: resizing
 * or hiding a column must not filter and sort 10,000 items again.
 */
export function useRowSettings(settings: ViewSettings): ViewSettings {
  const kept = useRef(settings);
  const previous = kept.current;
  if (
    previous.filters !== settings.filters ||
    previous.filter_match !== settings.filter_match ||
    previous.sort !== settings.sort ||
    previous.group_by !== settings.group_by
  )
    kept.current = settings;
  return kept.current;
}

export function useIsRtl(ref: RefObject<HTMLElement | null>, dir: 'ltr' | 'rtl' | undefined): boolean {
  // The page's direction at once (the usual case), so that a right-to-left table is not drawn
  // twice on mounting; the effect still reads the closest element that sets one.
  const [rtl, setRtl] = useState(() =>
    dir ? dir === 'rtl' : document.documentElement.getAttribute('dir') === 'rtl',
  );
  useLayoutEffect(() => {
    setRtl(dir ? dir === 'rtl' : ref.current?.closest('[dir]')?.getAttribute('dir') === 'rtl');
  });
  return rtl;
}

/** What the table's actions read at the time they run (updated on every render). */
export interface TableLatest {
  props: TableViewProps;
  lines: readonly TableLine[];
  edit: EditState | null;
  readOnly: boolean;
}

type Setter<T> = Dispatch<SetStateAction<T>>;

/**
 * The table's actions, one object for the table's lifetime so the memoised rows keep it: they
 * read the latest props and lines through `latest`. Values changed in place (a checkbox, a paste)
 * are validated with the domain first; an editor's commit is already validated by the editor.
 */
export function useTableActions({
  gridId,
  latest,
  focusGrid,
  setEdit,
  setActive,
  setMessage,
  setExpanded,
  setAdding,
}: {
  gridId: string;
  latest: RefObject<TableLatest>;
  focusGrid(): void;
  setEdit: Setter<EditState | null>;
  setActive: Setter<GridPosition>;
  setMessage: Setter<string | null>;
  setExpanded: Setter<ReadonlySet<string>>;
  setAdding: Setter<string | null>;
}) {
  const { t } = useTranslation();
  const committedByKey = useRef(false);
  const selectAnchor = useRef<number | null>(null);
  const changeValidated = useCallback(
    (itemId: string, attribute: AttributeDefinition, data: unknown) => {
      const checked = validateValue(attribute, data, latest.current.props.context);
      if (!checked.ok) {
        setMessage(valueErrorText(t, checked.errors[0]!));
        return;
      }
      setMessage(null);
      latest.current.props.onChangeValue(itemId, attribute.id, checked.data);
    },
    [t, latest, setMessage],
  );

  const actions: RowActions = useMemo(
    () => ({
      gridId,
      get readOnly() {
        return latest.current.readOnly;
      },
      activate: (row, col) => {
        const current = latest.current.edit;
        // Clicks inside the cell being edited (its popover included) belong to the editor.
        if (current && current.row === row && current.col === col) return;
        setEdit(null);
        setMessage(null);
        setActive({ row, col });
        focusGrid();
      },
      startEdit: (row, col, initialText) => {
        setActive({ row, col });
        setEdit({ row, col, initialText });
      },
      change: changeValidated,
      commit: (itemId, attribute, data, options) => {
        latest.current.props.onChangeValue(itemId, attribute.id, data);
        setMessage(null);
        if (options?.keepOpen) return;
        committedByKey.current = true;
        queueMicrotask(() => {
          committedByKey.current = false;
        });
        setEdit(null);
      },
      cancelEdit: () => setEdit(null),
      button: (itemId, attributeId) => latest.current.props.onButton(itemId, attributeId),
      select: (itemId, row, shiftKey) => {
        const { props: current, lines: shown } = latest.current;
        const willSelect = !current.selection.has(itemId);
        const anchor = selectAnchor.current;
        if (shiftKey && anchor !== null) {
          const [from, to] = anchor < row ? [anchor, row] : [row, anchor];
          const ids = shown
            .slice(from, to + 1)
            .flatMap((line) => (line.kind === 'item' ? [line.item.id] : []));
          current.onToggleSelect(ids, willSelect);
        } else {
          current.onToggleSelect([itemId], willSelect);
        }
        selectAnchor.current = row;
      },
      toggleExpanded: (itemId) =>
        setExpanded((current) => {
          const next = new Set(current);
          if (!next.delete(itemId)) next.add(itemId);
          return next;
        }),
      toggleGroup: (groupKey) => {
        const current = latest.current.props;
        current.onChangeSettings(toggleGroupCollapsed(current.settings, groupKey));
      },
      openItem: (itemId) => latest.current.props.onOpenItem(itemId),
      addItem: (name, groupKey) => {
        const current = latest.current.props;
        const grouped = current.settings.group_by !== null;
        current.onAddItem(name, grouped ? groupKey : undefined);
      },
      setAdding: (groupKey) => {
        setAdding(groupKey);
        if (groupKey === null) focusGrid();
      },
    }),
    [gridId, changeValidated, focusGrid, latest, setEdit, setActive, setMessage, setExpanded, setAdding],
  );
  return { actions, changeValidated, committedByKey };
}
