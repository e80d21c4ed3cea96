import { Node } from '@tiptap/core';

/** An item id as the app writes them; a link naming anything else renders as its label alone. */
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The item id of a link's attributes, or null when it is not one. */
export function itemLinkId(value: unknown): string | null {
  return typeof value === 'string' && ITEM_ID.test(value) ? value : null;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    itemLink: {
      /** Puts a link to an item at the selection, followed by a space to type on. */
      insertItemLink: (link: { id: string; label: string }) => ReturnType;
    };
  }
}

/**
 * A link to an item (docs/documents.md, "Links to items"): one piece in the text that names the
 * item by its title. The item's id is what it keeps; `label` is the title when the link was made,
 * what the stored HTML, search and exports read. The editor and published sites show the item's
 * title as it is now instead (the web app's node view, published-page-html.ts). Stored as
 * `<span data-type="item-link" data-id="…" data-label="…">label</span>`, the long text's mention
 * shape, which the allow-list keeps already.
 */
export const ItemLink = Node.create({
  name: 'itemLink',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => itemLinkId(element.getAttribute('data-id')),
        renderHTML: (attributes) => {
          const id = itemLinkId(attributes.id);
          return id ? { 'data-id': id } : {};
        },
      },
      label: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-label') ?? element.textContent ?? '',
        renderHTML: (attributes) => ({ 'data-label': String(attributes.label ?? '') }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-type="item-link"]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', { 'data-type': 'item-link', ...HTMLAttributes }, String(node.attrs.label ?? '')];
  },
  renderText({ node }) {
    return String(node.attrs.label ?? '');
  },
  addCommands() {
    return {
      insertItemLink:
        (link) =>
        ({ commands }) =>
          commands.insertContent([
            { type: this.name, attrs: { id: itemLinkId(link.id), label: link.label } },
            { type: 'text', text: ' ' },
          ]),
    };
  },
});
