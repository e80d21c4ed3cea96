import Link from '@tiptap/extension-link';
import type { Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isAllowedLinkHref } from './rich-text-html';

/**
 * What the long-text editor can write: paragraphs, headings 2 and 3, bold, italic, strike, inline
 * code and code blocks, bullet and numbered lists, quotes, rules, line breaks and links to http,
 * https and mailto addresses. Every tag it outputs is on the server's allow-list; anything else in
 * loaded HTML (tables, task lists, other schemes) is dropped by the editor's schema on load.
 */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      // No toolbar button and not in the brief's set: Ctrl+U would be a hidden format.
      underline: false,
      // Configured below from its own package, so the scheme rule is in one place.
      link: false,
    }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isAllowedLinkHref(url),
    }),
  ];
}
