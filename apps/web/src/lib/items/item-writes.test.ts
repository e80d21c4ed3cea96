// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { Item } from '@strata/contracts/items';
import type { RecordStore } from '@strata/sync/records/record-types';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { PROFILE_QUERY } from '../profile-query';
import { queryClient } from '../query-client';
import { findSiblingItemsStore } from './item-relocation';
import { createItem, deleteItems, moveItems, setItemValue, setValues } from './item-writes';
import { createItemsServer } from './items-server.fixtures';
import { applyBoardChannelEvent, itemsStore, oneAtATimePerRecord } from './items-store';
import { undoStack } from './undo';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const TEAM = 9;
const BOARD = 'Board000001';
const FOLDER = 'Folder00001';
const OTHER_FOLDER = 'Folder00002';
const NAME = '00000000-0000-4000-8000-00000000000a';
const POINTS = '00000000-0000-4000-8000-00000000000b';
const server = createItemsServer(BOARD);
let userId = 900;

beforeAll(() => {
  vi.stubGlobal('fetch', server.fetch);
});

beforeEach(async () => {
  server.reset();
  undoStack.clear();
  userId += 1;
  queryClient.setQueryData(PROFILE_QUERY, { id: userId, name: 'Ida Item' });
  await itemsStore(userId, TEAM, BOARD, FOLDER).ready;
});

const puts = () => server.calls.filter((call) => call.method === 'PUT');
const fields = { teamId: TEAM, boardId: BOARD, folderId: FOLDER, nameAttributeId: NAME };
const add = (store: RecordStore<Item>, name: string, parentId?: string) =>
  createItem(store, { ...fields, name, parentId });
const idsOf = (store: RecordStore<Item>) => store.getSnapshot().map((item) => item.id);

describe('item saves', () => {
  test('a new item is sent with a UUID, row_version 1, an order key and its name value only', async () => {
    const store = itemsStore(userId, TEAM, BOARD, FOLDER);
    const item = await createItem(store, {
      teamId: TEAM,
      boardId: BOARD,
      folderId: FOLDER,
      nameAttributeId: NAME,
      name: '  Plan launch ',
    });
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    const [put] = puts();
    expect(put!.path).toBe(`/api/${TEAM}/items/${item.id}`);
    expect(put!.body).toMatchObject({
      folder_id: FOLDER,
      parent_id: null,
      row_version: 1,
      values: { [NAME]: { data: 'Plan launch' } },
    });
    expect(typeof put!.body?.sort_order).toBe('string');
  });

  test('a second item goes after the first; a cell edit sends only the values edited in this tab', async () => {
    const store = itemsStore(userId, TEAM, BOARD, FOLDER);
    const first = await createItem(store, { ...fields, name: 'One' });
    const second = await createItem(store, { ...fields, name: 'Two' });
    expect(second.sort_order! > first.sort_order!).toBe(true);
    server.calls.length = 0;
    await setItemValue(store, second, POINTS, 5);
    expect(puts()[0]!.body?.values).toEqual({
      [NAME]: { id: second.values[NAME]!.id, data: 'Two' },
      [POINTS]: { id: expect.any(String), data: 5 },
    });
    server.calls.length = 0;
    await setItemValue(store, store.find(second.id)!, POINTS, null);
    expect(puts()[0]!.body).toMatchObject({ values: { [POINTS]: null }, row_version: 3 });
  });
});

describe('saves of one record go one at a time', () => {
  test('the second put starts only after the first answered, even when the first fails', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const transport = oneAtATimePerRecord<{ id: string; row_version: number; created_at: string }>({
      index: async () => [],
      put: async (record) => {
        order.push(`start ${record.row_version}`);
        if (record.row_version === 2) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          order.push('end 2');
          throw new Error('refused');
        }
        order.push(`end ${record.row_version}`);
        return record;
      },
      delete: async () => {},
      saveMultiple: async () => [],
    });
    const first = transport.put({ id: 'a', row_version: 2, created_at: 'c' });
    const second = transport.put({ id: 'a', row_version: 3, created_at: 'c' });
    const other = transport.put({ id: 'b', row_version: 7, created_at: 'c' });
    await other;
    expect(order).toEqual(['start 2', 'start 7', 'end 7']);
    release();
    await expect(first).rejects.toThrow('refused');
    await second;
    expect(order).toEqual(['start 2', 'start 7', 'end 7', 'end 2', 'start 3', 'end 3']);
  });
});

describe('board channel events', () => {
  const pushed = (item: Partial<Item>, type = 'item.updated') => ({
    type,
    id: item.id,
    row_version: item.row_version,
    data: {
      object: 'item',
      team_id: TEAM,
      board_id: BOARD,
      parent_id: null,
      sort_order: 'a0',
      values: {},
      created_by: 1,
      created_at: 'c',
      updated_at: 'u',
      deleted: false,
      ...item,
    },
  });

  test('an item lands in its folder store and leaves the one it moved out of', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const there = itemsStore(userId, TEAM, BOARD, OTHER_FOLDER);
    await there.ready;
    const id = '00000000-0000-4000-8000-0000000000c1';
    applyBoardChannelEvent(
      userId,
      TEAM,
      BOARD,
      pushed({ id, row_version: 1, folder_id: FOLDER }, 'item.created'),
    );
    expect(here.find(id)?.row_version).toBe(1);
    expect(there.find(id)).toBeUndefined();
    applyBoardChannelEvent(userId, TEAM, BOARD, pushed({ id, row_version: 2, folder_id: OTHER_FOLDER }));
    expect(here.find(id)).toBeUndefined();
    expect(there.find(id)?.row_version).toBe(2);
    // An older copy arriving late changes nothing.
    applyBoardChannelEvent(userId, TEAM, BOARD, pushed({ id, row_version: 1, folder_id: OTHER_FOLDER }));
    expect(there.find(id)?.row_version).toBe(2);
    applyBoardChannelEvent(
      userId,
      TEAM,
      BOARD,
      pushed({ id, row_version: 3, folder_id: OTHER_FOLDER }, 'item.deleted'),
    );
    expect(there.find(id)).toBeUndefined();
  });

  test("a comment event sets its item's comment count at the same row_version; one without a count changes nothing", async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const id = '00000000-0000-4000-8000-0000000000c3';
    applyBoardChannelEvent(
      userId,
      TEAM,
      BOARD,
      pushed({ id, row_version: 4, folder_id: FOLDER }, 'item.created'),
    );
    const comment = (type: string, extra: Record<string, unknown>) => ({
      type,
      id: '00000000-0000-4000-8000-0000000000d1',
      row_version: 1,
      ...extra,
    });
    const cases: [string, Record<string, unknown>, number][] = [
      ['created, with the count', { data: { item_id: id }, item_comments_count: 2 }, 2],
      ['deleted, with the count', { data: { item_id: id }, item_comments_count: 1 }, 1],
      ['without data (a private folder)', { item_comments_count: 5 }, 1],
      ['a count that is no number', { data: { item_id: id }, item_comments_count: '7' }, 1],
    ];
    for (const [label, extra, count] of cases) {
      const type = label.startsWith('deleted') ? 'comment.deleted' : 'comment.created';
      applyBoardChannelEvent(userId, TEAM, BOARD, comment(type, extra));
      expect(here.find(id)?.comments_count, label).toBe(count);
      expect(here.find(id)?.row_version, label).toBe(4);
    }
  });

  test('events of another board do not touch this one', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const id = '00000000-0000-4000-8000-0000000000c2';
    applyBoardChannelEvent(userId, TEAM, 'Board000002', pushed({ id, row_version: 1, folder_id: FOLDER }));
    expect(here.find(id)).toBeUndefined();
  });
});

describe('bulk edit', () => {
  test('a value set on many items shows at once and is saved once per item, with only that value', async () => {
    const store = itemsStore(userId, TEAM, BOARD, FOLDER);
    const items = [await add(store, 'One'), await add(store, 'Two'), await add(store, 'Three')];
    server.calls.length = 0;
    const saving = setValues(store, items, POINTS, 8);
    expect(items.map((item) => store.find(item.id)?.values[POINTS]?.data)).toEqual([8, 8, 8]);
    await saving;
    expect(puts().map((call) => call.path)).toEqual(items.map((item) => `/api/${TEAM}/items/${item.id}`));
    for (const call of puts())
      expect(Object.keys(call.body?.values as object).sort()).toEqual([NAME, POINTS].sort());
    expect(items.map((item) => server.get(item.id).values[POINTS]?.data)).toEqual([8, 8, 8]);
  });

  test('one refused save does not stop the others; the refused item shows its old value again', async () => {
    const store = itemsStore(userId, TEAM, BOARD, FOLDER);
    const [one, two] = [await add(store, 'One'), await add(store, 'Two')];
    server.intercept((call) =>
      call.path.endsWith(two!.id) ? server.json(403, { code: 'FORBIDDEN', message: 'No.' }) : undefined,
    );
    await expect(setValues(store, [one!, two!], POINTS, 3)).rejects.toMatchObject({ status: 403 });
    expect(server.get(one!.id).values[POINTS]?.data).toBe(3);
    expect(store.find(one!.id)?.values[POINTS]?.data).toBe(3);
    expect(store.find(two!.id)?.values[POINTS]).toBeUndefined();
  });
});

describe('bulk move', () => {
  test('items leave their folder at once and show at the end of the open target, subitems with them', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const there = itemsStore(userId, TEAM, BOARD, OTHER_FOLDER);
    await there.ready;
    const resident = await createItem(there, { ...fields, folderId: OTHER_FOLDER, name: 'Resident' });
    const parent = await add(here, 'Parent');
    const child = await add(here, 'Child', parent.id);
    const grandchild = await add(here, 'Grandchild', child.id);
    const single = await add(here, 'Single');
    const stays = await add(here, 'Stays');
    server.calls.length = 0;

    // The selected subitem moves with its parent, not on its own.
    const moving = moveItems(here, there, [single, parent, child], OTHER_FOLDER);
    expect(idsOf(here)).toEqual([stays.id]);
    expect(idsOf(there).sort()).toEqual([resident.id, parent.id, child.id, grandchild.id, single.id].sort());
    const saved = await moving;

    expect(puts().map((call) => call.path.split('/').at(-1))).toEqual([parent.id, single.id]);
    expect(saved.map((item) => item.folder_id)).toEqual([OTHER_FOLDER, OTHER_FOLDER]);
    for (const id of [parent.id, child.id, grandchild.id, single.id]) {
      expect(server.get(id).folder_id).toBe(OTHER_FOLDER);
      // The local copies carry the row_version the server gave them: the next save is not a 409.
      expect(there.find(id)?.row_version).toBe(server.get(id).row_version);
    }
    const keys = [resident, parent, single].map((item) => there.find(item.id)!.sort_order!);
    expect([...keys].sort()).toEqual(keys);
    expect(idsOf(here)).toEqual([stays.id]);
  });

  test('a move to a folder not open here keeps the keys', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const item = await add(here, 'Travels');
    await moveItems(here, undefined, [item], OTHER_FOLDER);
    expect(here.find(item.id)).toBeUndefined();
    expect(server.get(item.id)).toMatchObject({ folder_id: OTHER_FOLDER, sort_order: item.sort_order });
  });

  test('a refused move puts the item and its subitems back where they were', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const there = itemsStore(userId, TEAM, BOARD, OTHER_FOLDER);
    await there.ready;
    const parent = await add(here, 'Parent');
    const child = await add(here, 'Child', parent.id);
    server.intercept((call) =>
      call.method === 'PUT' ? server.json(403, { code: 'FORBIDDEN', message: 'No.' }) : undefined,
    );
    await expect(moveItems(here, there, [parent], OTHER_FOLDER)).rejects.toMatchObject({ status: 403 });
    expect(here.find(parent.id)).toMatchObject({ folder_id: FOLDER, row_version: 1 });
    expect(here.find(child.id)).toMatchObject({ folder_id: FOLDER, row_version: 1 });
    expect(idsOf(there)).toEqual([]);
  });

  test('a move answered 409 leaves the server copy in the store of the folder it names', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const there = itemsStore(userId, TEAM, BOARD, OTHER_FOLDER);
    await there.ready;
    const item = await add(here, 'Edited elsewhere');
    // Someone else renamed it meanwhile: the server is one row_version ahead.
    server.items.set(item.id, { ...server.get(item.id), row_version: 2 });
    await expect(moveItems(here, there, [item], OTHER_FOLDER)).rejects.toMatchObject({ status: 409 });
    expect(here.find(item.id)).toMatchObject({ folder_id: FOLDER, row_version: 2 });
    expect(here.getConflicts().map((conflict) => conflict.id)).toEqual([item.id]);
    expect(there.find(item.id)).toBeUndefined();
  });

  test('the open store of another folder of the board is found; one never opened is not', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const there = itemsStore(userId, TEAM, BOARD, OTHER_FOLDER);
    expect(findSiblingItemsStore(here, OTHER_FOLDER)).toBe(there);
    expect(findSiblingItemsStore(there, FOLDER)).toBe(here);
    expect(findSiblingItemsStore(here, 'Folder00009')).toBeUndefined();
  });
});

describe('bulk delete', () => {
  test('a subitem selected with its parent goes with it: one delete, both gone here', async () => {
    const store = itemsStore(userId, TEAM, BOARD, FOLDER);
    const parent = await add(store, 'Parent');
    const child = await add(store, 'Child', parent.id);
    server.calls.length = 0;
    await deleteItems(store, [child.id, parent.id]);
    expect(server.calls.map((call) => `${call.method} ${call.path.split('/').at(-1)}`)).toEqual([
      `DELETE ${parent.id}`,
    ]);
    expect(server.get(child.id).deleted).toBe(true);
    expect(idsOf(store)).toEqual([]);
  });
});
