// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import enUS from '../../i18n/locales/en-US.json';
import { toasts } from '../../ui/toast-store';
import { connectionSignals } from '../connection';
import { pendingCount, startOfflineQueue } from '../offline-queue';
import { PROFILE_QUERY } from '../profile-query';
import { queryClient } from '../query-client';
import { createBoardWithFolder, createFolder, deleteFolder, updateRecord } from './board-writes';
import { applyBoardRecordEvent, boardsStore, foldersStore, refreshTeamStores } from './boards-store';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

const TEAM = 7;
let calls: Call[] = [];
/** The server: echoes saves as records at the row_version sent, unless a test says otherwise. */
let answer: (call: Call) => Response;
let isBrowserOnline = true;
let userId = 500;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const noAnswer = () => {
  throw new TypeError('Failed to fetch');
};
const echo = (call: Call) => {
  if (call.method === 'GET') return json(200, []);
  if (call.method === 'DELETE') return json(200, { ok: true });
  const id = call.path.split('/').at(-1);
  return json(200, { ...call.body, id, created_at: '2026-11-01T10:00:00.000Z', updated_at: 'x' });
};
const writes = () =>
  calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => isBrowserOnline });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      method: String(init.method),
      path: url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
});

beforeEach(async () => {
  calls = [];
  answer = echo;
  isBrowserOnline = true;
  connectionSignals.realtimeReconnected();
  // Each test is another user: its own stores and its own empty queue.
  userId += 1;
  queryClient.setQueryData(PROFILE_QUERY, { id: userId, name: 'Bo Board' });
  await startOfflineQueue();
  await boardsStore(userId, TEAM).ready;
});

afterEach(() => {
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});

const fields = { name: 'Roadmap', description: 'Plans', color: '#2563eb', is_private: true };

describe('a new board with its first folder', () => {
  test('online: the board is sent first (row_version 1, client id), then its folder; both show at once', async () => {
    const { board, folder } = await createBoardWithFolder({
      userId,
      teamId: TEAM,
      fields,
      folderName: 'General',
    });
    expect(board.id).toMatch(/^[0-9A-Za-z]{11}$/);
    expect(folder.id).toMatch(/^[0-9A-Za-z]{11}$/);
    expect(writes()).toEqual([
      `PUT /api/${TEAM}/boards/${board.id}`,
      `PUT /api/${TEAM}/folders/${folder.id}`,
    ]);
    const [boardPut, folderPut] = calls.filter((call) => call.method === 'PUT');
    expect(boardPut!.body).toEqual({
      name: 'Roadmap',
      description: 'Plans',
      color: '#2563eb',
      user_ids: [userId],
      is_private: true,
      sort_order: null,
      row_version: 1,
    });
    expect(folderPut!.body).toEqual({
      board_id: board.id,
      parent_id: null,
      name: 'General',
      color: null,
      sort_order: null,
      row_version: 1,
    });
    expect(boardsStore(userId, TEAM).find(board.id)).toMatchObject({ name: 'Roadmap', row_version: 1 });
    expect(foldersStore(userId, TEAM, board.id).find(folder.id)).toMatchObject({
      name: 'General',
      row_version: 1,
    });
  });

  test('with no answer: the board waits in the queue and the folder behind it; the return sends them in that order', async () => {
    answer = noAnswer;
    const { board, folder } = await createBoardWithFolder({
      userId,
      teamId: TEAM,
      fields,
      folderName: 'General',
    });
    // Only the board was tried: the folder went straight behind it.
    expect(writes()).toEqual([`PUT /api/${TEAM}/boards/${board.id}`]);
    await vi.waitFor(() => expect(pendingCount()).toBe(2));
    expect(boardsStore(userId, TEAM).find(board.id)?.name).toBe('Roadmap');
    expect(foldersStore(userId, TEAM, board.id).find(folder.id)?.name).toBe('General');

    calls = [];
    answer = echo;
    connectionSignals.realtimeReconnected();
    await vi.waitFor(() => expect(pendingCount()).toBe(0));
    expect(writes()).toEqual([
      `PUT /api/${TEAM}/boards/${board.id}`,
      `PUT /api/${TEAM}/folders/${folder.id}`,
    ]);
  });

  test('offline: nothing is sent; both wait in the queue, board first', async () => {
    isBrowserOnline = false;
    const { board, folder } = await createBoardWithFolder({
      userId,
      teamId: TEAM,
      fields,
      folderName: 'General',
    });
    expect(writes()).toEqual([]);
    await vi.waitFor(() => expect(pendingCount()).toBe(2));

    isBrowserOnline = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(pendingCount()).toBe(0));
    expect(writes()).toEqual([
      `PUT /api/${TEAM}/boards/${board.id}`,
      `PUT /api/${TEAM}/folders/${folder.id}`,
    ]);
  });

  test('a board the server refuses is gone from the list again, and no folder is sent', async () => {
    answer = (call) => (call.method === 'PUT' ? json(403, { message: 'No', code: 'FORBIDDEN' }) : echo(call));
    await expect(
      createBoardWithFolder({ userId, teamId: TEAM, fields, folderName: 'General' }),
    ).rejects.toMatchObject({ status: 403 });
    expect(writes()).toHaveLength(1);
    expect(boardsStore(userId, TEAM).getSnapshot()).toEqual([]);
  });
});

describe('folders', () => {
  const boardId = 'Board000001';

  test('a rename carries the stored row_version + 1; a 409 puts the server’s copy back', async () => {
    const store = foldersStore(userId, TEAM, boardId);
    await store.ready;
    const folder = await createFolder({ userId, teamId: TEAM, boardId, parentId: null, name: 'Q1' });
    await updateRecord(store, folder.id, { name: 'Q2' });
    expect(calls.at(-1)!.body).toMatchObject({ name: 'Q2', row_version: 2 });

    const server = { ...store.find(folder.id)!, name: 'Theirs', row_version: 3 };
    answer = () => json(409, { message: 'Conflict', code: 'CONFLICT', current: server });
    await expect(updateRecord(store, folder.id, { name: 'Mine' })).rejects.toMatchObject({ status: 409 });
    expect(store.find(folder.id)).toMatchObject({ name: 'Theirs', row_version: 3 });
  });

  test('deleting a folder forgets the folders under it; offline a delete fails with Offline and keeps it', async () => {
    const store = foldersStore(userId, TEAM, boardId);
    await store.ready;
    const top = await createFolder({ userId, teamId: TEAM, boardId, parentId: null, name: 'Top' });
    const mid = await createFolder({ userId, teamId: TEAM, boardId, parentId: top.id, name: 'Mid' });
    await createFolder({ userId, teamId: TEAM, boardId, parentId: mid.id, name: 'Low' });
    const other = await createFolder({ userId, teamId: TEAM, boardId, parentId: null, name: 'Other' });

    isBrowserOnline = false;
    await expect(deleteFolder(store, store.find(top.id)!)).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(store.getSnapshot()).toHaveLength(4);
    expect(pendingCount()).toBe(0);

    isBrowserOnline = true;
    await deleteFolder(store, store.find(top.id)!);
    expect(store.getSnapshot().map((folder) => folder.id)).toEqual([other.id]);
  });
});

describe('the record channel', () => {
  const boardId = 'Board000002';

  test('pushes reach the open stores of their workspace: a board’s copy, a folder’s by its board, a deletion', async () => {
    const folders = foldersStore(userId, TEAM, boardId);
    await folders.ready;
    const board = {
      id: boardId,
      team_id: TEAM,
      name: 'Pushed',
      row_version: 1,
      created_at: 'x',
      deleted: false,
    };
    applyBoardRecordEvent(userId, TEAM, { type: 'board.created', id: boardId, row_version: 1, data: board });
    applyBoardRecordEvent(userId, TEAM + 1, {
      type: 'board.created',
      id: 'Elsewhere01',
      row_version: 1,
      data: board,
    });
    expect(
      boardsStore(userId, TEAM)
        .getSnapshot()
        .map((row) => row.name),
    ).toEqual(['Pushed']);

    const folder = {
      id: 'Folder00001',
      board_id: boardId,
      parent_id: null,
      name: 'Q1',
      row_version: 1,
      created_at: 'x',
    };
    applyBoardRecordEvent(userId, TEAM, {
      type: 'folder.created',
      id: folder.id,
      row_version: 1,
      data: folder,
    });
    expect(folders.find(folder.id)?.name).toBe('Q1');
    applyBoardRecordEvent(userId, TEAM, { type: 'folder.deleted', id: folder.id, row_version: 2 });
    expect(folders.find(folder.id)).toBeUndefined();
    applyBoardRecordEvent(userId, TEAM, { type: 'board.deleted', id: boardId, row_version: 2 });
    expect(boardsStore(userId, TEAM).getSnapshot()).toEqual([]);
  });

  test('an event without data reloads; catching up after a subscription reloads each open store once', async () => {
    await foldersStore(userId, TEAM, boardId).ready;
    calls = [];
    applyBoardRecordEvent(userId, TEAM, { type: 'board.updated', id: boardId, row_version: 3 });
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toEqual([`/api/${TEAM}/boards`]));

    calls = [];
    await Promise.all([refreshTeamStores(userId, TEAM), refreshTeamStores(userId, TEAM)]);
    expect(calls.map((call) => call.path).sort()).toEqual([
      `/api/${TEAM}/boards`,
      `/api/${TEAM}/boards/${boardId}/folders`,
    ]);
  });
});
