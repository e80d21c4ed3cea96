// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid of positioned divs (table elements cannot be absolutely positioned rows with sticky cells in both directions)
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid is the one focusable element; its active cell is aria-activedescendant
import { isUserEditable } from '@strata/domain/attributes/attribute-types';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import type { ViewItem } from '@strata/domain/views/view-rows';
import type { CSSProperties, ReactNode } from 'react';
import { cellTypeOf } from '../cells/cell-registry';
import { ErrorPopover } from '../cells/error-popover';
import type { ViewMember } from '../view-types';
import styles from './table.module.css';

/** What a cell needs from the table: stable for the table's lifetime, so rows can be memoised. */
export interface CellActions {
  gridId: string;
  readOnly: boolean;
  activate(row: number, col: number): void;
  startEdit(row: number, col: number, initialText?: string): void;
  /** A direct change from a rendered cell (checkbox tick, rating star), validated by the table. */
  change(itemId: string, attribute: AttributeDefinition, data: unknown): void;
  commit(
    itemId: string,
    attribute: AttributeDefinition,
    data: unknown,
    options?: { keepOpen?: boolean },
  ): void;
  cancelEdit(): void;
  button(itemId: string, attributeId: string): void;
}

export interface EditState {
  row: number;
  col: number;
  initialText?: string;
}

export function cellId(gridId: string, row: number, col: number): string {
  return `${gridId}-r${row}-c${col}`;
}

/** Whether the user may change this attribute's values in the table. */
export function isEditableColumn(attribute: AttributeDefinition, readOnly: boolean): boolean {
  return !readOnly && isUserEditable(attribute.type);
}

/**
 * Whether the cell opens its type's editor: a value the item's save writes, or a type whose editor
 * saves through its own route (references). Only the former are cleared or pasted into.
 */
export function opensEditor(attribute: AttributeDefinition, readOnly: boolean): boolean {
  return (
    isEditableColumn(attribute, readOnly) || (!readOnly && cellTypeOf(attribute.type).savesItself === true)
  );
}

/**
 * One gridcell: the value drawn by its type, or the type's editor while it is being edited. A
 * render function the row calls, not a component: it holds no state, and as a component it was
 * a fiber of its own for every cell of every drawn row (108 of a board's first 1,154). `key` is
 * the cell's key among the row's children.
 */
export function tableCell({
  key,
  item,
  attribute,
  data,
  context,
  members,
  row,
  col,
  ariaColIndex,
  width,
  isActive,
  edit,
  actions,
  className,
  style,
  prefix,
  suffix,
  message = null,
}: {
  key: string;
  item: ViewItem;
  attribute: AttributeDefinition;
  data: unknown;
  context: ValueContext;
  members: readonly ViewMember[];
  row: number;
  col: number;
  ariaColIndex: number;
  width: number;
  isActive: boolean;
  edit: EditState | null;
  actions: CellActions;
  className?: string;
  style?: CSSProperties;
  prefix?: ReactNode;
  suffix?: ReactNode;
  /**
   * Why the table refused a change to this cell made without its editor (a paste, a tick, a
   * delete): shown at the cell as the editor shows its own.
   */
  message?: string | null;
}) {
  const type = cellTypeOf(attribute.type);
  const editable = isEditableColumn(attribute, actions.readOnly);
  const canOpen = opensEditor(attribute, actions.readOnly);
  const isEditing = canOpen && edit !== null && type.Edit !== undefined;
  const classes = [styles.cell];
  if (className) classes.push(className);
  if (isActive) classes.push(styles.active);
  if (isEditing) classes.push(styles.editing);
  const direct =
    editable && (attribute.type === 'checkbox' || attribute.type === 'rating')
      ? (next: unknown) => actions.change(item.id, attribute, next)
      : undefined;

  const id = cellId(actions.gridId, row, col);
  const cell = (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keyboard for every cell (aria-activedescendant)
    <div
      key={key}
      role="gridcell"
      id={id}
      aria-colindex={ariaColIndex}
      aria-readonly={!canOpen || undefined}
      aria-describedby={message !== null ? `${id}-message` : undefined}
      className={classes.join(' ')}
      style={{ ...style, inlineSize: width }}
      onClick={() => actions.activate(row, col)}
      onDoubleClick={() => canOpen && actions.startEdit(row, col)}
    >
      {prefix}
      {isEditing && type.Edit ? (
        <type.Edit
          attribute={attribute}
          data={data}
          context={context}
          members={members}
          initialText={edit.initialText}
          itemId={item.id}
          onCommit={(next, options) => actions.commit(item.id, attribute, next, options)}
          onCancel={actions.cancelEdit}
        />
      ) : (
        // The type's renderer itself, not CellValue: one component fewer per cell of every row
        // drawn (108 of a board's first 1,559), and the row is memoised above it already.
        <type.Render
          attribute={attribute}
          data={data}
          context={context}
          members={members}
          onChange={direct}
          onButton={
            attribute.type === 'button' && !actions.readOnly
              ? () => actions.button(item.id, attribute.id)
              : undefined
          }
        />
      )}
      {suffix}
    </div>
  );
  return message !== null ? (
    <ErrorPopover key={key} error={message} messageId={`${id}-message`}>
      {cell}
    </ErrorPopover>
  ) : (
    cell
  );
}
