import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { KeyboardEvent } from 'react';
import { cellTypeOf } from '../cells/cell-registry';
import { type GridPosition, isTypingKey, navigateGrid } from './grid-navigation';
import { isEditableColumn, opensEditor } from './table-cell';
import type { TableLine } from './table-model';

/** What the grid's key handler reads and does; built by the table on every render. */
export interface GridKeyContext {
  lines: readonly TableLine[];
  columns: readonly AttributeDefinition[];
  active: GridPosition;
  rtl: boolean;
  readOnly: boolean;
  /** Lines a Page Up / Page Down moves. */
  page: number;
  /** Set by a commit; a Tab that bubbles from the editor that just committed moves on. */
  takeCommittedByKey(): boolean;
  setActive(next: GridPosition): void;
  startEdit(row: number, col: number, initialText?: string): void;
  change(itemId: string, attribute: AttributeDefinition, data: unknown): void;
  dataOf(line: Extract<TableLine, { kind: 'item' }>, attribute: AttributeDefinition): unknown;
  button(itemId: string, attributeId: string): void;
  openItem(itemId: string): void;
  select(itemId: string, row: number, shiftKey: boolean): void;
  toggleExpanded(itemId: string, open: boolean): void;
  toggleGroup(groupKey: string): void;
  setAdding(groupKey: string): void;
  copy(): void;
  clearMessage(): void;
}

/**
 * Spreadsheet keys on the grid (it holds focus; the active cell is its aria-activedescendant):
 * arrows, Home/End, Page Up/Down and Tab move; Enter or F2 edits (or ticks a checkbox, runs a
 * button); typing starts editing with the typed character; Delete clears; Shift+Enter opens the
 * item; Shift+Space selects it; Alt+Down/Up shows or hides its subitems. Keys pressed inside an
 * editor are the editor's, except a Tab that just committed, which moves on.
 */
export function handleGridKeyDown(event: KeyboardEvent<HTMLElement>, ctx: GridKeyContext): void {
  const bounds = { rows: ctx.lines.length, cols: Math.max(1, ctx.columns.length), page: ctx.page };
  if (event.target !== event.currentTarget) {
    if (event.key === 'Tab' && !event.defaultPrevented && ctx.takeCommittedByKey()) {
      const next = navigateGrid(event, ctx.active, bounds, ctx.rtl);
      if (next) {
        event.preventDefault();
        ctx.setActive(next);
      }
    }
    return;
  }
  if (ctx.lines.length === 0) return;
  const line = ctx.lines[ctx.active.row];
  if (!line) return;

  if (line.kind === 'item' && event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
    event.preventDefault();
    if (line.depth === 0 && line.subitemCount > 0)
      ctx.toggleExpanded(line.item.id, event.key === 'ArrowDown');
    return;
  }
  const next = navigateGrid(event, ctx.active, bounds, ctx.rtl);
  if (next) {
    event.preventDefault();
    ctx.clearMessage();
    ctx.setActive(next);
    return;
  }
  if (event.key === 'Escape') {
    ctx.clearMessage();
    return;
  }
  if (line.kind === 'group') {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      ctx.toggleGroup(line.group.key);
    }
    return;
  }
  if (line.kind === 'add') {
    if (event.key === 'Enter' || isTypingKey(event)) {
      event.preventDefault();
      ctx.setAdding(line.group);
    }
    return;
  }

  const attribute = ctx.columns[ctx.active.col];
  if (!attribute) return;
  const itemId = line.item.id;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && (event.key === 'c' || event.key === 'C')) {
    // The copy event fills the clipboard too; this covers browsers that fire none without a selection.
    ctx.copy();
    return;
  }
  if (event.key === 'Enter' && event.shiftKey) {
    event.preventDefault();
    ctx.openItem(itemId);
    return;
  }
  if (event.key === ' ' && event.shiftKey) {
    event.preventDefault();
    ctx.select(itemId, ctx.active.row, false);
    return;
  }

  const type = cellTypeOf(attribute.type);
  const editable = isEditableColumn(attribute, ctx.readOnly);
  const canOpen = opensEditor(attribute, ctx.readOnly);
  if (event.key === 'Enter' || event.key === 'F2' || (event.key === ' ' && type.toggle)) {
    event.preventDefault();
    if (attribute.type === 'button' && !ctx.readOnly) ctx.button(itemId, attribute.id);
    else if (editable && type.toggle) ctx.change(itemId, attribute, type.toggle(ctx.dataOf(line, attribute)));
    else if (canOpen && type.Edit) ctx.startEdit(ctx.active.row, ctx.active.col);
    return;
  }
  if ((event.key === 'Delete' || event.key === 'Backspace') && editable) {
    event.preventDefault();
    ctx.change(itemId, attribute, null);
    return;
  }
  if (isTypingKey(event) && canOpen && type.Edit) {
    event.preventDefault();
    ctx.startEdit(ctx.active.row, ctx.active.col, event.key);
  }
}
