import Collaboration from '@tiptap/extension-collaboration';
import Link from '@tiptap/extension-link';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import type { Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type * as Y from 'yjs';
import { isAllowedLinkHref } from '../cells/rich-text-html';

/**
 * What a page can hold: headings 1 to 3, paragraphs, bold, italic, strike, inline code and code
 * blocks, bullet, numbered and task lists, quotes, rules, line breaks and links (http, https and
 * mailto), in the Yjs document's `default` fragment. Undo and redo are the collaboration's own:
 * each person undoes only their own changes.
 */
export function documentExtensions(document: Y.Doc): Extensions {
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
      isAllowedUri: (url) => isAllowedLinkHref(url),
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    Collaboration.configure({ document }),
  ];
}
