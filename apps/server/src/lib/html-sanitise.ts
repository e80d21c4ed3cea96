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

/** Where a document's file is read on a page shown outside the app, and whether it shows in place. */
export interface PageFileTarget {
  href: string;
  image: boolean;
}

/** How a page shown outside the app resolves what a document names by id. */
export interface OutsideLinks {
  itemLinks(itemId: string): ItemLinkTarget | null;
  pageFiles(fileId: string): PageFileTarget | null;
}

/**
 * Only the `img` a file of the page becomes is kept: any other (a row from an older rule) is
 * renamed to a tag the allow-list does not know, and so dropped.
 */
const DROPPED: sanitizeHtml.Tag = { tagName: 'dropped-img', attribs: {} };

/**
 * The allow-list of a page shown outside the app (published-page-html.ts): each link to an item
 * (documents/item-link.ts) becomes a link to the target it answers, with the title it answers,
 * or, answered null, the label's text alone; each file (documents/page-file.ts) an image shown in
 * place or a link to the file, or, answered null, its name alone; a mention its text. No id is
 * left in the page.
 */
function outsideOptions(links: OutsideLinks): sanitizeHtml.IOptions {
  return {
    ...OPTIONS,
    allowedTags: [...(OPTIONS.allowedTags || []), 'img'],
    allowedAttributes: {
      ...OPTIONS.allowedAttributes,
      a: [...RICH_TEXT_ATTRIBUTES.a!, 'data-type'],
      img: ['src', 'alt', 'data-type'],
    },
    transformTags: {
      ...OPTIONS.transformTags,
      img: () => DROPPED,
      span: (tagName, attribs): sanitizeHtml.Tag => {
        // A mention is its text: no member's id leaves.
        if (attribs['data-type'] === 'mention') return { tagName, attribs: {} };
        if (attribs['data-type'] !== 'item-link') return { tagName, attribs };
        const target = attribs['data-id'] ? links.itemLinks(attribs['data-id']) : null;
        return target
          ? { tagName: 'a', attribs: { href: target.href }, text: target.title }
          : { tagName, attribs: {}, text: attribs['data-label'] ?? '' };
      },
      div: (tagName, attribs): sanitizeHtml.Tag => {
        if (attribs['data-type'] !== 'file') return { tagName, attribs };
        const name = attribs['data-name'] ?? '';
        const target = attribs['data-id'] ? links.pageFiles(attribs['data-id']) : null;
        if (!target) return { tagName: 'p', attribs: {}, text: name };
        return target.image
          ? { tagName: 'img', attribs: { src: target.href, alt: name, 'data-type': 'file' }, text: '' }
          : { tagName: 'a', attribs: { href: target.href, 'data-type': 'file' }, text: name };
      },
    },
  };
}

/**
 * Long-text HTML as it may be stored and shown: sanitised on every write (ARCHITECTURE.md section 3).
 * `outside`: for a page shown outside the app, what its ids resolve to (outsideOptions).
 */
export function sanitiseHtml(html: string, outside?: OutsideLinks): string {
  return sanitizeHtml(html, outside ? outsideOptions(outside) : OPTIONS);
}
