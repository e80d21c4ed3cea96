import type { FolderView } from '@strata/contracts/views';
import { compareOrderKeys } from '@strata/domain/views/ordering';
import { useMemo } from 'react';
import { type RecordCollection, useRecordCollection } from '../records/use-record-collection';
import { useConflictNotices } from '../records/use-records';
import { useSession } from '../session';
import { viewsStore } from './views-store';

const byTabOrder = (a: FolderView, b: FolderView) =>
  compareOrderKeys(a.sort_order, b.sort_order) ||
  (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1);

/** A folder's views (its tabs) in tab order, live on the board's channel. */
export function useFolderViews(
  teamId: number | undefined,
  boardId: string | undefined,
  folderId: string | undefined,
): RecordCollection<FolderView> & { store: ReturnType<typeof viewsStore> | null } {
  const { profile } = useSession();
  const store =
    profile && teamId !== undefined && boardId !== undefined && folderId !== undefined
      ? viewsStore(profile.id, teamId, boardId, folderId)
      : null;
  useConflictNotices(store);
  const collection = useRecordCollection(store);
  const data = useMemo(
    () => collection.data?.filter((view) => !view.deleted).sort(byTabOrder),
    [collection.data],
  );
  return { ...collection, data, store };
}
