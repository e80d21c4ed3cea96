import type { AnyExtension, Extensions } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { Callout } from './callout';
import { ItemLink } from './item-link';
import { DocumentMention } from './mention';
import { PageFile } from './page-file';

/** The Yjs fragment a page's body lives in (TipTap's collaboration default). */
export const DOCUMENT_FRAGMENT = 'default';

/**
 * What a page can hold (docs/documents.md), the one definition the editor and the server's HTML
 * snapshot share: headings 1 to 3, paragraphs, bold, italic, strike, inline code and code blocks,
 * bullet, numbered and task lists, quotes, rules, line breaks, links and tables (a header row,
 * cells of paragraphs; no column resizing: widths follow the page),
 * callouts (callout.ts), links to items (item-link.ts), images and files (page-file.ts) and
 * mentions of members (mention.ts).
 * Undo and redo are left
 * to the collaboration (each person undoes their own changes); `isAllowedUri` is the editor's
 * link rule (the server sanitises what it renders).
 */
export function documentSchema(
  options: {
    isAllowedUri?: (url: string) => boolean;
    /** The node links to items are drawn by (the editor's node view); the shared one otherwise. */
    itemLink?: typeof ItemLink;
    /** The node images and files are drawn by (the editor's node view); the shared one otherwise. */
    pageFile?: typeof PageFile;
    /** The mention node with its suggestion list (the editor's); the shared one otherwise. */
    mention?: AnyExtension;
  } = {},
): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      undoRedo: false,
      underline: false,
      link: false,
    }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      ...(options.isAllowedUri ? { isAllowedUri: (url: string) => options.isAllowedUri!(url) } : {}),
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    Callout,
    options.itemLink ?? ItemLink,
    options.pageFile ?? PageFile,
    options.mention ?? DocumentMention,
  ];
}
