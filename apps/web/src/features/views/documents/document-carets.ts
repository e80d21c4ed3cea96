import type { HocuspocusProvider } from '@hocuspocus/provider';
import { Extension } from '@tiptap/core';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import styles from './documents.module.css';

export interface CaretUser {
  name: string;
  color: string;
}

/** Where another person's cursor is: a thin bar in their colour with their name above it. */
function caret(user: Partial<CaretUser>): HTMLElement {
  const bar = document.createElement('span');
  bar.className = styles.caret ?? '';
  // Not part of the text: assistive technology reads the page without the others' cursors.
  bar.setAttribute('aria-hidden', 'true');
  bar.style.borderColor = user.color ?? 'currentColor';
  const label = document.createElement('span');
  label.className = styles.caretLabel ?? '';
  label.style.backgroundColor = user.color ?? 'currentColor';
  // Text, never HTML: a name is whatever its owner typed.
  label.textContent = user.name ?? '';
  bar.append(label);
  return bar;
}

/** The others' cursors and selections in a co-edited document, from the connection's awareness. */
export const DocumentCarets = Extension.create<{ provider: HocuspocusProvider | null; user: CaretUser }>({
  name: 'documentCarets',
  addOptions: () => ({ provider: null, user: { name: '', color: '#888' } }),
  addProseMirrorPlugins() {
    const awareness = this.options.provider?.awareness;
    if (!awareness) return [];
    awareness.setLocalStateField('user', this.options.user);
    return [
      yCursorPlugin(awareness, {
        cursorBuilder: caret,
        selectionBuilder: (user: Partial<CaretUser>) => ({
          style: `background-color: ${user.color ?? '#888'}33`,
          class: styles.selection ?? '',
        }),
      }),
    ];
  },
});

/** A person's colour, the same on every screen: a hue from their id. */
export function personColor(userId: number): string {
  return `hsl(${(userId * 137) % 360} 65% 42%)`;
}
