// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { Board, Folder } from '@strata/contracts/boards';
import type { Item } from '@strata/contracts/items';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { boardsStore, foldersStore } from '../boards/boards-store';
import { itemsStore } from '../items/items-store';
import { forgetTeamStores } from './stores';
import { catchUpTeam, catchUpTeamOnLoad } from './team-catch-up';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const TEAM = 3;
const BOARD = 'Board000001';
const NOW = 'Now00000001';
const LATER = 'Later000001';
let userId = 900;
let asked: string[] = [];
/** The lists, each with the cursor its answer carries; the delta pages by `since`. */
let lists: Record<string, { rows: unknown[]; cursor?: number }> = {};
let deltas: Record<number, unknown> = {};

const board = (name: string, row_version = 1) =>
  ({ id: BOARD, team_id: TEAM, name, row_version }) as unknown as Board;
const item = (id: string, folder: string, row_version = 1, name = id) =>
  ({ id, board_id: BOARD, folder_id: folder, row_version, values: { name } }) as unknown as Item;

beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const { pathname, searchParams } = new URL(url, 'http://strata.test');
    if (pathname.endsWith('/changes')) {
      const page = deltas[Number(searchParams.get('since'))];
      if (!page) return new Response('{"message":"no such page"}', { status: 500 });
      return Response.json(page);
    }
    const list = lists[pathname] ?? { rows: [] };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (list.cursor !== undefined) headers['x-change-seq'] = String(list.cursor);
    return new Response(JSON.stringify(list.rows), { status: 200, headers });
  });
});

beforeEach(() => {
  userId += 1;
  asked = [];
  deltas = {};
  lists = {
    [`/api/${TEAM}/boards`]: { rows: [board('Roadmap')], cursor: 40 },
    [`/api/${TEAM}/boards/${BOARD}/folders`]: { rows: [], cursor: 42 },
    [`/api/${TEAM}/folders/${NOW}/items`]: { rows: [item('a', NOW), item('b', NOW)], cursor: 41 },
    [`/api/${TEAM}/folders/${LATER}/items`]: { rows: [], cursor: 41 },
  };
});

async function openStores() {
  const boards = boardsStore(userId, TEAM);
  const folders = foldersStore(userId, TEAM, BOARD);
  const now = itemsStore(userId, TEAM, BOARD, NOW);
  const later = itemsStore(userId, TEAM, BOARD, LATER);
  await Promise.all([boards.ready, folders.ready, now.ready, later.ready]);
  asked = [];
  return { boards, folders, now, later };
}

const names = (records: readonly { id: string }[]) => records.map((r) => r.id).sort();

describe('catching a workspace up after its channels subscribe', () => {
  test('one delta pull from the lowest cursor brings every open store up to date; no list is read again', async () => {
    const { boards, now, later } = await openStores();
    expect(boards.cursor()).toBe(40);
    deltas[40] = {
      cursor: 45,
      has_more: false,
      changes: [
        { type: 'board', id: BOARD, row_version: 2, data: board('Roadmap 2026', 2) },
        { type: 'item', id: 'c', row_version: 1, data: item('c', NOW) },
        // moved to the other folder: it leaves the first one's store
        { type: 'item', id: 'b', row_version: 2, data: item('b', LATER, 2) },
      ],
      deleted: [{ type: 'item', id: 'a' }],
    };
    await Promise.all([catchUpTeam(userId, TEAM), catchUpTeam(userId, TEAM)]);
    expect(asked).toEqual([`/api/${TEAM}/changes?since=40&limit=1000`]);
    expect(boards.find(BOARD)?.name).toBe('Roadmap 2026');
    expect(names(now.getSnapshot())).toEqual(['c']);
    expect(names(later.getSnapshot())).toEqual(['b']);
    for (const store of [boards, now, later]) expect(store.cursor()).toBe(45);
  });

  test('a reset replaces each store with its share of the snapshot', async () => {
    const { now, later, folders } = await openStores();
    deltas[40] = {
      cursor: 50,
      has_more: false,
      reset: true,
      changes: [
        { type: 'item', id: 'z', row_version: 1, data: item('z', LATER) },
        {
          type: 'folder',
          id: NOW,
          row_version: 1,
          data: { id: NOW, board_id: BOARD, name: 'Now', row_version: 1 } as unknown as Folder,
        },
      ],
      deleted: [],
    };
    await catchUpTeam(userId, TEAM);
    expect(names(now.getSnapshot())).toEqual([]);
    expect(names(later.getSnapshot())).toEqual(['z']);
    expect(names(folders.getSnapshot())).toEqual([NOW]);
  });

  test('a store whose list came without a cursor reads its list again instead', async () => {
    lists[`/api/${TEAM}/boards`] = { rows: [board('Roadmap')] };
    const { boards } = await openStores();
    expect(boards.cursor()).toBeUndefined();
    lists[`/api/${TEAM}/boards`] = { rows: [board('Renamed', 3)] };
    deltas[41] = { cursor: 41, has_more: false, changes: [], deleted: [] };
    await catchUpTeam(userId, TEAM);
    expect(asked.sort()).toEqual([`/api/${TEAM}/boards`, `/api/${TEAM}/changes?since=41&limit=1000`]);
    expect(boards.find(BOARD)?.name).toBe('Renamed');
  });

  test('a failed pull rejects and leaves every cursor where it was', async () => {
    const { boards, now } = await openStores();
    await expect(catchUpTeam(userId, TEAM)).rejects.toThrow();
    expect(boards.cursor()).toBe(40);
    expect(now.cursor()).toBe(41);
  });
});

describe('catching up stores loaded from their kept copies', () => {
  const changesSince = (since: number) => `/api/${TEAM}/changes?since=${since}&limit=1000`;

  test('they wait for the subscription: its one pull serves them all; a store opened after it pulls at once', async () => {
    lists[`/api/${TEAM}/folders/${LATER}/items`] = { rows: [item('x', LATER)], cursor: 41 };
    const cold = await openStores();
    await Promise.all(Object.values(cold).map((store) => store.whenPersisted()));
    // A reload: the stores leave this page, their copies and cursors stay on the device.
    forgetTeamStores(userId, TEAM);
    asked = [];
    deltas[40] = {
      cursor: 46,
      has_more: false,
      changes: [{ type: 'item', id: 'c', row_version: 1, data: item('c', NOW) }],
      deleted: [],
    };
    const boards = boardsStore(userId, TEAM);
    const now = itemsStore(userId, TEAM, BOARD, NOW);
    await vi.waitFor(() => expect(names(now.getSnapshot())).toEqual(['a', 'b']));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual([]);
    expect(now.isInitialized()).toBe(false);

    await catchUpTeam(userId, TEAM);
    await Promise.all([boards.ready, now.ready]);
    expect(asked).toEqual([changesSince(40)]);
    expect(names(now.getSnapshot())).toEqual(['a', 'b', 'c']);
    expect(now.cursor()).toBe(46);

    deltas[41] = { cursor: 46, has_more: false, changes: [], deleted: [] };
    const later = itemsStore(userId, TEAM, BOARD, LATER);
    await later.ready;
    expect(asked).toEqual([changesSince(40), changesSince(41)]);
    expect(later.cursor()).toBe(46);
  });

  test('without a subscription they are caught up on their own after a wait', async () => {
    await openStores();
    deltas[40] = { cursor: 44, has_more: false, changes: [], deleted: [] };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const caughtUp = catchUpTeamOnLoad(userId, TEAM);
      await vi.advanceTimersByTimeAsync(5_900);
      expect(asked).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      await caughtUp;
      expect(asked).toEqual([changesSince(40)]);
    } finally {
      vi.useRealTimers();
    }
  });
});
