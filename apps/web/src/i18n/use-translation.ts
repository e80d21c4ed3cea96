import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

/** What a component reads its texts with: `t` in the current language, and the i18next instance. */
export interface Translation {
  t: TFunction;
  i18n: I18n;
}

/**
 * The screens' texts: `const { t, i18n } = useTranslation()`, as react-i18next's hook of the same
 * name answered them (the project used it until 2026-11-28), at a fraction of its cost per
 * component. That hook copied the i18next instance's property descriptors into a new wrapper and
 * built a fixed `t` for every component that mounted, and i18next resolves, interpolates and
 * nests every call again; a board's first screen mounts about a thousand such components. Here
 * every component shares one answer, made again when the language changes (which re-renders
 * them all), and a text asked for by its key alone is resolved once: such a call has nothing to
 * interpolate, so its answer changes only with the language or the catalogue, and the kept
 * answers are dropped when either changes.
 */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, current, current);
}

const listeners = new Set<() => void>();
const plainTexts = new Map<string, string>();
let answer: Translation | undefined;

function current(): Translation {
  answer ??= translation();
  return answer;
}

function translation(): Translation {
  const fixed = i18next.getFixedT(i18next.language ?? null) as unknown as (
    key: string,
    ...rest: unknown[]
  ) => string;
  const t = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string' || !i18next.isInitialized)
      return fixed(key as string, ...rest);
    if (i18next.store !== watchedStore) watchStore();
    let text = plainTexts.get(key);
    if (text === undefined) {
      text = fixed(key);
      plainTexts.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
  return { t, i18n: i18next };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A new language: a new answer for every component, which re-render with it. */
function languageChanged() {
  plainTexts.clear();
  answer = undefined;
  for (const listener of listeners) listener();
}

/** The catalogue the kept texts came from: a part added to it, or another one (i18next set up again), drops them. */
let watchedStore: I18n['store'] | undefined;

function watchStore() {
  watchedStore = i18next.store;
  plainTexts.clear();
  const drop = () => plainTexts.clear();
  watchedStore.on('added', drop);
  watchedStore.on('removed', drop);
}

i18next.on('languageChanged', languageChanged);
i18next.on('initialized', languageChanged);
