import { useEffect } from 'react';

/** The parts a title can name, the most specific first: "Item · Board · Strata". */
const LEVELS = ['item', 'board'] as const;
export type TitleLevel = (typeof LEVELS)[number];

/** Between the parts of the title, in every language (a separator, not a word). */
const SEPARATOR = ' · ';

/** The title the page was served with (the product's name): the end of every title, and the whole of it elsewhere. */
let base: string | undefined;
const names = new Map<TitleLevel, string>();

function apply(): void {
  base ??= document.title;
  const parts = LEVELS.map((level) => names.get(level)).filter((name): name is string => Boolean(name));
  document.title = [...parts, base].join(SEPARATOR);
}

/**
 * Names the open board or item in the browser tab's title while the calling screen is mounted
 * ("Launch plan · Strata", "Print the posters · Launch plan · Strata"); the screens without a
 * name keep the served title. A name not known yet (still loading) adds nothing.
 */
export function useDocumentTitle(level: TitleLevel, name: string | undefined): void {
  useEffect(() => {
    const trimmed = name?.trim();
    if (!trimmed) return;
    names.set(level, trimmed);
    apply();
    return () => {
      if (names.get(level) !== trimmed) return;
      names.delete(level);
      apply();
    };
  }, [level, name]);
}
