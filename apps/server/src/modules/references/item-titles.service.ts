import type { BoardItemHit, ItemTitles } from '@strata/contracts/references';
import { AppError } from '@strata/domain/errors';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/users';
import { listFolders } from '../boards/folders.service';
import { getTeamAccess } from '../teams/team-access';
import { findItemTitles, searchBoardItems } from './references.repo';

interface Caller {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
}

/**
 * The folders of a board whose items the caller sees: the board's folder list as its own route
 * answers it (the one folder rule: the board seen and open to them, VIEW_FOLDER, hidden and
 * private folders). A board they do not see, or may not open, has none.
 */
async function visibleFolderIds(caller: Caller, boardId: string): Promise<Set<string>> {
  try {
    return new Set((await listFolders({ ...caller, boardId })).map((folder) => folder.id));
  } catch (error) {
    if (error instanceof AppError && (error.status === 403 || error.status === 404)) return new Set();
    throw error;
  }
}

/**
 * Titles of items of any board of the workspace, for cells that show references: only the live
 * items in folders the caller sees; the others are left out without a word, so an answer tells
 * nothing about items the caller may not see. A caller who is not a member is 404.
 */
export async function listItemTitles(options: Caller & { ids: readonly string[] }): Promise<ItemTitles> {
  const { ids, ...caller } = options;
  // Membership first (404 for strangers), whatever the ids.
  const access = await getTeamAccess(caller.ctx, caller.teamId, caller.user);
  const rows = await findItemTitles(caller.ctx.db, access.team.id, ids);
  const visible = new Set<string>();
  for (const boardId of new Set(rows.map((row) => row.boardId)))
    for (const id of await visibleFolderIds(caller, boardId)) visible.add(id);
  const titles: ItemTitles = {};
  for (const row of rows) {
    if (!visible.has(row.folderId) || titles[row.id]) continue;
    titles[row.id] = { title: row.title, board_id: row.boardId, folder_id: row.folderId };
  }
  return titles;
}

/**
 * A board's items whose title contains the text (any case), by title, at most `limit`, in the
 * folders the caller sees: what the reference picker offers. A board the caller does not see is
 * 404 (one locked by its password, 403), as its folder list.
 */
export async function findBoardItemsByTitle(
  options: Caller & { boardId: string; q: string | undefined; limit: number },
): Promise<BoardItemHit[]> {
  const { boardId, q, limit, ...caller } = options;
  const folderIds = (await listFolders({ ...caller, boardId })).map((folder) => folder.id);
  const rows = await searchBoardItems(caller.ctx.db, caller.teamId, boardId, folderIds, q, limit);
  return rows.map((row) => ({ id: row.id, title: row.title, folder_id: row.folderId }));
}
