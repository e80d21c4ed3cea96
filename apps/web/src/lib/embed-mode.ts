/**
 * A public board embedded in another site (docs/public-boards.md, "Embedding"): its address
 * carries `embed=1`, the server lets any site frame it, and the app in that frame never uses
 * the session kept on this device, so a page that frames it cannot act as the person signed in
 * here. Decided once, when the app starts: navigating inside the frame keeps it.
 */
export function isEmbedAddress(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return location.pathname.startsWith('/b/') && new URLSearchParams(location.search).get('embed') === '1';
}

export const IS_EMBEDDED = typeof window !== 'undefined' && isEmbedAddress(window.location);

/** The query an embedded page's own links keep, so that a reload inside the frame stays framable. */
export const EMBED_QUERY = 'embed=1&hide_header=1';

/** A path inside an embedded public board: with the embed query when embedded. */
export function embedPath(path: string): string {
  if (!IS_EMBEDDED) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${EMBED_QUERY}`;
}
