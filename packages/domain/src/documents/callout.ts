import { Node } from '@tiptap/core';

/** A callout's tones, in the order the editor's tone button steps through them. */
export const CALLOUT_TONES = ['info', 'success', 'warning', 'danger'] as const;
export type CalloutTone = (typeof CALLOUT_TONES)[number];

const isTone = (value: unknown): value is CalloutTone =>
  (CALLOUT_TONES as readonly unknown[]).includes(value);

/** The tone after `tone`, for the tone button (from the last back to the first). */
export function nextCalloutTone(tone: unknown): CalloutTone {
  const at = isTone(tone) ? CALLOUT_TONES.indexOf(tone) : -1;
  return CALLOUT_TONES[(at + 1) % CALLOUT_TONES.length]!;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    callout: {
      /** Wraps the selected blocks in a callout, or takes them out of the one they are in. */
      toggleCallout: () => ReturnType;
      /** Gives the callout around the selection the next tone. */
      nextCalloutTone: () => ReturnType;
    };
  }
}

/**
 * A callout (docs/documents.md): blocks set apart in a coloured box, of one of CALLOUT_TONES
 * (information, success, warning, danger). Stored and shown as
 * `<div data-type="callout" data-tone="…">`; a tone it does not know reads as information.
 */
export const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      tone: {
        default: 'info',
        parseHTML: (element) => {
          const tone = element.getAttribute('data-tone');
          return isTone(tone) ? tone : 'info';
        },
        renderHTML: (attributes) => ({ 'data-tone': isTone(attributes.tone) ? attributes.tone : 'info' }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-type="callout"]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', { 'data-type': 'callout', ...HTMLAttributes }, 0];
  },
  addCommands() {
    return {
      toggleCallout:
        () =>
        ({ commands }) =>
          commands.toggleWrap(this.name),
      nextCalloutTone:
        () =>
        ({ editor, commands }) =>
          commands.updateAttributes(this.name, {
            tone: nextCalloutTone(editor.getAttributes(this.name).tone),
          }),
    };
  },
});
