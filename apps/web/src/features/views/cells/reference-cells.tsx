import type { BoardItemHit } from '@strata/contracts/references';
import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { readValue } from '@strata/domain/attributes/type-registry';
import { X } from 'lucide-react';
import { useContext, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { addReference, removeReference } from '../../../lib/items/item-references';
import { BoardContext } from '../../boards/board-context';
import type { CellEditProps, CellRenderProps } from '../view-types';
import styles from './cells.module.css';
import { EditorMessage, PopoverEditor } from './editor-shell';
import { ItemSearch, TitleChip, useFailureText, useShownTitles } from './item-picker';
import own from './reference-cells.module.css';

function idsOf(props: Pick<CellRenderProps, 'attribute' | 'data'>): string[] {
  const ids = readValue(props.attribute, props.data);
  return Array.isArray(ids) ? (ids as string[]) : [];
}

/** Reference: the referenced items by title (the item's board's name attribute). */
export function ReferenceCell(props: CellRenderProps) {
  const ids = idsOf(props);
  const titleOf = useShownTitles(ids, props.context);
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
  const titleOf = useShownTitles(ids, props.context);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const { itemId } = props;
  const teamId = view?.teamId;
  const boardId = view?.board.id;
  const targetBoardId = settings.boardId ?? boardId;
  const canLink = itemId !== undefined && teamId !== undefined && boardId !== undefined;

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
      {canLink && targetBoardId !== undefined ? (
        <>
          <ItemSearch
            teamId={teamId}
            boardId={targetBoardId}
            initialQuery={props.initialText}
            excluded={[itemId, ...ids]}
            isBusy={isBusy}
            label={t('views.reference.search')}
            resultsLabel={t('views.reference.results')}
            onPick={(hit) => void handlePick(hit)}
            onFailure={setFailure}
          />
          {!settings.multiple && <div className={own.hint}>{t('views.reference.single')}</div>}
        </>
      ) : (
        <div className={own.hint}>{t('views.reference.openOnBoard')}</div>
      )}
      <EditorMessage error={failure} />
    </PopoverEditor>
  );
}
