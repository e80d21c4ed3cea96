import type { Item } from '@strata/contracts/items';
import type { BoardItemHit, Reference, ReferenceBody } from '@strata/contracts/references';
import type { RecordStore } from '@strata/sync/records/record-types';

/**
 * References between items (docs/attributes.md, "References"): written through their own routes,
 * never through the item's values (the server refuses those). Never queued: a link needs the
 * server's checks of both items, so offline the callers say the feature is not available.
 * The API client and the record stores load on first use, not with every cell.
 */

const loadApi = () => import('../api');

const boardPath = (teamId: number, boardId: string) => `/api/${teamId}/boards/${encodeURIComponent(boardId)}`;

/**
 * The referencing item as the server answered it goes into its folder's items store if this tab
 * has it open (the board channel brings the same copy a moment later; a store applies only a newer
 * row_version, so whichever comes first wins and the other is ignored).
 */
async function receiveItem(item: Item): Promise<void> {
  const { openRecordStoresNamed } = await import('../records/stores');
  const suffix = `:t${item.team_id}:b${item.board_id}:f${item.folder_id}:items`;
  for (const { name, store } of openRecordStoresNamed('u'))
    if (name.endsWith(suffix)) (store as unknown as RecordStore<Item>).receive(item);
}

async function sendReference(
  method: 'POST' | 'DELETE',
  teamId: number,
  boardId: string,
  body: ReferenceBody,
): Promise<Reference> {
  const { api } = await loadApi();
  const answer = await api.request<Reference>(method, `${boardPath(teamId, boardId)}/references`, { body });
  await receiveItem(answer.item);
  return answer;
}

/** Links `from_item_id` (an item of `boardId`) to `to_item_id`; a single reference replaces its link. */
export const addReference = (teamId: number, boardId: string, body: ReferenceBody) =>
  sendReference('POST', teamId, boardId, body);

/** Removes one link. */
export const removeReference = (teamId: number, boardId: string, body: ReferenceBody) =>
  sendReference('DELETE', teamId, boardId, body);

/** The picker's search: items of a board whose title contains the text, by title (at most 50). */
export async function searchBoardItems(
  teamId: number,
  boardId: string,
  query: string,
): Promise<BoardItemHit[]> {
  const { api } = await loadApi();
  const q = query.trim();
  return api.get<BoardItemHit[]>(
    `${boardPath(teamId, boardId)}/items${q ? `?q=${encodeURIComponent(q)}` : ''}`,
  );
}
