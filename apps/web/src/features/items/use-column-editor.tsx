import type { Attribute } from '@strata/contracts/items';
import type { RecordStore } from '@strata/sync/records/record-types';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { toasts } from '../../ui/toast-store';
import { useDeleteAttribute } from './use-delete-attribute';

// Opened on demand only: kept out of the first load (zod schemas, the formula compiler).
const BoardAttributeSettings = lazy(() =>
  import('./attribute-settings/board-attribute-settings').then((module) => ({
    default: module.BoardAttributeSettings,
  })),
);

export interface ColumnEditor {
  /** Opens "Edit column" on an attribute. */
  onEditColumn(attributeId: string): void;
  /** Asks, then deletes an attribute; a refusal shows as a toast. */
  onDeleteColumn(attributeId: string): void;
  /** The dialog while one is open; render it once. */
  dialog: ReactNode;
}

/** The "Edit column" dialog and "Delete column" of a board's attributes, for its views. */
export function useColumnEditor(
  teamId: number,
  store: RecordStore<Attribute> | null,
  attributes: readonly Attribute[] | undefined,
): ColumnEditor {
  const { t } = useTranslation();
  const [editingId, setEditingId] = useState<string | null>(null);
  const remove = useDeleteAttribute(store);
  const onEditColumn = useCallback((attributeId: string) => setEditingId(attributeId), []);
  const onDeleteColumn = useCallback(
    (attributeId: string) => {
      const attribute = attributes?.find((candidate) => candidate.id === attributeId);
      if (!attribute) return;
      remove(attribute).catch((caught) => toasts.show(errorMessage(caught, t), { tone: 'error' }));
    },
    [attributes, remove, t],
  );
  const editing = attributes?.find((attribute) => attribute.id === editingId);
  const dialog =
    editing && store && attributes ? (
      <Suspense fallback={null}>
        <BoardAttributeSettings
          key={editing.id}
          teamId={teamId}
          attribute={editing}
          attributes={attributes}
          store={store}
          onClose={() => setEditingId(null)}
        />
      </Suspense>
    ) : null;
  return { onEditColumn, onDeleteColumn, dialog };
}
