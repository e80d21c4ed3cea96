import type { BoardItemHit } from '@strata/contracts/references';
import { readValue } from '@strata/domain/attributes/type-registry';
import { DEPENDENCY_TYPES, type DependencyData } from '@strata/domain/attributes/types/dependency-handlers';
import { contextLocale } from '@strata/domain/attributes/value-context';
import { type DependencyType, MAX_LAG_DAYS } from '@strata/domain/scheduling/dependencies';
import { X } from 'lucide-react';
import { type KeyboardEvent, useContext, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { BoardContext } from '../../boards/board-context';
import type { CellEditProps, CellRenderProps } from '../view-types';
import styles from './cells.module.css';
import own from './dependency-cells.module.css';
import { LinkChip, useLinkDetail } from './dependency-link';
import { EditorMessage, PopoverEditor } from './editor-shell';
import { ItemSearch, useShownTitles } from './item-picker';
import { useValidatedCommit } from './use-validated-commit';

function linksOf(props: Pick<CellRenderProps, 'attribute' | 'data'>): DependencyData[] {
  const links = readValue(props.attribute, props.data);
  return Array.isArray(links) ? (links as DependencyData[]) : [];
}

/**
 * Dependency: the item's predecessors by title, each with its type and lag when the link is not
 * a plain finish-to-start one ("Build · SS +2d"). A long title is cut; the tooltip has them all.
 */
export function DependencyCell(props: CellRenderProps) {
  const links = linksOf(props);
  const titleOf = useShownTitles(
    links.map((link) => link.item_id),
    props.context,
  );
  const detailOf = useLinkDetail(contextLocale(props.context));
  if (links.length === 0) return null;
  const shown = links.map((link) => ({ link, title: titleOf(link.item_id), detail: detailOf(link) }));
  const tooltip = shown
    .map(({ title, detail }) =>
      detail === null
        ? title.text
        : `${title.text} (${detail.lag ? `${detail.typeName} ${detail.lag.text}` : detail.typeName})`,
    )
    .join(', ');
  return (
    <span className={styles.row} title={tooltip}>
      {shown.map(({ link, title, detail }) => (
        <LinkChip key={link.item_id} title={title} detail={detail} />
      ))}
    </span>
  );
}

/**
 * The lag of one link in whole days. It is saved when the field is left or Enter is pressed, not
 * at each keystroke: each save may move the item's dependents. Empty means no lag; anything the
 * domain refuses (1.5) keeps the text and shows DEPENDENCY_LAG.
 */
function LagField({
  label,
  lagDays,
  isInvalid,
  onCommit,
}: {
  label: string;
  lagDays: number;
  isInvalid: boolean;
  onCommit(lag: number): void;
}) {
  const [text, setText] = useState(String(lagDays));
  const finish = () => {
    const lag = text.trim() === '' ? 0 : Number(text);
    if (lag !== lagDays || isInvalid) onCommit(lag);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish();
    }
  };
  return (
    <input
      className={own.field}
      type="number"
      inputMode="numeric"
      step={1}
      min={-MAX_LAG_DAYS}
      max={MAX_LAG_DAYS}
      aria-label={label}
      aria-invalid={isInvalid}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={finish}
      onKeyDown={handleKeyDown}
    />
  );
}

/**
 * Dependency: the predecessors, each with its type (finish to start, …), its lag in days and a
 * remove button, and a search of this board's items to add one (the item itself and those linked
 * already are not offered). Every change is checked by the domain and saved through the item at
 * once, like a checklist's; the server's refusals (a cycle, an item not on the board) come back
 * as the folder's other refused saves do. The search needs the board page; elsewhere the links can
 * still be changed and removed.
 */
export function DependencyEdit(props: CellEditProps) {
  const { t } = useTranslation();
  const view = useContext(BoardContext);
  const [links, setLinks] = useState(() => linksOf(props));
  const titleOf = useShownTitles(
    links.map((link) => link.item_id),
    props.context,
  );
  const detailOf = useLinkDetail(contextLocale(props.context));
  const { commit, error } = useValidatedCommit(props.attribute, props.context, props.onCommit);
  const [searchFailure, setSearchFailure] = useState<string | null>(null);
  /** The link whose lag the last refused save came from. */
  const [invalidLag, setInvalidLag] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const save = (next: DependencyData[]) => {
    if (!commit(next.length === 0 ? null : next, { keepOpen: true })) return false;
    setLinks(next);
    setInvalidLag(null);
    return true;
  };
  const change = (itemId: string, patch: Partial<DependencyData>) =>
    save(links.map((link) => (link.item_id === itemId ? { ...link, ...patch } : link)));
  const handlePick = (hit: BoardItemHit) => {
    setSearchFailure(null);
    save([...links, { item_id: hit.id, type: 'FS', lag_days: 0 }]);
  };
  const handleRemove = (itemId: string) => {
    // The button goes with its link: the keyboard goes on in the search.
    if (save(links.filter((link) => link.item_id !== itemId))) searchRef.current?.focus();
  };
  const handleLag = (itemId: string, lag: number) => {
    if (!change(itemId, { lag_days: lag })) setInvalidLag(itemId);
  };

  return (
    <PopoverEditor
      label={props.attribute.name}
      onClose={props.onCancel}
      anchor={<DependencyCell {...props} data={links} />}
    >
      {links.length === 0 ? (
        <div className={own.hint}>{t('views.dependency.none')}</div>
      ) : (
        <ul className={own.links} aria-label={t('views.dependency.predecessors')}>
          {links.map((link) => {
            const title = titleOf(link.item_id);
            return (
              <li key={link.item_id} className={own.link}>
                <div className={own.linkTop}>
                  <LinkChip title={title} detail={detailOf(link)} className={own.title} />
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={t('views.dependency.remove', { name: title.text })}
                    onClick={() => handleRemove(link.item_id)}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                </div>
                <div className={own.linkFields}>
                  <select
                    className={own.field}
                    aria-label={t('views.dependency.typeOf', { name: title.text })}
                    value={link.type}
                    onChange={(event) => change(link.item_id, { type: event.target.value as DependencyType })}
                  >
                    {DEPENDENCY_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`views.dependency.types.${type}`)}
                      </option>
                    ))}
                  </select>
                  <span className={own.lag}>
                    <LagField
                      label={t('views.dependency.lagOf', { name: title.text })}
                      lagDays={link.lag_days}
                      isInvalid={invalidLag === link.item_id}
                      onCommit={(lag) => handleLag(link.item_id, lag)}
                    />
                    <span aria-hidden="true">{t('views.dependency.days')}</span>
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {view ? (
        <ItemSearch
          teamId={view.teamId}
          boardId={view.board.id}
          initialQuery={props.initialText}
          excluded={[...(props.itemId === undefined ? [] : [props.itemId]), ...links.map((l) => l.item_id)]}
          label={t('views.dependency.search')}
          resultsLabel={t('views.dependency.results')}
          inputRef={searchRef}
          onPick={handlePick}
          onFailure={setSearchFailure}
        />
      ) : (
        <div className={own.hint}>{t('views.dependency.openOnBoard')}</div>
      )}
      <EditorMessage error={error ?? searchFailure} />
    </PopoverEditor>
  );
}
