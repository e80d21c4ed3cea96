import sanitizeHtml from 'sanitize-html';

/**
 * What long text may hold: the rich-text editor's output (paragraphs, headings, marks, lists,
 * task lists, quotes, code, links, rules, tables). Everything else is dropped with its
 * attributes; scripts, styles and event handlers never survive, and links keep only safe schemes.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    ul: ['data-type'],
    li: ['data-type', 'data-checked'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    span: ['data-type', 'data-id', 'data-label'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Links that open elsewhere cannot reach back into the app.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer nofollow' } : attribs,
    }),
  },
};

/** Long-text HTML as it may be stored and shown: sanitised on every write (ARCHITECTURE.md section 3). */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
