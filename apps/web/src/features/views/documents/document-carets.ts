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

/** The relative luminance (WCAG 2) of an HSL colour of saturation 65 %. */
function luminance(hue: number, lightness: number): number {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * 0.65;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
}

/** White text on this background reads at the WCAG AA ratio for small text. */
const WHITE_TEXT_RATIO = 4.5;

/**
 * A person's colour, the same on every screen: a hue from their id, as light as it can be with
 * their name in white on it still readable (greens and yellows come out darker than blues).
 */
export function personColor(userId: number): string {
  const hue = (userId * 137) % 360;
  let lightness = 0.42;
  while (lightness > 0.2 && 1.05 / (luminance(hue, lightness) + 0.05) < WHITE_TEXT_RATIO) lightness -= 0.01;
  return `hsl(${hue} 65% ${Math.round(lightness * 100)}%)`;
}
