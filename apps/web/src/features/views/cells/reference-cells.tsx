import type { BoardItemHit } from '@strata/contracts/references';
import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { readValue } from '@strata/domain/attributes/type-registry';
import { itemTitleOf, type ValueContext } from '@strata/domain/attributes/value-context';
import { X } from 'lucide-react';
import { type KeyboardEvent, useContext, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { addReference, removeReference, searchBoardItems } from '../../../lib/items/item-references';
import { rememberItemTitles, useItemTitles } from '../../../lib/items/item-titles';
import { BoardContext } from '../../boards/board-context';
import type { CellEditProps, CellRenderProps } from '../view-types';
import styles from './cells.module.css';
import { EditorMessage, PopoverEditor } from './editor-shell';
import own from './reference-cells.module.css';

/** Typing pauses this long before the picker searches. */
const SEARCH_DELAY_MS = 200;

function idsOf(props: Pick<CellRenderProps, 'attribute' | 'data'>): string[] {
  const ids = readValue(props.attribute, props.data);
  return Array.isArray(ids) ? (ids as string[]) : [];
}

interface ShownTitle {
  text: string;
  /** known: a title (or "Untitled"); loading: being read; unavailable: gone or hidden from the reader. */
  state: 'known' | 'loading' | 'unavailable';
}

/**
 * Titles of referenced items: the view's own (`context.itemTitle`, the open folder's items) when
 * it knows them, else the titles cache (one request for every cell drawn at once). Outside a
 * board there is no workspace to ask: ids are shown as the domain shows them.
 */
function useReferenceTitles(ids: readonly string[], context: ValueContext): (id: string) => ShownTitle {
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

function TitleChip({ title, className = '' }: { title: ShownTitle; className?: string }) {
  const muted = title.state === 'known' ? '' : ` ${styles.muted}`;
  return (
    <span
      className={`${styles.chip} ${styles.neutralChip}${muted} ${className}`}
      aria-busy={title.state === 'loading' || undefined}
    >
      {title.text}
    </span>
  );
}

/** Reference: the referenced items by title (the item's board's name attribute). */
export function ReferenceCell(props: CellRenderProps) {
  const ids = idsOf(props);
  const titleOf = useReferenceTitles(ids, props.context);
  if (ids.length === 0) return null;
  const titles = ids.map((id) => titleOf(id));
  return (
    <span className={styles.row} title={titles.map((title) => title.text).join(', ')}>
      {titles.map((title, index) => (
        <TitleChip key={ids[index]} title={title} />
      ))}
    </span>
  );
}

/** A failure in the catalogue's words; offline, the offline message (links are never queued). */
function useFailureText() {
  const { t } = useTranslation();
  return (caught: unknown) =>
    (caught as { code?: string }).code === 'OFFLINE' ? t('errors.offlineFeature') : errorMessage(caught, t);
}

/**
 * Reference: the linked items as chips with a remove button, and a search of the target board's
 * items (`settings.boardId`, or this board) by title; picking one links it (a single reference
 * replaces its link and closes). Links are written at once through the references routes
 * (lib/items/item-references.ts), never committed as item data; offline the editor says the
 * feature is not available. It needs the board page and the item: elsewhere it only shows.
 */
export function ReferenceEdit(props: CellEditProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const view = useContext(BoardContext);
  const settings = readSettings('reference', props.attribute.settings);
  const [ids, setIds] = useState(() => idsOf(props));
  const titleOf = useReferenceTitles(ids, props.context);
  const [query, setQuery] = useState(props.initialText ?? '');
  const [hits, setHits] = useState<readonly BoardItemHit[]>([]);
  const [isSearching, setSearching] = useState(false);
  const [active, setActive] = useState(0);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const listId = useId();

  const { itemId } = props;
  const teamId = view?.teamId;
  const boardId = view?.board.id;
  const targetBoardId = settings.boardId ?? boardId;
  const canLink = itemId !== undefined && teamId !== undefined && boardId !== undefined;

  // failureText and t only word a failure: a new language needs no new search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!canLink || teamId === undefined || targetBoardId === undefined) return;
    if (!navigator.onLine) {
      setFailure(t('errors.offlineFeature'));
      return;
    }
    let isStale = false;
    setSearching(true);
    const timer = setTimeout(
      () => {
        searchBoardItems(teamId, targetBoardId, query)
          .then((found) => {
            if (isStale) return;
            rememberItemTitles(
              teamId,
              Object.fromEntries(
                found.map((hit) => [
                  hit.id,
                  { title: hit.title, board_id: targetBoardId, folder_id: hit.folder_id },
                ]),
              ),
            );
            setHits(found);
            setActive(0);
          })
          .catch((caught: unknown) => {
            if (!isStale) setFailure(failureText(caught));
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
  }, [canLink, teamId, targetBoardId, query]);

  const offered = hits.filter((hit) => hit.id !== itemId && !ids.includes(hit.id));
  const current = Math.min(active, Math.max(0, offered.length - 1));

  const write = async (send: typeof addReference, toItemId: string) => {
    if (!canLink || isBusy) return false;
    setFailure(null);
    if (!navigator.onLine) {
      setFailure(t('errors.offlineFeature'));
      return false;
    }
    setBusy(true);
    try {
      const answer = await send(teamId, boardId, {
        attribute_id: props.attribute.id,
        from_item_id: itemId,
        to_item_id: toItemId,
      });
      setIds(idsOf({ attribute: props.attribute, data: answer.item.values[props.attribute.id]?.data }));
      return true;
    } catch (caught) {
      setFailure(failureText(caught));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const handlePick = async (hit: BoardItemHit) => {
    if ((await write(addReference, hit.id)) && !settings.multiple) props.onCancel();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + offered.length) % Math.max(1, offered.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = offered[current];
      if (hit) void handlePick(hit);
    }
  };

  return (
    <PopoverEditor
      label={props.attribute.name}
      onClose={props.onCancel}
      anchor={<ReferenceCell {...props} data={ids} />}
    >
      {ids.length === 0 ? (
        <div className={own.hint}>{t('views.reference.none')}</div>
      ) : (
        <ul className={own.linked} aria-label={t('views.reference.linked')}>
          {ids.map((id) => {
            const title = titleOf(id);
            return (
              <li key={id} className={own.link}>
                <TitleChip title={title} className={own.title} />
                {canLink && (
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={t('views.reference.remove', { name: title.text })}
                    disabled={isBusy}
                    onClick={() => void write(removeReference, id)}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canLink ? (
        <>
          <input
            className={styles.input}
            type="search"
            role="combobox"
            aria-label={t('views.reference.search')}
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
          <div
            id={listId}
            className={styles.options}
            role="listbox"
            aria-label={t('views.reference.results')}
            tabIndex={-1}
          >
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
                onClick={() => void handlePick(hit)}
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
          {!settings.multiple && <div className={own.hint}>{t('views.reference.single')}</div>}
        </>
      ) : (
        <div className={own.hint}>{t('views.reference.openOnBoard')}</div>
      )}
      <EditorMessage error={failure} />
    </PopoverEditor>
  );
}
