import {
  RICH_TEXT_ATTRIBUTES as ALLOWED_ATTRIBUTES,
  RICH_TEXT_CODE_CLASS as CODE_CLASS,
  RICH_TEXT_LINK_REL as LINK_REL,
  RICH_TEXT_TAGS,
} from '@strata/domain/rich-text/html-allow-list';
import { hasAllowedScheme } from '@strata/domain/urls';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/*
 * Long-text HTML in the browser, kept to the allow-list the server's sanitiser keeps
 * (packages/domain/src/rich-text/html-allow-list.ts).
 */

const ALLOWED_TAGS = [...RICH_TEXT_TAGS];
const ALL_ATTRIBUTES = [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())];

/**
 * The server's schemes (http, https, mailto, tel) or a relative address; never protocol-relative
 * (`//host`). DOMPurify strips whitespace and control characters before testing.
 */
const ALLOWED_URI = /^(?![/\\]{2})(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: Purifier | null = null;

/** A DOMPurify instance of our own, so that its hooks never touch another caller's. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, event) => {
    const tag = node.nodeName.toLowerCase();
    if (!ALLOWED_ATTRIBUTES[tag]?.includes(event.attrName)) {
      event.keepAttr = false;
    } else if (event.attrName === 'class') {
      const kept = event.attrValue.split(/\s+/).filter((name) => CODE_CLASS.test(name));
      if (kept.length === 0) event.keepAttr = false;
      else event.attrValue = kept.join(' ');
    }
  });
  // Links that open elsewhere cannot reach back into the app (as the server's transform).
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', LINK_REL);
  });
  purifier = instance;
  return instance;
}

/**
 * Long-text HTML reduced to the server's allow-list: tags, attributes per tag, link schemes.
 * Scripts, styles, event handlers and other schemes never survive. Safe to put into the DOM.
 */
export function sanitiseLongTextHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ALL_ATTRIBUTES,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/** Whether the editor may link to `href`: an absolute http, https or mailto address (the API's URL rule). */
export function isAllowedLinkHref(href: string): boolean {
  return hasAllowedScheme(href.trim());
}

/**
 * The address a person typed into the link field, made absolute: `example.com/x` becomes
 * `https://example.com/x` and `ann@example.com` becomes `mailto:ann@example.com` (as the links
 * attribute adds `https://`). Null when the result is not an http, https or mailto address.
 */
export function normaliseLinkHref(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  let href = text;
  if (!/^[a-z][a-z\d+.-]*:/i.test(text)) {
    href = /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text) ? `mailto:${text}` : `https://${text}`;
  }
  return isAllowedLinkHref(href) ? href : null;
}
