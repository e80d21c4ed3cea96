import type { BoardItemHit } from '@strata/contracts/references';
import { itemTitleOf, type ValueContext } from '@strata/domain/attributes/value-context';
import { type KeyboardEvent, type ReactNode, type Ref, useContext, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { errorMessage } from '../../../lib/errors';
import { searchBoardItems } from '../../../lib/items/item-references';
import { rememberItemTitles, useItemTitles } from '../../../lib/items/item-titles';
import { BoardContext } from '../../boards/board-context';
import styles from './cells.module.css';

/**
 * What the editors that link items share (references, dependencies): the linked items' titles as
 * chips, and the search of a board's items to pick one from.
 */

/** Typing pauses this long before the picker searches. */
const SEARCH_DELAY_MS = 200;

export interface ShownTitle {
  text: string;
  /** known: a title (or "Untitled"); loading: being read; unavailable: gone or hidden from the reader. */
  state: 'known' | 'loading' | 'unavailable';
}

/**
 * Titles of linked items: the view's own (`context.itemTitle`, the open folder's items) when it
 * knows them, else the titles cache (one request for every cell drawn at once). Outside a board
 * there is no workspace to ask: ids are shown as the domain shows them.
 */
export function useShownTitles(ids: readonly string[], context: ValueContext): (id: string) => ShownTitle {
  const { t } = useTranslation();
  const view = useContext(BoardContext);
  const unknown = ids.filter((id) => context.itemTitle?.(id) === undefined);
  const fetched = useItemTitles(view?.teamId, unknown);
  return (id) => {
    const local = context.itemTitle?.(id);
    if (local !== undefined) return { text: local || t('views.reference.untitled'), state: 'known' };
    if (!view) return { text: itemTitleOf(id, context), state: 'known' };
    const found = fetched(id);
    if (found) return { text: found.title || t('views.reference.untitled'), state: 'known' };
    if (found === null) return { text: t('views.reference.unavailable'), state: 'unavailable' };
    return { text: t('views.reference.loading'), state: 'loading' };
  };
}

/** A linked item's title as a chip, cut with an ellipsis; `children` follow the title inside it. */
export function TitleChip({
  title,
  className = '',
  children,
}: {
  title: ShownTitle;
  className?: string;
  children?: ReactNode;
}) {
  const muted = title.state === 'known' ? '' : ` ${styles.muted}`;
  return (
    <span
      className={`${styles.chip} ${styles.neutralChip}${muted} ${className}`}
      aria-busy={title.state === 'loading' || undefined}
    >
      {children === undefined ? (
        title.text
      ) : (
        <>
          <span className={styles.text}>{title.text}</span>
          {children}
        </>
      )}
    </span>
  );
}

/** A failure in the catalogue's words; offline, the offline message (searches are never queued). */
export function useFailureText() {
  const { t } = useTranslation();
  return (caught: unknown) =>
    (caught as { code?: string }).code === 'OFFLINE' ? t('errors.offlineFeature') : errorMessage(caught, t);
}

interface ItemSearchProps {
  teamId: number;
  /** The board whose items are searched. */
  boardId: string;
  /** The text the search starts with (the character that started the edit). */
  initialQuery?: string;
  /** Items not offered: the edited item, the ones already linked. */
  excluded: readonly string[];
  /** A link is being written: picking waits. */
  isBusy?: boolean;
  /** The accessible name of the search field. */
  label: string;
  /** The accessible name of the list of hits. */
  resultsLabel: string;
  inputRef?: Ref<HTMLInputElement>;
  onPick(hit: BoardItemHit): void;
  /** A failed search (offline, refused), in the catalogue's words. */
  onFailure(text: string): void;
}

/**
 * A search field over a board's items by title with its list of hits (a combobox: the arrow keys
 * move, Enter picks, the pointer picks too). An empty field lists the board's first items.
 * Titles found are remembered, so chips of the items picked show without another request.
 */
export function ItemSearch({
  teamId,
  boardId,
  initialQuery,
  excluded,
  isBusy = false,
  label,
  resultsLabel,
  inputRef,
  onPick,
  onFailure,
}: ItemSearchProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [query, setQuery] = useState(initialQuery ?? '');
  const [hits, setHits] = useState<readonly BoardItemHit[]>([]);
  const [isSearching, setSearching] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();

  // failureText, onFailure and t only word and pass on a failure: they need no new search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!navigator.onLine) {
      onFailure(t('errors.offlineFeature'));
      return;
    }
    let isStale = false;
    setSearching(true);
    const timer = setTimeout(
      () => {
        searchBoardItems(teamId, boardId, query)
          .then((found) => {
            if (isStale) return;
            rememberItemTitles(
              teamId,
              Object.fromEntries(
                found.map((hit) => [
                  hit.id,
                  { title: hit.title, board_id: boardId, folder_id: hit.folder_id },
                ]),
              ),
            );
            setHits(found);
            setActive(0);
          })
          .catch((caught: unknown) => {
            if (!isStale) onFailure(failureText(caught));
          })
          .finally(() => {
            if (!isStale) setSearching(false);
          });
      },
      query === '' ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      isStale = true;
      clearTimeout(timer);
    };
  }, [teamId, boardId, query]);

  const offered = hits.filter((hit) => !excluded.includes(hit.id));
  const current = Math.min(active, Math.max(0, offered.length - 1));
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + offered.length) % Math.max(1, offered.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = offered[current];
      if (hit && !isBusy) onPick(hit);
    }
  };

  return (
    <>
      <input
        ref={inputRef}
        className={styles.input}
        type="search"
        role="combobox"
        aria-label={label}
        placeholder={t('views.reference.searchPlaceholder')}
        aria-expanded="true"
        aria-controls={listId}
        aria-busy={isSearching || isBusy || undefined}
        aria-activedescendant={offered[current] ? `${listId}-${current}` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the picker opens because the user asked to edit this cell
        autoFocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <div id={listId} className={styles.options} role="listbox" aria-label={resultsLabel} tabIndex={-1}>
        {offered.map((hit, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the search field drives the keyboard (aria-activedescendant)
          <div
            key={hit.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === current}
            aria-disabled={isBusy || undefined}
            className={`${styles.option} ${index === current ? styles.optionActive : ''}`}
            onClick={() => !isBusy && onPick(hit)}
            onPointerMove={() => setActive(index)}
          >
            <span className={styles.text}>{hit.title || t('views.reference.untitled')}</span>
          </div>
        ))}
      </div>
      {offered.length === 0 && (
        <div className={styles.empty} role="status">
          {isSearching ? t('views.reference.searching') : t('views.reference.noMatches')}
        </div>
      )}
    </>
  );
}
