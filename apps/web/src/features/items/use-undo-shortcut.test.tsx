// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { Item } from '@strata/contracts/items';
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { isTypingTarget } from '../../lib/commands/shortcuts';
import { createItem, deleteItems, setValues } from '../../lib/items/item-writes';
import { createItemsServer } from '../../lib/items/items-server.fixtures';
import { itemsStore } from '../../lib/items/items-store';
import { undoStack } from '../../lib/items/undo';
import { PROFILE_QUERY } from '../../lib/profile-query';
import { queryClient } from '../../lib/query-client';
import { initTestI18n } from '../../lib/test-i18n';
import { toasts } from '../../ui/toast-store';
import { shortcutOf, useUndoShortcut } from './use-undo-shortcut';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const TEAM = 9;
const BOARD = 'Board000001';
const FOLDER = 'Folder00001';
const NAME = '00000000-0000-4000-8000-00000000000a';
const POINTS = '00000000-0000-4000-8000-00000000000b';
const server = createItemsServer(BOARD);
let userId = 3900;
/** Who the shortcut is used by (the stores' user ids change per test only to keep them apart). */
const SIGNED_IN = 1;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await initTestI18n();
});

beforeEach(async () => {
  server.reset();
  undoStack.clear();
  userId += 1;
  queryClient.setQueryData(PROFILE_QUERY, { id: userId, name: 'Zed Undo' });
  await itemsStore(userId, TEAM, BOARD, FOLDER).ready;
});

afterEach(cleanup);

const store = () => itemsStore(userId, TEAM, BOARD, FOLDER);
const add = (name: string): Promise<Item> =>
  createItem(
    store(),
    { teamId: TEAM, boardId: BOARD, folderId: FOLDER, nameAttributeId: NAME, name },
    { isUndo: true },
  );
const toastTexts = () => toasts.current().map((toast) => toast.message);
const pointsOf = (item: Item) => store().find(item.id)?.values[POINTS]?.data ?? null;

/** A bulk edit of two items to 8 points: one undo step. */
async function editTwo(): Promise<Item[]> {
  const items = [await add('One'), await add('Two')];
  await setValues(store(), items, POINTS, 8);
  return items;
}

function Fields() {
  useUndoShortcut(SIGNED_IN);
  return (
    <>
      <input aria-label="Title" />
      <textarea aria-label="Notes" />
      <div contentEditable suppressContentEditableWarning>
        <span>typed text</span>
      </div>
      <input type="checkbox" aria-label="Done" />
      <button type="button">Plain</button>
    </>
  );
}

describe('Ctrl/Cmd+Z', () => {
  test('Ctrl+Z undoes the last change at once and says what it undid', async () => {
    const items = await editTwo();
    renderHook(() => useUndoShortcut(SIGNED_IN));
    const event = fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(event).toBe(false); // the browser's own undo is kept out
    expect(items.map(pointsOf)).toEqual([null, null]);
    expect(toastTexts()).toContain('Undone: change to 2 items');
    await waitFor(() => expect(server.get(items[0]!.id).values[POINTS]).toBeUndefined());
  });

  test('Cmd+Z does the same', async () => {
    const items = await editTwo();
    renderHook(() => useUndoShortcut(SIGNED_IN));
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    expect(items.map(pointsOf)).toEqual([null, null]);
  });

  test('a non-Latin keyboard layout still undoes with the Z key', async () => {
    const items = await editTwo();
    renderHook(() => useUndoShortcut(SIGNED_IN));
    fireEvent.keyDown(document.body, { key: 'я', code: 'KeyZ', ctrlKey: true });
    expect(items.map(pointsOf)).toEqual([null, null]);
  });

  test('typing in an input, a textarea or an editable element keeps the browser’s undo', async () => {
    const items = await editTwo();
    render(<Fields />);
    for (const target of [
      screen.getByRole('textbox', { name: 'Title' }),
      screen.getByRole('textbox', { name: 'Notes' }),
      screen.getByText('typed text'),
    ]) {
      expect(isTypingTarget(target)).toBe(true);
      expect(fireEvent.keyDown(target, { key: 'z', ctrlKey: true })).toBe(true);
    }
    expect(items.map(pointsOf)).toEqual([8, 8]);
    expect(undoStack.size()).toBe(1);
    // A checkbox or a button takes no typing: there Ctrl+Z is the app's undo.
    fireEvent.keyDown(screen.getByRole('checkbox', { name: 'Done' }), { key: 'z', ctrlKey: true });
    expect(items.map(pointsOf)).toEqual([null, null]);
  });

  test('one key press is one undo however many screens use the shortcut', async () => {
    const first = await editTwo();
    const second = await editTwo();
    renderHook(() => useUndoShortcut(SIGNED_IN));
    renderHook(() => useUndoShortcut(SIGNED_IN));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(second.map(pointsOf)).toEqual([null, null]);
    expect(first.map(pointsOf)).toEqual([8, 8]);
  });

  test('with nothing left to undo it says so', () => {
    renderHook(() => useUndoShortcut(SIGNED_IN));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(toastTexts().at(-1)).toBe('Nothing to undo.');
  });

  test('a restore from the trash is announced once the server answered; a refusal as an error', async () => {
    const item = await add('Gone');
    await deleteItems(store(), [item.id]);
    renderHook(() => useUndoShortcut(SIGNED_IN));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(toastTexts()).toContain('Undone: deletion of 1 item'));
    expect(store().find(item.id)).toBeDefined();

    await deleteItems(store(), [item.id]);
    server.intercept((call) =>
      call.method === 'POST' ? server.json(403, { code: 'FORBIDDEN', message: 'Nope.' }) : undefined,
    );
    const before = toasts.current().length;
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() =>
      expect(
        toasts
          .current()
          .slice(before)
          .map((toast) => toast.tone),
      ).toEqual(['error']),
    );
  });

  test('steps recorded by another user on this tab are dropped', async () => {
    await editTwo();
    const { rerender } = renderHook(({ id }) => useUndoShortcut(id), { initialProps: { id: SIGNED_IN } });
    expect(undoStack.size()).toBe(1);
    rerender({ id: SIGNED_IN + 1 });
    expect(undoStack.size()).toBe(0);
    rerender({ id: SIGNED_IN });
  });
});

describe('the shortcuts', () => {
  test.each([
    { keys: 'Ctrl+Z', init: { key: 'z', ctrlKey: true }, shortcut: 'undo' },
    { keys: 'Cmd+Z', init: { key: 'z', metaKey: true }, shortcut: 'undo' },
    { keys: 'Ctrl+Shift+Z', init: { key: 'Z', ctrlKey: true, shiftKey: true }, shortcut: 'redo' },
    { keys: 'Cmd+Shift+Z', init: { key: 'Z', metaKey: true, shiftKey: true }, shortcut: 'redo' },
    { keys: 'Ctrl+Y', init: { key: 'y', ctrlKey: true }, shortcut: 'redo' },
    { keys: 'Cmd+Y (history on a Mac)', init: { key: 'y', metaKey: true }, shortcut: null },
    { keys: 'Ctrl+Shift+Y', init: { key: 'Y', ctrlKey: true, shiftKey: true }, shortcut: null },
    { keys: 'Ctrl+Alt+Z', init: { key: 'z', ctrlKey: true, altKey: true }, shortcut: null },
    { keys: 'Z alone', init: { key: 'z' }, shortcut: null },
    { keys: 'Ctrl+Z, Cyrillic layout', init: { key: 'я', code: 'KeyZ', ctrlKey: true }, shortcut: 'undo' },
    { keys: 'Ctrl+Y, Cyrillic layout', init: { key: 'н', code: 'KeyY', ctrlKey: true }, shortcut: 'redo' },
    {
      keys: 'Ctrl+Shift+Z, Arabic layout',
      init: { key: 'ئ', code: 'KeyZ', ctrlKey: true, shiftKey: true },
      shortcut: 'redo',
    },
  ])('$keys is $shortcut', ({ init, shortcut }) => {
    expect(shortcutOf(new KeyboardEvent('keydown', init))).toBe(shortcut);
  });
});

describe('redo', () => {
  test.each([
    { keys: 'Ctrl+Shift+Z', init: { key: 'Z', ctrlKey: true, shiftKey: true } },
    { keys: 'Cmd+Shift+Z', init: { key: 'Z', metaKey: true, shiftKey: true } },
    { keys: 'Ctrl+Y', init: { key: 'y', ctrlKey: true } },
  ])('$keys makes the undone change again and says so', async ({ init }) => {
    const items = await editTwo();
    renderHook(() => useUndoShortcut(SIGNED_IN));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(items.map(pointsOf)).toEqual([null, null]);
    const event = fireEvent.keyDown(document.body, init);
    expect(event).toBe(false);
    expect(items.map(pointsOf)).toEqual([8, 8]);
    expect(toastTexts()).toContain('Redone: change to 2 items');
    await waitFor(() => expect(server.get(items[0]!.id).values[POINTS]?.data).toBe(8));
  });

  test('a new change after an undo leaves nothing to redo, and it says so', async () => {
    const items = await editTwo();
    renderHook(() => useUndoShortcut(SIGNED_IN));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await setValues(store(), [items[0]!], POINTS, 3);
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(toastTexts().at(-1)).toBe('Nothing to redo.');
    expect(items.map(pointsOf)).toEqual([3, null]);
  });

  test('a redo of a deletion is announced once the server answered', async () => {
    const item = await add('Gone');
    await deleteItems(store(), [item.id]);
    renderHook(() => useUndoShortcut(SIGNED_IN));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(store().find(item.id)).toBeDefined());
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(toastTexts()).not.toContain('Redone: deletion of 1 item');
    await waitFor(() => expect(toastTexts()).toContain('Redone: deletion of 1 item'));
    expect(server.get(item.id).deleted).toBe(true);
  });

  test('typing in an input keeps the browser’s own redo', async () => {
    const items = await editTwo();
    render(<Fields />);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(fireEvent.keyDown(title, { key: 'y', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(title, { key: 'Z', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(items.map(pointsOf)).toEqual([null, null]);
  });
});
