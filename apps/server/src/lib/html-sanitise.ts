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

/** Where a document's link to an item leads on a page shown outside the app, and its title now. */
export interface ItemLinkTarget {
  href: string;
  title: string;
}

/**
 * Long-text HTML as it may be stored and shown: sanitised on every write (ARCHITECTURE.md section 3).
 * `itemLinks` (a published page): each link to an item (documents/item-link.ts) becomes a link to
 * the target it answers, with the title it answers, or, answered null, the label's text alone; no
 * item id is left in the page.
 */
export function sanitiseHtml(
  html: string,
  options: { itemLinks?: (itemId: string) => ItemLinkTarget | null } = {},
): string {
  const { itemLinks } = options;
  if (!itemLinks) return sanitizeHtml(html, OPTIONS);
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      span: (tagName, attribs): sanitizeHtml.Tag => {
        if (attribs['data-type'] !== 'item-link') return { tagName, attribs };
        const target = attribs['data-id'] ? itemLinks(attribs['data-id']) : null;
        return target
          ? { tagName: 'a', attribs: { href: target.href }, text: target.title }
          : { tagName, attribs: {}, text: attribs['data-label'] ?? '' };
      },
    },
  });
}
