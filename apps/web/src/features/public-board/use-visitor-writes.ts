import type { PublicFolderContents, PublicItem } from '@strata/contracts/public-boards';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ViewSettings } from '@strata/domain/views/view-settings';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { toasts } from '../../ui/toast-store';
import { groupValuesOf } from '../items/group-values';
import { addPublicItem, editPublicItem } from './public-board-api';

export const publicFolderKey = (boardId: string, folderId: string) =>
  ['public-board', boardId, 'folder', folderId] as const;

/** What a visitor may change: nothing, items (by the folder's rights), one item. */
export interface VisitorWrites {
  /** The views take edits at all (the visitor may add items or edit some). */
  canWrite: boolean;
  /** The visitor may change this item. */
  canEditItem(itemId: string): boolean;
  onChangeValue(itemId: string, attributeId: string, data: unknown): void;
  onAddItem(name: string, groupKey?: string): void;
  onAddSubitem(parentId: string, name: string): void;
  onMoveItem(move: { itemId: string; labelAttributeId: string; labels: string[] | null }): void;
}

/** The folder's copy with one item put in (replaced, or added at the end) or changed. */
function withItem(contents: PublicFolderContents, item: PublicItem, own: boolean): PublicFolderContents {
  const has = contents.items.some((candidate) => candidate.id === item.id);
  return {
    ...contents,
    items: has
      ? contents.items.map((candidate) => (candidate.id === item.id ? item : candidate))
      : [...contents.items, item],
    own_item_ids:
      own && !contents.own_item_ids.includes(item.id)
        ? [...contents.own_item_ids, item.id]
        : contents.own_item_ids,
  };
}

function withValue(item: PublicItem, attributeId: string, data: unknown): PublicItem {
  const { [attributeId]: previous, ...rest } = item.values;
  return {
    ...item,
    values:
      data === null || data === undefined
        ? rest
        : { ...item.values, [attributeId]: { id: previous?.id ?? '', attribute_id: attributeId, data } },
  };
}

/**
 * A visitor's writes to one folder of a public board (docs/public-boards.md), as the folder's
 * rights let them: each change shows at once in the page's copy, is sent to the board's public
 * endpoints, and is put back as the server answers (or undone, with the reason, when refused).
 */
export function useVisitorWrites(options: {
  boardId: string;
  contents: PublicFolderContents | undefined;
  attributes: readonly AttributeDefinition[];
  nameAttributeId: string | null;
  viewType: string;
  settings: ViewSettings;
}): VisitorWrites {
  const { boardId, contents, attributes, nameAttributeId, viewType, settings } = options;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const folderId = contents?.folder.id ?? '';
  const key = useMemo(() => publicFolderKey(boardId, folderId), [boardId, folderId]);
  const rights = contents?.rights ?? { create: false, edit: 'none' as const };
  const own = useMemo(() => new Set(contents?.own_item_ids ?? []), [contents?.own_item_ids]);
  const canEditItem = useCallback(
    (itemId: string) => rights.edit === 'all' || (rights.edit === 'own' && own.has(itemId)),
    [rights.edit, own],
  );

  const update = useCallback(
    (change: (current: PublicFolderContents) => PublicFolderContents) =>
      queryClient.setQueryData<PublicFolderContents>(key, (current) => current && change(current)),
    [queryClient, key],
  );
  const report = useCallback(
    (caught: unknown) => {
      toasts.show(errorMessage(caught, t), { tone: 'error' });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    [queryClient, key, t],
  );

  const onChangeValue = useCallback(
    (itemId: string, attributeId: string, data: unknown) => {
      if (!canEditItem(itemId)) {
        toasts.show(t('views.publicBoard.notYours'), { tone: 'error' });
        return;
      }
      update((current) => ({
        ...current,
        items: current.items.map((item) => (item.id === itemId ? withValue(item, attributeId, data) : item)),
      }));
      editPublicItem(boardId, itemId, { values: { [attributeId]: data ?? null } })
        .then((saved) => update((current) => withItem(current, saved, false)))
        .catch(report);
    },
    [boardId, canEditItem, update, report, t],
  );

  const add = useCallback(
    (name: string, values: Record<string, unknown>, parentId: string | null) => {
      if (!rights.create) return;
      const named = nameAttributeId && name ? { ...values, [nameAttributeId]: name } : values;
      addPublicItem(boardId, folderId, { values: named, parent_id: parentId })
        .then((saved) => update((current) => withItem(current, saved, true)))
        .catch(report);
    },
    [boardId, folderId, rights.create, nameAttributeId, update, report],
  );

  return {
    canWrite: rights.create || rights.edit !== 'none',
    canEditItem,
    onChangeValue,
    onAddItem: useCallback(
      (name: string, groupKey?: string) =>
        add(name, groupValuesOf(attributes, viewType, settings, groupKey) ?? {}, null),
      [add, attributes, viewType, settings],
    ),
    onAddSubitem: useCallback((parentId: string, name: string) => add(name, {}, parentId), [add]),
    onMoveItem: useCallback(
      (move: { itemId: string; labelAttributeId: string; labels: string[] | null }) =>
        onChangeValue(move.itemId, move.labelAttributeId, move.labels),
      [onChangeValue],
    ),
  };
}
