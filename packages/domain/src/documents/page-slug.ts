/** An item id as the web app makes them (a UUID): the stable end of a page's slug. */
const ITEM_ID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SLUG_WORDS_MAX = 60;

/**
 * A published page's address part: its title in lower case, words joined by hyphens (letters and
 * digits of any script kept, so an Arabic title stays Arabic), then its item's id. The id keeps
 * the address working when the title changes: the old address finds the page by it and redirects
 * to the new one.
 */
export function pageSlug(title: string, itemId: string): string {
  const words = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_WORDS_MAX)
    .replace(/-+$/, '');
  return words ? `${words}-${itemId}` : itemId;
}

/** The item id a slug ends with, or null. */
export function itemIdOfSlug(slug: string): string | null {
  return ITEM_ID_AT_END.exec(slug)?.[1]?.toLowerCase() ?? null;
}

/**
 * What a published address opens (spec section 2): `e` a documents view's whole site, `i` one of
 * its pages shared alone, `f` a files view's file list.
 */
export type PublishedKind = 'e' | 'i' | 'f';

/** The site part of a published documents view's address: `e{workspaceId}-{viewId}` (or `i...`). */
export function publishedSiteKey(teamId: number, viewId: string, kind: PublishedKind = 'e'): string {
  return `${kind}${teamId}-${viewId}`;
}

const SITE = /^([eif])([1-9][0-9]{0,9})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The kind, workspace and view a site key names, or null. */
export function parsePublishedSiteKey(
  key: string,
): { kind: PublishedKind; teamId: number; viewId: string } | null {
  const match = SITE.exec(key);
  if (!match) return null;
  const teamId = Number(match[2]);
  const kind = match[1]!.toLowerCase() as PublishedKind;
  return teamId <= 2_147_483_647 ? { kind, teamId, viewId: match[3]!.toLowerCase() } : null;
}
