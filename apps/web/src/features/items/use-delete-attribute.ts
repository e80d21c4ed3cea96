import type { Attribute } from '@strata/contracts/items';
import type { RecordStore } from '@strata/sync/records/record-types';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { deleteAttribute } from '../../lib/items/item-writes';
import { useConfirm } from '../../ui/confirm';

/**
 * Deletes a column after the confirm dialogue: answers false when the user said no, true once
 * the server confirmed; rejects with the server's refusal.
 */
export function useDeleteAttribute(
  store: RecordStore<Attribute> | null,
): (attribute: Attribute) => Promise<boolean> {
  const { t } = useTranslation();
  const confirm = useConfirm();
  return useCallback(
    async (attribute: Attribute) => {
      if (!store) return false;
      const isSure = await confirm({
        title: t('items.settings.deleteTitle', { name: attribute.name }),
        body: t('items.settings.deleteBody'),
        action: t('views.column.delete'),
      });
      if (!isSure) return false;
      await deleteAttribute(store, attribute);
      return true;
    },
    [store, confirm, t],
  );
}
