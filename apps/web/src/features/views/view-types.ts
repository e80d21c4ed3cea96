import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import type { ComponentType } from 'react';

/** A member of the workspace as cells show and pick them. */
export interface ViewMember {
  id: number;
  name: string;
  photo_url?: string | null;
}

/** What every cell renderer gets: one attribute's stored data of one item. */
export interface CellRenderProps {
  attribute: AttributeDefinition;
  data: unknown;
  context: ValueContext;
  members: readonly ViewMember[];
  /**
   * Direct manipulation inside the rendered cell (tick a checkbox, click a star). Absent where the
   * value is only shown (read-only views, cards): the renderer then draws a static value.
   */
  onChange?: (data: unknown) => void;
  /** Button attributes: runs the button's action. Without it the button is shown disabled. */
  onButton?: () => void;
  /**
   * Where the value is drawn: 'cell' (default) keeps it to one line; 'panel' (the item panel) has
   * room for more, and types that have more to show (long text's formatting) show it.
   */
  variant?: 'cell' | 'panel';
}

/** What an inline editor gets; it validates before it commits (see use-validated-commit.ts). */
export interface CellEditProps extends Omit<CellRenderProps, 'onChange' | 'onButton'> {
  /**
   * Called with data that passed `validateValue`, in the shape of docs/attributes.md. The edit
   * ends unless `keepOpen` (list editors commit each tick or entry and stay open).
   */
  onCommit(data: unknown, options?: { keepOpen?: boolean }): void;
  /** Leaves the editor without a change (Escape). */
  onCancel(): void;
  /** The character that started the edit when the user typed into the cell. */
  initialText?: string;
  /** The edited item: for editors that write through a route of their own (references). */
  itemId?: string;
}

export interface CellType {
  Render: ComponentType<CellRenderProps>;
  /** An inline editor; absent for types that are read-only here or edited in place by Render. */
  Edit?: ComponentType<CellEditProps>;
  /** One-action edit without an editor (Enter or Space on a checkbox): the next data. */
  toggle?: (data: unknown) => unknown;
  /**
   * The editor saves through a route of its own and never commits data (references): it opens
   * although the item's save does not write the type, and clearing or pasting does nothing.
   */
  savesItself?: boolean;
}

/** The callbacks through which the table reports what the user did; the caller owns the data. */
export interface ViewCallbacks {
  onChangeValue(itemId: string, attributeId: string, data: unknown): void;
  onOpenItem(itemId: string): void;
  /**
   * A new top-level item named `name`. When the view is grouped, `groupKey` is the group's key:
   * a label id, the plain text of the grouping value, or NO_GROUP (view-rows.ts) for "no value".
   */
  onAddItem(name: string, groupKey?: string): void;
  /** Selects (or unselects) several items at once: a checkbox click, or a shift-click range. */
  onToggleSelect(itemIds: string[], selected: boolean): void;
  onButton(itemId: string, attributeId: string): void;
}

/**
 * The item's name column: the first text attribute marked `primary`, else the first text
 * attribute (the caller may pass another rule's answer to the views instead).
 */
export function defaultNameAttributeId(attributes: readonly AttributeDefinition[]): string | null {
  const texts = attributes.filter((attribute) => attribute.type === 'text');
  const primary = texts.find(
    (attribute) => (attribute.settings as { primary?: unknown } | null | undefined)?.primary === true,
  );
  return (primary ?? texts[0])?.id ?? null;
}
