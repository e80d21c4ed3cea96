import type { Action } from '@strata/domain/permissions/actions';
import {
  folderChain,
  folderChainAccess,
  isChainHidden,
  isChainPrivate,
} from '@strata/domain/permissions/folders';
import type { DbOrTx } from '../../db/client';
import type { FolderRow } from '../../db/schema/boards';
import type { TeamAccess } from '../teams/team-access-types';
import { actorOn, type BoardForAccess, boardLevels } from './board-access';
import { findLockedBoardIds } from './board-locks';
import { type BoardWithRecord, findFoldersOfBoards, findFoldersWithBoards } from './boards.repo';

/**
 * The one rule of who sees a folder (docs/permissions.md, "Folders"): the board's chain, then each
 * folder from the top down (a private folder's level), VIEW_BOARD on the board and VIEW_FOLDER at
 * every folder, EDIT_FOLDERS where a folder is hidden. `boardFolders`: the board's live folders.
 */
export function folderCan(
  access: TeamAccess,
  board: BoardForAccess,
  folderId: string,
  boardFolders: readonly FolderRow[],
): { canView: boolean; can(action: Action): boolean } {
  return folderRule(board, folderId, boardFolders)(access);
}

/**
 * folderCan of one folder for any caller: the folder's chain and the board's levels are worked out
 * once, for a question asked of many people (who of an item's 200 followers see it).
 */
export function folderRule(
  board: BoardForAccess,
  folderId: string,
  boardFolders: readonly FolderRow[],
): (access: TeamAccess) => { canView: boolean; can(action: Action): boolean } {
  const chain = folderChain(folderId, boardFolders);
  const ofBoard = boardLevels(board);
  return (access) => {
    const actor = actorOn(access, board);
    const result = folderChainAccess({ levels: [...access.levels, ...ofBoard], actor, chain });
    return { ...result, canView: result.canView && result.can('VIEW_BOARD') };
  };
}

/** The folders of one board the caller sees, in the order given. */
export function visibleFolders(
  access: TeamAccess,
  board: BoardForAccess,
  boardFolders: readonly FolderRow[],
): FolderRow[] {
  return boardFolders.filter((folder) => folderCan(access, board, folder.id, boardFolders).canView);
}

/**
 * Of these folder ids, the live folders of live boards the caller sees and that are not locked for
 * them (delta sync's loaders).
 */
export async function findVisibleFolderIds(
  db: DbOrTx,
  access: TeamAccess,
  folderIds: readonly string[],
): Promise<Set<string>> {
  if (folderIds.length === 0) return new Set();
  const found = await findFoldersWithBoards(db, access.team.id, folderIds);
  const boards = new Map<string, BoardWithRecord>(found.map(({ board }) => [board.id, board]));
  const all = await findFoldersOfBoards(db, access.team.id, [...boards.keys()]);
  // A board locked for the caller by its password shows none of its folders (board-locks.ts).
  const locked = await findLockedBoardIds(db, access, [...boards.values()]);
  return new Set(
    found
      .filter(
        ({ folder, board }) =>
          !locked.has(board.id) &&
          folderCan(
            access,
            board,
            folder.id,
            all.filter((row) => row.boardId === board.id),
          ).canView,
      )
      .map(({ folder }) => folder.id),
  );
}

/**
 * Of these folder ids, those hidden or private (themselves or above): their records' events go
 * out without data, and every client reloads through delta sync what it may see. `known`: folder
 * copies to judge by besides the live ones (folders just deleted, with their settings).
 */
export async function findRestrictedFolderIds(
  db: DbOrTx,
  teamId: number,
  boardIds: readonly string[],
  folderIds: readonly string[],
  known: readonly FolderRow[] = [],
): Promise<Set<string>> {
  if (folderIds.length === 0) return new Set();
  const live = await findFoldersOfBoards(db, teamId, [...new Set(boardIds)]);
  const knownIds = new Set(known.map((folder) => folder.id));
  const all = [...known, ...live.filter((folder) => !knownIds.has(folder.id))];
  return new Set(
    folderIds.filter((id) => isChainHidden(folderChain(id, all)) || isChainPrivate(folderChain(id, all))),
  );
}
