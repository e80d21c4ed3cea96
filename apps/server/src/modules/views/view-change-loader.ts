import { findVisibleFolderIds } from '../boards/folder-access';
import type { ChangeLoader } from '../changes/change-loader-types';
import { findViews, seesView, toView } from './view-records';

/**
 * Views, as GET .../folders/{folderId}/views: of live folders the caller sees, and only those
 * views they see (another person's personal view is answered as deleted).
 */
export const viewChangeLoader: ChangeLoader = {
  isVisible: () => true,
  toApiId: String,
  async load(db, access, refs) {
    const rows = (
      await findViews(
        db,
        access.team.id,
        refs.map((ref) => ref.id),
      )
    ).filter((row) => seesView(access, row));
    if (rows.length === 0) return [];
    const folderIds = [...new Set(rows.map((row) => row.folderId))];
    const visible = await findVisibleFolderIds(db, access, folderIds);
    return rows
      .filter((row) => visible.has(row.folderId))
      .map((row) => ({ type: 'view' as const, id: row.id, row_version: row.rowVersion, data: toView(row) }));
  },
};
