// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { Item } from '@strata/contracts/items';
import type { RecordStore } from '@strata/sync/records/record-types';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { PROFILE_QUERY } from '../profile-query';
import { queryClient } from '../query-client';
import { createItem, deleteItems, moveItem, moveItems, setItemValue, setValues } from './item-writes';
import { createItemsServer } from './items-server.fixtures';
import { itemsStore } from './items-store';
import { createUndoStack, UNDO_LIMIT, type UndoStep, undoStack } from './undo';

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
let userId = 1900;

beforeAll(() => {
  vi.stubGlobal('fetch', server.fetch);
});

beforeEach(async () => {
  server.reset();
  undoStack.clear();
  userId += 1;
  queryClient.setQueryData(PROFILE_QUERY, { id: userId, name: 'Uma Undo' });
  await itemsStore(userId, TEAM, BOARD, FOLDER).ready;
});

const fields = { teamId: TEAM, boardId: BOARD, folderId: FOLDER, nameAttributeId: NAME };
const add = (store: RecordStore<Item>, name: string, parentId?: string) =>
  createItem(store, { ...fields, name, parentId }, { isUndo: true });
const idsOf = (store: RecordStore<Item>) =>
  store
    .getSnapshot()
    .map((item) => item.id)
    .sort();
const stores = async () => {
  const here = itemsStore(userId, TEAM, BOARD, FOLDER);
  const there = itemsStore(userId, TEAM, BOARD, OTHER_FOLDER);
  await there.ready;
  return { here, there };
};

/** Undoes the last step and waits for it; answers the step. */
async function undoLast(): Promise<UndoStep> {
  const undone = undoStack.undo();
  if (!undone) throw new Error('nothing to undo');
  await undone.done;
  return undone.step;
}

describe('the stack', () => {
  test('undo takes the last step first; past the limit the oldest steps are dropped', async () => {
    const stack = createUndoStack();
    const reverted: number[] = [];
    for (let n = 1; n <= UNDO_LIMIT + 2; n++)
      stack.push({ ...fakeStep(n, []), revert: async () => void reverted.push(n) });
    expect(stack.size()).toBe(UNDO_LIMIT);
    await stack.undo()?.done;
    await stack.undo()?.done;
    expect(reverted).toEqual([UNDO_LIMIT + 2, UNDO_LIMIT + 1]);
    while (stack.size() > 0) await stack.undo()?.done;
    expect(reverted.at(-1)).toBe(3);
    expect(stack.undo()).toBeUndefined();
  });

  test('a revert that throws at once is reported through done', async () => {
    const stack = createUndoStack();
    stack.push({
      ...fakeStep(1, []),
      revert: () => {
        throw new Error('broken');
      },
    });
    await expect(stack.undo()?.done).rejects.toThrow('broken');
    // What failed to be undone cannot be redone.
    expect(stack.redo()).toBeUndefined();
  });

  type Op = 'undo' | 'redo' | `push ${number}`;
  test.each<{ ops: Op[]; log: string[]; sizes: [undo: number, redo: number] }>([
    { ops: ['push 1', 'push 2', 'undo', 'redo'], log: ['undo 2', 'redo 2'], sizes: [2, 0] },
    {
      ops: ['push 1', 'push 2', 'undo', 'undo', 'redo', 'redo'],
      log: ['undo 2', 'undo 1', 'redo 1', 'redo 2'],
      sizes: [2, 0],
    },
    { ops: ['push 1', 'push 2', 'undo', 'redo', 'undo'], log: ['undo 2', 'redo 2', 'undo 2'], sizes: [1, 1] },
    // A new change after an undo empties the redo stack.
    { ops: ['push 1', 'push 2', 'undo', 'push 3', 'redo'], log: ['undo 2'], sizes: [2, 0] },
    { ops: ['push 1', 'redo'], log: [], sizes: [1, 0] },
    { ops: ['undo', 'redo'], log: [], sizes: [0, 0] },
  ])('$ops -> $log', async ({ ops, log, sizes }) => {
    const stack = createUndoStack();
    const seen: string[] = [];
    for (const op of ops) {
      if (op === 'undo') await stack.undo()?.done;
      else if (op === 'redo') await stack.redo()?.done;
      else stack.push(fakeStep(Number(op.slice(5)), seen));
    }
    expect(seen).toEqual(log);
    expect([stack.size(), stack.redoSize()]).toEqual(sizes);
  });

  test('a redo that fails is reported through done and cannot be undone', async () => {
    const stack = createUndoStack();
    stack.push({ ...fakeStep(1, []), reapply: () => Promise.reject(new Error('refused')) });
    await stack.undo()?.done;
    await expect(stack.redo()?.done).rejects.toThrow('refused');
    expect([stack.size(), stack.redoSize()]).toEqual([0, 0]);
  });
});

/** A step that notes its undo and redo in `log`. */
function fakeStep(n: number, log: string[]): UndoStep {
  return {
    kind: 'edit',
    count: n,
    isShownAtOnce: true,
    isReappliedAtOnce: true,
    revert: async () => void log.push(`undo ${n}`),
    reapply: async () => void log.push(`redo ${n}`),
  };
}

describe('undo of the item writes', () => {
  test('a bulk edit is one step: each item gets its own previous value back', async () => {
    const { here } = await stores();
    const [one, two] = [await add(here, 'One'), await add(here, 'Two')];
    await setItemValue(here, one!, POINTS, 1, { isUndo: true });
    await setValues(here, [one!, two!], POINTS, 8);
    expect(undoStack.size()).toBe(1);

    const step = await undoLast();
    expect(step).toMatchObject({ kind: 'edit', count: 2 });
    expect(here.find(one!.id)?.values[POINTS]?.data).toBe(1);
    expect(here.find(two!.id)?.values[POINTS]?.data ?? null).toBeNull();
    expect(server.get(one!.id).values[POINTS]?.data).toBe(1);
    expect(server.get(two!.id).values[POINTS]).toBeUndefined();
    // The undo's own writes are not steps of their own.
    expect(undoStack.size()).toBe(0);
  });

  test('a cell edit that changes nothing records no step', async () => {
    const { here } = await stores();
    const item = await add(here, 'Same');
    await setItemValue(here, item, NAME, 'Same');
    expect(undoStack.size()).toBe(0);
  });

  test('a move is undone: items, keys and subitems go back to their folder', async () => {
    const { here, there } = await stores();
    await createItem(there, { ...fields, folderId: OTHER_FOLDER, name: 'Resident' }, { isUndo: true });
    const parent = await add(here, 'Parent');
    const child = await add(here, 'Child', parent.id);
    const single = await add(here, 'Single');
    await moveItems(here, there, [parent, single], OTHER_FOLDER);
    expect(there.find(parent.id)?.sort_order).not.toBe(parent.sort_order);

    expect(await undoLast()).toMatchObject({ kind: 'move', count: 2 });
    expect(idsOf(here)).toEqual([parent.id, child.id, single.id].sort());
    expect(there.find(parent.id) ?? there.find(child.id) ?? there.find(single.id)).toBeUndefined();
    for (const item of [parent, child, single]) {
      expect(server.get(item.id)).toMatchObject({ folder_id: FOLDER, sort_order: item.sort_order });
      expect(here.find(item.id)?.row_version).toBe(server.get(item.id).row_version);
    }
  });

  test('a move to a folder not open here is undone through the source store', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const parent = await add(here, 'Parent');
    const child = await add(here, 'Child', parent.id);
    await moveItems(here, undefined, [parent], OTHER_FOLDER);
    await undoLast();
    expect(idsOf(here)).toEqual([parent.id, child.id].sort());
    expect(server.get(parent.id)).toMatchObject({ folder_id: FOLDER, row_version: 3 });
    expect(server.get(child.id)).toMatchObject({ folder_id: FOLDER, row_version: 3 });
    expect(here.find(child.id)?.row_version).toBe(3);
  });

  test('undo pressed while the move is still on its way waits behind it and ends where it began', async () => {
    const { here, there } = await stores();
    const item = await add(here, 'Hurried');
    let release: (() => void) | undefined;
    server.intercept((call, rules) => {
      if (call.method !== 'PUT' || call.body?.folder_id !== OTHER_FOLDER) return undefined;
      return new Promise<Response>((resolve) => {
        release = () => resolve(rules());
      });
    });
    const moving = moveItems(here, there, [item], OTHER_FOLDER);
    await vi.waitFor(() => expect(release).toBeDefined());
    const undone = undoStack.undo()!;
    expect(here.find(item.id)?.folder_id).toBe(FOLDER);
    expect(there.find(item.id)).toBeUndefined();
    release?.();
    await moving;
    // The move's late answer does not undo what the undo already shows.
    expect(here.find(item.id)?.folder_id).toBe(FOLDER);
    expect(there.find(item.id)).toBeUndefined();
    await undone.done;
    expect(server.get(item.id)).toMatchObject({ folder_id: FOLDER, row_version: 3 });
    expect(here.find(item.id)?.row_version).toBe(3);
    expect(there.find(item.id)).toBeUndefined();
  });

  test('the undo of a refused move changes nothing', async () => {
    const { here, there } = await stores();
    const item = await add(here, 'Stuck');
    server.intercept((call) =>
      call.method === 'PUT' ? server.json(403, { code: 'FORBIDDEN', message: 'No.' }) : undefined,
    );
    await expect(moveItems(here, there, [item], OTHER_FOLDER)).rejects.toMatchObject({ status: 403 });
    server.intercept(undefined);
    server.calls.length = 0;
    await undoLast();
    expect(server.calls).toEqual([]);
    expect(here.find(item.id)).toMatchObject({ folder_id: FOLDER, row_version: 1 });
  });

  test('a drag and drop is undone: the item gets its old key and parent back', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const parent = await add(here, 'Parent');
    const item = await add(here, 'Dragged');
    await moveItem(here, item, null, parent.sort_order, { parent_id: parent.id });
    expect(here.find(item.id)?.parent_id).toBe(parent.id);
    expect(await undoLast()).toMatchObject({ kind: 'move', count: 1 });
    expect(server.get(item.id)).toMatchObject({ parent_id: null, sort_order: item.sort_order });
  });

  test('a new item is undone by deleting it', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const item = await createItem(here, { ...fields, name: 'Oops' });
    expect(await undoLast()).toMatchObject({ kind: 'create', count: 1, isShownAtOnce: false });
    expect(here.find(item.id)).toBeUndefined();
    expect(server.get(item.id).deleted).toBe(true);
  });

  test('a delete is undone through the trash restore route, subitems coming back with their item', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const parent = await add(here, 'Parent');
    const child = await add(here, 'Child', parent.id);
    const other = await add(here, 'Other');
    await deleteItems(here, [parent.id, child.id, other.id]);
    expect(idsOf(here)).toEqual([]);
    server.calls.length = 0;

    expect(await undoLast()).toMatchObject({ kind: 'delete', count: 2 });
    expect(server.calls[0]).toEqual({
      method: 'POST',
      path: `/api/${TEAM}/boards/${BOARD}/trash/restore`,
      body: { records: [parent, other].map((item) => ({ type: 'item', id: item.id })) },
    });
    expect(idsOf(here)).toEqual([parent.id, child.id, other.id].sort());
  });

  test('a refused restore is reported and leaves the store as it was', async () => {
    const here = itemsStore(userId, TEAM, BOARD, FOLDER);
    const item = await add(here, 'Gone');
    await deleteItems(here, [item.id]);
    server.intercept((call) =>
      call.method === 'POST' ? server.json(403, { code: 'FORBIDDEN', message: 'No.' }) : undefined,
    );
    const undone = undoStack.undo();
    await expect(undone?.done).rejects.toMatchObject({ status: 403 });
    expect(here.find(item.id)).toBeUndefined();
  });
});

/** Redoes the last undone step and waits for it. */
async function redoLast(): Promise<UndoStep> {
  const redone = undoStack.redo();
  if (!redone) throw new Error('nothing to redo');
  await redone.done;
  return redone.step;
}

/** What the server holds of an item that matters to a test: folder, parent, place, points, deleted. */
const held = (id: string) => {
  const item = server.get(id);
  return {
    folder: item.folder_id,
    parent: item.parent_id,
    order: item.sort_order,
    points: item.values[POINTS]?.data ?? null,
    deleted: Boolean(item.deleted),
  };
};

describe('redo of the item writes: after undo, redo leaves the server as the change did', () => {
  test.each<{
    kind: string;
    change: (here: RecordStore<Item>, there: RecordStore<Item>, items: Item[]) => Promise<unknown>;
  }>([
    { kind: 'edit', change: (here, _there, items) => setItemValue(here, items[0]!, POINTS, 5) },
    { kind: 'edit', change: (here, _there, items) => setValues(here, items, POINTS, 8) },
    {
      kind: 'move',
      change: (here, _there, items) =>
        moveItem(here, items[1]!, null, items[0]!.sort_order, { parent_id: items[0]!.id }),
    },
    { kind: 'move', change: (here, there, items) => moveItems(here, there, items, OTHER_FOLDER) },
    { kind: 'delete', change: (here, _there, items) => deleteItems(here, [items[0]!.id]) },
    { kind: 'create', change: (here) => createItem(here, { ...fields, name: 'Fresh' }) },
  ])('$kind', async ({ kind, change }) => {
    const { here, there } = await stores();
    const items = [await add(here, 'One'), await add(here, 'Two')];
    await change(here, there, items);
    const ids = () => [...server.items.keys()].sort();
    const after = Object.fromEntries(ids().map((id) => [id, held(id)]));

    expect(await undoLast()).toMatchObject({ kind });
    expect(Object.fromEntries(ids().map((id) => [id, held(id)]))).not.toEqual(after);
    expect(await redoLast()).toMatchObject({ kind });
    const again = Object.fromEntries(ids().map((id) => [id, held(id)]));
    expect(again).toEqual(after);
    expect(undoStack.size()).toBe(1);
    expect(undoStack.redoSize()).toBe(0);
  });
});
