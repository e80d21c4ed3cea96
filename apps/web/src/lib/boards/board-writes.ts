import type { Board, Folder } from '@strata/contracts/boards';
import type { RecordStore } from '@strata/sync/records/record-types';
import { loadOfflineQueue } from '../api';
import { createAttribute } from '../items/item-writes';
import { attributesStore } from '../items/items-store';
import { boardsStore, foldersStore } from './boards-store';
import { descendantIds } from './folder-tree';

/** What a new board is made of (the create page's form). */
export interface NewBoardFields {
  name: string;
  description: string | null;
  color: string | null;
  is_private: boolean;
}

/**
 * Resolves once a queued change has either been answered or been put in the offline queue (it got
 * no answer); rejects if the server refused it. A change that depends on it (a folder on a new
 * board) may be sent then: online the first is on the server, offline the queue replays in order.
 */
export async function whenAnsweredOrQueued(saving: Promise<unknown>): Promise<void> {
  const queue = await loadOfflineQueue().catch(() => null);
  if (!queue) {
    await saving;
    return;
  }
  const before = queue.pendingCount();
  let stop = () => {};
  const queued = new Promise<void>((resolve) => {
    stop = queue.subscribePendingCount(() => {
      if (queue.pendingCount() > before) resolve();
    });
  });
  try {
    await Promise.race([saving, queued]);
  } finally {
    stop();
  }
}

/**
 * Makes a board with its first top-level folder, so that the board opens on something. Both show
 * at once (client ids, optimistic copies). The folder is sent once the board is on the server or
 * waiting in the offline queue, behind it. Resolves when both are answered or queued; rejects if
 * the server refused the board (it is then gone from the list again) or the folder.
 */
export async function createBoardWithFolder(options: {
  userId: number;
  teamId: number;
  fields: NewBoardFields;
  folderName: string;
  /** The name of the board's name column; without it the board starts without columns. */
  nameAttributeName?: string;
}): Promise<{ board: Board; folder: Folder }> {
  const { userId, teamId, fields } = options;
  const boards = boardsStore(userId, teamId);
  // A list still loading when the save lands could answer without the new board and drop it.
  await boards.initialize().catch(() => undefined);
  const now = new Date().toISOString();
  const board = boards.create({
    object: 'board',
    team_id: teamId,
    name: fields.name,
    description: fields.description,
    color: fields.color,
    user_ids: [userId],
    is_private: fields.is_private,
    is_password_protected: false,
    sort_order: null,
    created_by: userId,
    updated_at: now,
    deleted: false,
  });
  const savingBoard = boards.save(board);
  await whenAnsweredOrQueued(savingBoard);
  const folder = await createFolder({
    userId,
    teamId,
    boardId: board.id,
    parentId: null,
    name: options.folderName,
  });
  if (options.nameAttributeName) {
    // The board's name column (a primary text attribute): items are named through it.
    const attributes = attributesStore(userId, teamId, board.id);
    await attributes.initialize().catch(() => undefined);
    await whenAnsweredOrQueued(
      createAttribute(attributes, {
        teamId,
        boardId: board.id,
        type: 'text',
        name: options.nameAttributeName,
        settings: { primary: true },
      }),
    );
  }
  return { board, folder };
}

/**
 * A new folder (top level when `parentId` is null): shown at once, sent with row_version 1 under a
 * client id. Resolves with the folder as soon as the server has it or the offline queue holds it.
 */
export async function createFolder(options: {
  userId: number;
  teamId: number;
  boardId: string;
  parentId: string | null;
  name: string;
}): Promise<Folder> {
  const folders = foldersStore(options.userId, options.teamId, options.boardId);
  await folders.initialize().catch(() => undefined);
  const folder = folders.create({
    object: 'folder',
    team_id: options.teamId,
    board_id: options.boardId,
    parent_id: options.parentId,
    name: options.name,
    color: null,
    attribute_ids: [],
    settings: {},
    sort_order: null,
    created_by: options.userId,
    updated_at: new Date().toISOString(),
    deleted: false,
  });
  await whenAnsweredOrQueued(folders.save(folder));
  return folders.find(folder.id) ?? { ...folder, row_version: 1 };
}

/**
 * Changes a record's own fields through its store: shown at once, saved with compare-and-set, kept
 * in the offline queue without an answer. A 409 puts the server's copy back (a conflict notice).
 */
export function updateRecord<T extends Board | Folder>(
  store: RecordStore<T>,
  id: string,
  changes: Partial<T>,
) {
  const current = store.find(id);
  if (!current) return Promise.reject(new Error('Not Found'));
  return store.save({ ...current, ...changes });
}

/** Deletes a folder and, on the server's word, forgets the folders under it (deleted with it). */
export async function deleteFolder(store: RecordStore<Folder>, folder: Folder): Promise<void> {
  const under = descendantIds(store.getSnapshot(), folder.id);
  await store.delete(folder);
  store.forget(under);
}
