import type { FolderView } from '@strata/contracts/views';
import type { RecordStore } from '@strata/sync/records/record-types';
import { createHttpTransport } from '../records/http-transport';
import { recordStore } from '../records/stores';
import { catchUpTeamOnLoad } from '../records/team-catch-up';

/** The routes of `viewPaths` (contracts/views.ts), written out so the first load brings no zod. */
const paths = {
  folderViews: (teamId: number, folderId: string) =>
    `/api/${teamId}/folders/${encodeURIComponent(folderId)}/views`,
  view: (teamId: number, id: string) => `/api/${teamId}/views/${encodeURIComponent(id)}`,
};

export const viewsStoreName = (userId: number, teamId: number, boardId: string, folderId: string) =>
  `u${userId}:t${teamId}:b${boardId}:f${folderId}:views`;

/** What a view save sends (contracts `saveViewBody`). */
export function viewSaveBody(view: FolderView) {
  return {
    folder_id: view.folder_id,
    type: view.type,
    name: view.name,
    settings: view.settings,
    visibility: view.visibility,
    locked: view.locked,
    sort_order: view.sort_order,
    row_version: view.row_version,
  };
}

/** A folder's views (its tabs) the user sees, as a record store kept on this device. */
export function viewsStore(
  userId: number,
  teamId: number,
  boardId: string,
  folderId: string,
): RecordStore<FolderView> {
  return recordStore<FolderView>({
    name: viewsStoreName(userId, teamId, boardId, folderId),
    indexPath: paths.folderViews(teamId, folderId),
    catchUp: () => catchUpTeamOnLoad(userId, teamId),
    transport: createHttpTransport<FolderView>({
      recordPath: (view) => paths.view(teamId, view.id),
      body: viewSaveBody,
      queue: true,
    }),
  });
}
