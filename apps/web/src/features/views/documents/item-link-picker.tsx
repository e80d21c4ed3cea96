import type { Editor } from '@tiptap/react';
import { FileSymlink } from 'lucide-react';
import { type KeyboardEvent, useContext, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { BoardContext } from '../../boards/board-context';
import cellStyles from '../cells/cells.module.css';
import { EditorMessage } from '../cells/editor-shell';
import { ItemSearch } from '../cells/item-picker';
import type { Tool } from '../cells/rich-text-toolbar';
import styles from './documents.module.css';

/** The toolbar's "Link to an item": opens the picker (`open`). */
export function itemLinkTool(open: () => void): Tool {
  return {
    key: 'itemLink',
    icon: FileSymlink,
    isActive: (editor) => editor.isActive('itemLink'),
    run: () => open(),
  };
}

/**
 * The search of the board's items by title under a page's toolbar: picking one puts a link to it
 * at the selection. Escape or Cancel closes it and gives the text its focus back.
 */
export function ItemLinkPicker({
  editor,
  teamId,
  itemId,
  onClose,
}: {
  editor: Editor;
  teamId: number;
  /** The open page: not offered. */
  itemId: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const board = useContext(BoardContext);
  const [failure, setFailure] = useState<string | null>(null);
  if (!board) return null;
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the picker closes it
    <div className={`${styles.picker} ${styles.itemLinkPicker}`} onKeyDown={onKeyDown}>
      <ItemSearch
        teamId={teamId}
        boardId={board.board.id}
        excluded={[itemId]}
        label={t('views.documents.itemLink.search')}
        resultsLabel={t('views.documents.itemLink.results')}
        onPick={(hit) => {
          editor
            .chain()
            .focus()
            .insertItemLink({ id: hit.id, label: hit.title ?? '' })
            .run();
          onClose();
        }}
        onFailure={setFailure}
      />
      <EditorMessage error={failure} />
      <button type="button" className={cellStyles.plainButton} onClick={close}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
