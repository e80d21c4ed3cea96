export interface SearchableOption {
  label: string;
  synonyms?: readonly string[];
}

/** Words of a text: split on whitespace and punctuation, any script. */
function words(text: string): string[] {
  return text
    .toLocaleLowerCase()
    .split(/[\s\p{P}]+/u)
    .filter(Boolean);
}

/**
 * Dropdown search (spec section 5): the query matches the start of any word of the option's
 * label or of any of its synonyms, case-insensitive. An empty query matches everything.
 */
export function matchesOption(option: SearchableOption, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  const texts = [option.label, ...(option.synonyms ?? [])];
  return texts.some((text) => {
    const lower = text.toLocaleLowerCase();
    // A query with spaces matches the start of a word and runs on across the following ones.
    return (
      words(text).some((_, index, all) => all.slice(index).join(' ').startsWith(needle)) ||
      lower.startsWith(needle)
    );
  });
}
