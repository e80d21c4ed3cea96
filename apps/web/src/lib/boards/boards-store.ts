import type { Board, Folder } from '@strata/contracts/boards';
import type { SyncedRecord } from '@strata/sync/records/record-rules';
import type { RecordStore } from '@strata/sync/records/record-types';
import { onSync } from '../connection';
import { createHttpTransport, type HttpTransportOptions } from '../records/http-transport';
import { openRecordStores, recordStore } from '../records/stores';
import { catchUpTeamOnLoad } from '../records/team-catch-up';
import { applyPush, createOncePerPayload, type RecordPush, readPush } from './record-push';

/** The stores made in this tab, by name, to route pushes and syncs to those that are open. */
const open = new Map<string, RecordStore<Board> | RecordStore<Folder>>();

const boardsName = (userId: number, teamId: number) => `u${userId}:t${teamId}:boards`;
const foldersName = (userId: number, teamId: number, boardId: string) =>
  `u${userId}:t${teamId}:b${boardId}:folders`;
/**
 * The routes of `boardPaths` (contracts/boards.ts), written out: importing that module would bring
 * zod, and its schemas, into the first load with the sidebar.
 */
const boardPaths = {
  boards: (teamId: number) => `/api/${teamId}/boards`,
  board: (teamId: number, id: string) => `/api/${teamId}/boards/${encodeURIComponent(id)}`,
  boardFolders: (teamId: number, boardId: string) =>
    `/api/${teamId}/boards/${encodeURIComponent(boardId)}/folders`,
  folder: (teamId: number, id: string) => `/api/${teamId}/folders/${encodeURIComponent(id)}`,
};

/**
 * Saves wait in the offline queue when they get no answer (a rename or a new board made offline
 * lands on reconnection); deletes do not: the user must see that they happened, so offline they
 * fail with 'Offline' (docs/offline.md).
 */
function transport<T extends SyncedRecord>(options: Omit<HttpTransportOptions<T>, 'queue'>) {
  const saves = createHttpTransport<T>({ ...options, queue: true });
  return { ...saves, delete: createHttpTransport<T>(options).delete };
}

/**
 * The boards of one workspace the user sees, as a record store kept in IndexedDB: saved with
 * compare-and-set (a board made here has a client id and row_version 1), updated by the
 * workspace's record pushes.
 */
export function boardsStore(userId: number, teamId: number): RecordStore<Board> {
  const store = recordStore<Board>({
    name: boardsName(userId, teamId),
    indexPath: boardPaths.boards(teamId),
    catchUp: () => catchUpTeamOnLoad(userId, teamId),
    transport: transport<Board>({
      recordPath: (board) => boardPaths.board(teamId, board.id),
      body: (board) => ({
        name: board.name,
        description: board.description,
        color: board.color,
        user_ids: board.user_ids,
        is_private: board.is_private,
        sort_order: board.sort_order,
        row_version: board.row_version,
      }),
    }),
  });
  open.set(boardsName(userId, teamId), store);
  return store;
}

/** The folders of one board, as a record store (one per board, loaded when the board opens). */
export function foldersStore(userId: number, teamId: number, boardId: string): RecordStore<Folder> {
  const store = recordStore<Folder>({
    name: foldersName(userId, teamId, boardId),
    indexPath: boardPaths.boardFolders(teamId, boardId),
    catchUp: () => catchUpTeamOnLoad(userId, teamId),
    transport: transport<Folder>({
      recordPath: (folder) => boardPaths.folder(teamId, folder.id),
      // Attributes and settings belong to other screens: left out, they keep their stored value.
      body: (folder) => ({
        board_id: folder.board_id,
        parent_id: folder.parent_id,
        name: folder.name,
        color: folder.color,
        sort_order: folder.sort_order,
        row_version: folder.row_version,
      }),
    }),
  });
  open.set(foldersName(userId, teamId, boardId), store);
  return store;
}

/** A board of the user's open stores, whichever workspace holds it (a board made in this tab). */
export function findOpenBoard(userId: number, boardId: string): Board | undefined {
  for (const [name, store] of liveStores()) {
    if (!name.startsWith(`u${userId}:`) || !name.endsWith(':boards')) continue;
    const board = (store as RecordStore<Board>).find(boardId);
    if (board) return board;
  }
  return undefined;
}

/** The stores still open in this tab's session (sign-out empties the registry, and so this). */
function liveStores(): [string, RecordStore<Board> | RecordStore<Folder>][] {
  const current = new Set<unknown>(openRecordStores());
  return [...open].filter(([, store]) => current.has(store));
}

function liveStore(name: string) {
  return liveStores().find(([known]) => known === name)?.[1];
}

function openFolderStores(userId: number, teamId: number): RecordStore<Folder>[] {
  const prefix = `u${userId}:t${teamId}:b`;
  return liveStores()
    .filter(([name]) => name.startsWith(prefix) && name.endsWith(':folders'))
    .map(([, store]) => store as RecordStore<Folder>);
}

const isFirstDelivery = createOncePerPayload();

/**
 * One event of a workspace's record channel, applied to the stores open in this tab. A board's
 * copy goes to the workspace's boards; a folder's to its board's folders. An event without data (a
 * private board's) names no board: every open folder store of the workspace reloads.
 */
export function applyBoardRecordEvent(userId: number, teamId: number, payload: unknown): void {
  if (!isFirstDelivery(payload)) return;
  const push = readPush<Board | Folder>(payload);
  if (!push) return;
  if (push.type.startsWith('board.')) {
    const boards = liveStore(boardsName(userId, teamId)) as RecordStore<Board> | undefined;
    if (boards) applyPush(boards, push as RecordPush<Board>);
    return;
  }
  if (!push.type.startsWith('folder.')) return;
  const folderPush = push as RecordPush<Folder>;
  const boardId = folderPush.data?.board_id;
  const name = boardId === undefined ? undefined : foldersName(userId, teamId, boardId);
  for (const store of openFolderStores(userId, teamId)) {
    if (name === undefined || open.get(name) === store) applyPush(store, folderPush);
  }
}

const refreshing = new Map<string, Promise<unknown>>();

/**
 * Reloads a workspace's open boards and folders, once at a time: what changed between their
 * load and the moment the record channel started delivering (its subscription succeeded) would be
 * missed otherwise.
 */
export function refreshTeamStores(userId: number, teamId: number): Promise<unknown> {
  const key = `u${userId}:t${teamId}`;
  let running = refreshing.get(key);
  if (!running) {
    const stores = liveStores()
      .filter(([name]) => name.startsWith(`${key}:`))
      .map(([, store]) => store)
      .filter((store) => store.isInitialized());
    running = Promise.allSettled(stores.map((store) => store.refresh())).finally(() =>
      refreshing.delete(key),
    );
    refreshing.set(key, running);
  }
  return running;
}

// Back from offline, the open boards and folders reload with everything else.
onSync(() =>
  Promise.all(
    liveStores()
      .map(([, store]) => store)
      .filter((store) => store.isInitialized())
      .map((store) => store.refresh()),
  ).catch(() => undefined),
);
