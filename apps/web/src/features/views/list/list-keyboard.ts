import type { KeyboardEvent } from 'react';
import type { TableLine } from '../table/table-model';
import { parentLineIndex } from './list-model';

/** What the list's key handler reads and does; built by the list on every render. */
export interface ListKeyContext {
  lines: readonly TableLine[];
  active: number;
  rtl: boolean;
  /** Lines a Page Up / Page Down moves. */
  page: number;
  canEditTitle: boolean;
  expanded: ReadonlySet<string>;
  moveTo(index: number): void;
  startEdit(itemId: string, index: number): void;
  select(itemId: string, index: number, shiftKey: boolean): void;
  openItem(itemId: string): void;
  toggleExpanded(itemId: string, index: number): void;
  toggleGroup(groupKey: string, index: number): void;
  focusAddInput(index: number): void;
}

const clamp = (value: number, count: number) => Math.min(Math.max(0, value), Math.max(0, count - 1));

/** The line a movement key goes to; null for other keys. */
function moveTarget(key: string, active: number, count: number, page: number): number | null {
  const to: Record<string, number> = {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    PageDown: active + page,
    PageUp: active - page,
    Home: 0,
    End: count - 1,
  };
  return Object.hasOwn(to, key) ? clamp(to[key]!, count) : null;
}

/**
 * Keys on the focused line (roving focus: the active line is the one tab stop). ArrowUp/Down,
 * Home/End and Page Up/Down move; the arrow along the reading direction expands a group or an
 * item's subitems, the one against it collapses or goes to the parent line (mirrored in
 * right-to-left text). On an item: Enter or F2 renames it (opens it when the title cannot be
 * edited), Space selects it (Shift+Space: the range from the last one), `o` or Ctrl/Cmd+Enter
 * opens it. On a group heading Enter or Space collapses or expands; on an "add item" line Enter
 * goes to its field. Keys pressed in a field or on a control inside the line are theirs.
 */
export function handleListKeyDown(event: KeyboardEvent<HTMLElement>, ctx: ListKeyContext): void {
  const onLine = (event.target as HTMLElement).getAttribute('role') === 'row';
  if (!onLine || event.altKey || event.nativeEvent.isComposing) return;
  const line = ctx.lines[ctx.active];
  if (!line) return;
  const mod = event.ctrlKey || event.metaKey;

  const target = moveTarget(event.key, ctx.active, ctx.lines.length, ctx.page);
  if (target !== null) {
    event.preventDefault();
    ctx.moveTo(target);
    return;
  }

  if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
    const forward = (event.key === 'ArrowRight') !== ctx.rtl;
    event.preventDefault();
    if (line.kind === 'group') {
      if (line.collapsed === forward) ctx.toggleGroup(line.group.key, ctx.active);
      return;
    }
    if (line.kind === 'item' && line.subitemCount > 0 && ctx.expanded.has(line.item.id) !== forward) {
      ctx.toggleExpanded(line.item.id, ctx.active);
      return;
    }
    if (!forward) {
      const parent = parentLineIndex(ctx.lines, ctx.active);
      if (parent !== null) ctx.moveTo(parent);
    }
    return;
  }

  if (line.kind === 'group') {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      ctx.toggleGroup(line.group.key, ctx.active);
    }
    return;
  }
  if (line.kind === 'add') {
    if (event.key === 'Enter') {
      event.preventDefault();
      ctx.focusAddInput(ctx.active);
    }
    return;
  }

  const itemId = line.item.id;
  if ((event.key === 'Enter' && mod) || ((event.key === 'o' || event.key === 'O') && !mod)) {
    event.preventDefault();
    ctx.openItem(itemId);
  } else if (event.key === 'Enter' || event.key === 'F2') {
    event.preventDefault();
    if (ctx.canEditTitle) ctx.startEdit(itemId, ctx.active);
    else if (event.key === 'Enter') ctx.openItem(itemId);
  } else if (event.key === ' ' && !mod) {
    event.preventDefault();
    ctx.select(itemId, ctx.active, event.shiftKey);
  }
}
