import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_CODE_CLASS,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
} from '@strata/domain/rich-text/html-allow-list';
import sanitizeHtml from 'sanitize-html';

/** The shared allow-list (packages/domain/src/rich-text/html-allow-list.ts) as sanitize-html takes it. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedClasses: { code: [RICH_TEXT_CODE_CLASS] },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowProtocolRelative: false,
  // Links that open elsewhere cannot reach back into the app.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: RICH_TEXT_LINK_REL } : attribs,
    }),
  },
};

/** Long-text HTML as it may be stored and shown: sanitised on every write (ARCHITECTURE.md section 3). */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
