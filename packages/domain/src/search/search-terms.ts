/**
 * How a search text becomes a query (docs/search.md): its words, each matched as a prefix of a
 * word of the text (full-text search, `simple` configuration, so no language's stemming), and the
 * whole text matched anywhere inside the text (trigram index) where words alone fall short: always
 * for scripts written without spaces (Chinese, Japanese; Korean syllable blocks), and for a part of
 * a word (three characters and more) only when the words themselves match nothing: an inside match
 * costs far more than a word match, and a word's beginning is what people type.
 */

/** At most this many words take part; the rest of a long query adds nothing but cost. */
export const MAX_SEARCH_TERMS = 8;

/** A trigram index answers an inside-the-text match from this many characters on. */
export const SUBSTRING_MIN_LENGTH = 3;

const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
/** Han, Hiragana, Katakana and Hangul: written without spaces between words. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The query's distinct words, lower-cased, in order, at most MAX_SEARCH_TERMS. */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().split(WORD_SEPARATOR).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/**
 * The `to_tsquery` text for these words: every word as a prefix (`'word':*`), all required. The
 * words hold only letters and digits, so they need no escaping; null when there are none.
 */
export function prefixTsQuery(terms: readonly string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((term) => `'${term}':*`).join(' & ');
}

/** Whether the whole query is always also matched anywhere inside the text, with its words. */
export function alwaysMatchesInside(query: string): boolean {
  return UNSPACED_SCRIPT.test(query);
}

/** Whether the whole query may be matched anywhere inside the text when its words match nothing. */
export function mayMatchInside(query: string): boolean {
  return query.trim().length >= SUBSTRING_MIN_LENGTH || alwaysMatchesInside(query);
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export function containsPattern(query: string): string {
  return `%${query.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Up to `width` characters of `text` around the first place one of the terms (or the whole query)
 * starts, cut at spaces where it can be, with an ellipsis where it was cut. Whitespace is folded.
 * Null when nothing matches (the hit was found through another field).
 */
export function snippetAround(text: string, query: string, width = 140): string | null {
  const plain = text.replace(/\s+/g, ' ').trim();
  const lower = plain.toLowerCase();
  const needles = [query.trim().toLowerCase(), ...searchTerms(query)].filter(Boolean);
  const found = needles.map((needle) => lower.indexOf(needle)).filter((index) => index >= 0);
  if (found.length === 0) return null;
  const at = Math.min(...found);
  if (plain.length <= width) return plain;
  let start = Math.max(0, at - Math.floor(width / 3));
  let end = Math.min(plain.length, start + width);
  start = Math.max(0, end - width);
  if (start > 0) {
    const space = plain.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  if (end < plain.length) {
    const space = plain.lastIndexOf(' ', end);
    if (space > at) end = space;
  }
  return `${start > 0 ? '…' : ''}${plain.slice(start, end)}${end < plain.length ? '…' : ''}`;
}
