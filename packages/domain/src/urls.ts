/**
 * The one rule for URLs that the API stores and the web app opens or loads: parsed as a browser
 * parses them (so `java\tscript:` or a leading space is seen as the scheme it is), and accepted
 * only with a listed scheme. `javascript:`, `data:`, `vbscript:`, `file:` and the rest never pass.
 */
export const URL_SCHEMES = ['http', 'https', 'mailto'] as const;

/** What a link value may point at: the URL schemes plus ftp and tel (docs/attributes.md). */
export const LINK_SCHEMES = [...URL_SCHEMES, 'ftp', 'tel'] as const;

/** What an image (a link's favicon) may be loaded from. */
export const IMAGE_SCHEMES = ['http', 'https'] as const;

/** Whether `text` is an absolute URL with one of `schemes` (by default http, https and mailto). */
export function hasAllowedScheme(text: string, schemes: readonly string[] = URL_SCHEMES): boolean {
  try {
    return schemes.includes(new URL(text).protocol.slice(0, -1));
  } catch {
    return false;
  }
}
