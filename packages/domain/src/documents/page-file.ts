import { Node } from '@tiptap/core';

/** An attachment id as the server makes them (a UUID); a file naming anything else shows its name only. */
const ATTACHMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The attachment id of a file's attributes, or null when it is not one. */
export function pageFileId(value: unknown): string | null {
  return typeof value === 'string' && ATTACHMENT_ID.test(value) ? value : null;
}

/** Images a page shows in place; any other file shows as its name, opened or downloaded. */
export const PAGE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export const isPageImage = (type: unknown): boolean =>
  typeof type === 'string' && PAGE_IMAGE_TYPES.includes(type);

/** A file as a page holds it: the attachment and what it was when placed. */
export interface PageFileAttributes {
  id: string;
  name: string;
  type: string;
  size: number;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    pageFile: {
      /**
       * Puts these files (attachments of the board) at the selection, one block each, and an
       * empty line after them to go on writing (where the next files go too).
       */
      insertPageFiles: (files: readonly PageFileAttributes[]) => ReturnType;
    };
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * An image or a file in a page (docs/documents.md, "Images and files"): an attachment of the
 * page's board, by its id, with its name, type and size as they were when it was placed. Stored
 * as `<div data-type="file" data-id="…" data-name="…" data-mime="…" data-size="…">name</div>`:
 * the HTML snapshot, search and exports read the name; the editor and published pages show an
 * image in place and any other file as its name to open.
 */
export const PageFile = Node.create({
  name: 'pageFile',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => pageFileId(element.getAttribute('data-id')),
        renderHTML: (attributes) => {
          const id = pageFileId(attributes.id);
          return id ? { 'data-id': id } : {};
        },
      },
      name: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-name') ?? element.textContent ?? '',
        renderHTML: (attributes) => ({ 'data-name': text(attributes.name) }),
      },
      type: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-mime') ?? '',
        renderHTML: (attributes) => ({ 'data-mime': text(attributes.type) }),
      },
      size: {
        default: 0,
        parseHTML: (element) => Number(element.getAttribute('data-size')) || 0,
        renderHTML: (attributes) => {
          const size = Number(attributes.size);
          return { 'data-size': String(Number.isSafeInteger(size) && size > 0 ? size : 0) };
        },
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-type="file"]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['div', { 'data-type': 'file', ...HTMLAttributes }, text(node.attrs.name)];
  },
  renderText({ node }) {
    return text(node.attrs.name);
  },
  addCommands() {
    return {
      insertPageFiles:
        (files) =>
        ({ commands }) =>
          commands.insertContent([
            ...files.map((file) => ({ type: this.name, attrs: { ...file } })),
            { type: 'paragraph' },
          ]),
    };
  },
});
