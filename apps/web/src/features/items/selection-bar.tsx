import type { Folder } from '@strata/contracts/boards';
import type { Item } from '@strata/contracts/items';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { findSiblingItemsStore } from '../../lib/items/item-relocation';
import { deleteItems, moveItems, setValues } from '../../lib/items/item-writes';
import type { itemsStore } from '../../lib/items/items-store';
import { isToldAsConflict } from '../../lib/records/use-records';
import { useConfirm } from '../../ui/confirm';
import { toasts } from '../../ui/toast-store';
import type { ViewMember } from '../views';
import { BulkEditDialog } from './bulk-edit-dialog';
import barStyles from './folder-items.module.css';
import { MoveItemsMenu } from './move-items-menu';

export interface SelectionBarProps {
  selection: ReadonlySet<string>;
  store: ReturnType<typeof itemsStore>;
  mayDelete: boolean;
  onClear(): void;
  /** May edit the items (EDIT_ALL_ITEMS / EDIT_OWN_ITEMS): offers "Move to…" and "Edit…". */
  mayEdit?: boolean;
  /** The folder shown: "Move to…" lists the board's other folders. */
  folderId?: string;
  /** The board's folders; without them (and `folderId`) there is no "Move to…". */
  folders?: readonly Folder[];
  /** The board's attributes; without them there is no "Edit…". */
  attributes?: readonly AttributeDefinition[];
  /** What the value editors of "Edit…" format and validate with. */
  context?: ValueContext;
  members?: readonly ViewMember[];
}

/**
 * What can be done to the selected items at once: move them (with their subitems) to another
 * folder of the board, set one attribute's value on all of them, delete them (to the trash, with
 * their subitems, after a confirmation) or clear the selection. Shown while something is selected.
 * Moves and edits show at once and can be undone (Ctrl/Cmd+Z).
 */
export function SelectionBar({
  selection,
  store,
  mayDelete,
  onClear,
  mayEdit = false,
  folderId,
  folders,
  attributes,
  context,
  members = [],
}: SelectionBarProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [isEditOpen, setEditOpen] = useState(false);
  const report = (caught: unknown) => {
    if (!isToldAsConflict(caught)) toasts.show(errorMessage(caught, t), { tone: 'error' });
  };
  const selected = [...selection]
    .map((id) => store.find(id))
    .filter((item): item is Item => item !== undefined);
  // Subitems move with their parent: only top-level items count as moved.
  const movable = selected.filter((item) => item.parent_id === null).length;

  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('items.deleteSelectedTitle'),
      body: t('items.deleteSelectedBody'),
      action: t('items.deleteSelectedAction', { count: selection.size }),
    });
    if (!isConfirmed) return;
    try {
      await deleteItems(store, [...selection]);
      onClear();
      toasts.show(t('items.deleted'), { tone: 'success' });
    } catch (caught) {
      report(caught);
    }
  };
  const handleMove = (target: Folder) => {
    const moving = moveItems(store, findSiblingItemsStore(store, target.id), selected, target.id);
    // They left this folder at once: nothing selected is shown any more.
    onClear();
    moving.then(
      (moved) =>
        toasts.show(t('items.moved', { count: moved.length, folder: target.name }), { tone: 'success' }),
      report,
    );
  };
  const handleApply = (attributeId: string, data: unknown) => {
    setValues(store, selected, attributeId, data).then(
      (saved) => toasts.show(t('items.bulkEdited', { count: saved.length }), { tone: 'success' }),
      report,
    );
  };

  return (
    <div className={barStyles.selection}>
      {mayEdit && folderId !== undefined && folders && (
        <MoveItemsMenu folders={folders} currentFolderId={folderId} count={movable} onMove={handleMove} />
      )}
      {mayEdit && attributes && context && (
        <>
          <button type="button" className={barStyles.barButton} onClick={() => setEditOpen(true)}>
            <Pencil size={16} aria-hidden="true" />
            {t('items.editSelected', { count: selected.length })}
          </button>
          <BulkEditDialog
            open={isEditOpen}
            onOpenChange={setEditOpen}
            attributes={attributes}
            count={selected.length}
            context={context}
            members={members}
            onApply={handleApply}
          />
        </>
      )}
      {mayDelete && (
        <button type="button" className={barStyles.barButton} onClick={remove}>
          <Trash2 size={16} aria-hidden="true" />
          {t('items.deleteSelected', { count: selection.size })}
        </button>
      )}
      <button type="button" className={barStyles.barButton} onClick={onClear}>
        <X size={16} aria-hidden="true" />
        {t('items.clearSelection')}
      </button>
    </div>
  );
}
