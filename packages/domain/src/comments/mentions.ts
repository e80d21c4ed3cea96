/**
 * Mentions in a comment's HTML. The editor writes a mention as
 * `<span data-type="mention" data-id="{userId}" data-label="{name}">@name</span>`; the allow-list
 * keeps exactly those attributes on a span (rich-text/html-allow-list.ts). The label is the name
 * when it was written: screens show the member's current name for the id.
 */

/** `data-type="mention"` and a numeric `data-id` in one span's attributes, in any order and quoting. */
const SPAN = /<span\b([^>]*)>/gi;
const ATTRIBUTE = /\bdata-(type|id)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The user ids mentioned in `html`, each once, in the order they first appear. */
export function mentionedUserIds(html: string): number[] {
  const ids: number[] = [];
  for (const span of html.matchAll(SPAN)) {
    let type: string | undefined;
    let id: string | undefined;
    for (const attribute of (span[1] ?? '').matchAll(ATTRIBUTE)) {
      const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      if (attribute[1]!.toLowerCase() === 'type') type = value;
      else id = value;
    }
    if (type !== 'mention' || id === undefined || !/^[1-9]\d{0,9}$/.test(id)) continue;
    const userId = Number(id);
    if (userId <= 2_147_483_647 && !ids.includes(userId)) ids.push(userId);
  }
  return ids;
}

/** Whether a comment's HTML says nothing: no text and no mention once tags and spaces are gone. */
export function isEmptyCommentHtml(html: string): boolean {
  if (mentionedUserIds(html).length > 0) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text.length === 0;
}
