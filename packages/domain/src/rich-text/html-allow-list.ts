/**
 * What long text may hold: the rich-text editor's output (paragraphs, headings, marks, lists,
 * task lists, quotes, code, links, rules, tables). The server's sanitiser (sanitize-html) keeps
 * only this on every write, and the browser's (DOMPurify) the same on render, so what is shown
 * and what the editor sends never holds more than the server would keep.
 */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'mark',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'hr',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  // A document's callout (documents/callout.ts) and file (documents/page-file.ts).
  'div',
];

/** Attributes kept, per tag; every other attribute is dropped. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  ul: ['data-type'],
  li: ['data-type', 'data-checked'],
  ol: ['start'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  span: ['data-type', 'data-id', 'data-label'],
  code: ['class'],
  div: ['data-type', 'data-tone', 'data-id', 'data-name', 'data-mime', 'data-size'],
};

/** The only classes kept: a code block's language. */
export const RICH_TEXT_CODE_CLASS = /^language-[\w-]+$/;

/** Link schemes kept (besides relative addresses; never protocol-relative `//host`). */
export const RICH_TEXT_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/** The rel of a link that opens elsewhere, so that it cannot reach back into the app. */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';
