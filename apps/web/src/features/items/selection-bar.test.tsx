// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { Folder } from '@strata/contracts/boards';
import type { Item } from '@strata/contracts/items';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createItem } from '../../lib/items/item-writes';
import { createItemsServer } from '../../lib/items/items-server.fixtures';
import { itemsStore } from '../../lib/items/items-store';
import { undoStack } from '../../lib/items/undo';
import { PROFILE_QUERY } from '../../lib/profile-query';
import { queryClient } from '../../lib/query-client';
import { initTestI18n } from '../../lib/test-i18n';
import { ConfirmProvider } from '../../ui/confirm';
import { AppDirection } from '../../ui/direction';
import { toasts } from '../../ui/toast-store';
import { SelectionBar, type SelectionBarProps } from './selection-bar';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const TEAM = 9;
const BOARD = 'Board000001';
const HERE = 'Folder0000A';
const NAME = '00000000-0000-4000-8000-00000000000a';
const POINTS = '00000000-0000-4000-8000-00000000000b';
const DONE = '00000000-0000-4000-8000-00000000000f';
const server = createItemsServer(BOARD);
let userId = 2900;

const folder = (id: string, name: string, parentId: string | null, sortOrder: string): Folder => ({
  id,
  object: 'folder',
  team_id: TEAM,
  board_id: BOARD,
  parent_id: parentId,
  name,
  color: null,
  attribute_ids: [],
  settings: {},
  sort_order: sortOrder,
  created_by: 1,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  deleted: false,
  row_version: 1,
});

/** Sprint 1 (shown) › Backlog; Sprint 2 › Review › Done; an archived folder in the trash. */
const FOLDERS = [
  folder(HERE, 'Sprint 1', null, 'a0'),
  folder('Folder0000B', 'Backlog', HERE, 'a0'),
  folder('Folder0000C', 'Sprint 2', null, 'a1'),
  folder('Folder0000D', 'Review', 'Folder0000C', 'a0'),
  folder('Folder0000E', 'Done', 'Folder0000D', 'a0'),
  { ...folder('Folder0000F', 'Archive', null, 'a2'), deleted: true },
];

const ATTRIBUTES: AttributeDefinition[] = [
  { id: NAME, name: 'Name', type: 'text', settings: { primary: true } },
  { id: POINTS, name: 'Points', type: 'number', settings: { format: 'number', decimals: null } },
  { id: '00000000-0000-4000-8000-00000000000c', name: 'Total', type: 'formula', settings: {} },
  { id: '00000000-0000-4000-8000-00000000000d', name: 'Files', type: 'attachments', settings: {} },
  { id: '00000000-0000-4000-8000-00000000000e', name: 'Ticket', type: 'custom_id', settings: {} },
  { id: DONE, name: 'Done', type: 'checkbox', settings: {} },
];

const CONTEXT: ValueContext = {
  locale: 'en-US',
  timeZone: 'UTC',
  currentUserId: 1,
  memberName: () => undefined,
  itemTitle: () => undefined,
  folderName: () => undefined,
};

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  await initTestI18n();
});

beforeEach(async () => {
  server.reset();
  undoStack.clear();
  userId += 1;
  queryClient.setQueryData(PROFILE_QUERY, { id: userId, name: 'Sam Select' });
  await itemsStore(userId, TEAM, BOARD, HERE).ready;
});

afterEach(cleanup);

const store = () => itemsStore(userId, TEAM, BOARD, HERE);
const add = (name: string, parentId?: string): Promise<Item> =>
  createItem(
    store(),
    { teamId: TEAM, boardId: BOARD, folderId: HERE, nameAttributeId: NAME, name, parentId },
    { isUndo: true },
  );
const toastTexts = () => toasts.current().map((toast) => toast.message);

function renderBar(items: readonly Item[], props: Partial<SelectionBarProps> = {}) {
  const onClear = vi.fn();
  // Wrapped as the app is (main.tsx): Radix parts take the language's direction from the root.
  render(
    <AppDirection>
      <ConfirmProvider>
        <SelectionBar
          selection={new Set(items.map((item) => item.id))}
          store={store()}
          mayDelete
          onClear={onClear}
          mayEdit
          folderId={HERE}
          folders={FOLDERS}
          attributes={ATTRIBUTES}
          context={CONTEXT}
          {...props}
        />
      </ConfirmProvider>
    </AppDirection>,
  );
  return { onClear };
}

describe('Move to…', () => {
  test('lists the board’s other live folders in tree order, indented by depth', async () => {
    const item = await add('Plan');
    renderBar([item]);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Move to… (1)' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu', { name: 'Move to… (1)' });
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => [entry.textContent, entry.style.getPropertyValue('--depth')])).toEqual([
      ['Backlog', '1'],
      ['Sprint 2', '0'],
      ['Review', '1'],
      ['Done', '2'],
    ]);
  });

  test('picking a folder moves the selected items there with their subitems and clears the selection', async () => {
    const parent = await add('Parent');
    const child = await add('Child', parent.id);
    const other = await add('Other');
    const { onClear } = renderBar([parent, child, other]);
    // The subitem goes with its parent: two items move.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Move to… (2)' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Review' }));
    expect(onClear).toHaveBeenCalled();
    expect(store().find(parent.id)).toBeUndefined();
    await waitFor(() => expect(toastTexts()).toContain('2 items moved to Review.'));
    for (const item of [parent, child, other]) expect(server.get(item.id).folder_id).toBe('Folder0000D');
    expect(undoStack.size()).toBe(1);
  });

  test('a selection of subitems alone has nothing to move', async () => {
    const parent = await add('Parent');
    const child = await add('Child', parent.id);
    renderBar([child]);
    const button = screen.getByRole('button', { name: 'Move to… (0)' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.title).toBe('Subitems move with their parent item.');
  });

  test('in a right-to-left language the menu runs right to left', async () => {
    const item = await add('Plan');
    await i18next.changeLanguage('ar');
    try {
      renderBar([item]);
      fireEvent.keyDown(screen.getAllByRole('button')[0]!, { key: 'Enter' });
      expect((await screen.findByRole('menu')).getAttribute('dir')).toBe('rtl');
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  test('without edit permission only delete and clear are offered', async () => {
    const item = await add('Plan');
    renderBar([item], { mayEdit: false });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Delete selected (1)',
      'Clear selection',
    ]);
  });

  test('the old props alone still give delete and clear', async () => {
    const item = await add('Plan');
    const onClear = vi.fn();
    render(
      <ConfirmProvider>
        <SelectionBar selection={new Set([item.id])} store={store()} mayDelete={false} onClear={onClear} />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});

describe('Edit…', () => {
  test('offers only the attributes users write, then sets the value edited on every selected item', async () => {
    const items = [await add('One'), await add('Two')];
    renderBar(items);
    fireEvent.click(screen.getByRole('button', { name: 'Edit… (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 2 items' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Column/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Name', 'Points', 'Done']);
    fireEvent.click(screen.getByRole('option', { name: 'Points' }));

    const apply = within(dialog).getByRole('button', { name: 'Apply to 2 items' });
    expect(apply).toHaveProperty('disabled', true);
    const input = within(dialog).getByRole('textbox', { name: 'Points' });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(apply).toHaveProperty('disabled', false);
    fireEvent.click(apply);

    expect(items.map((item) => store().find(item.id)?.values[POINTS]?.data)).toEqual([5, 5]);
    await waitFor(() => expect(toastTexts()).toContain('2 items updated.'));
    expect(items.map((item) => server.get(item.id).values[POINTS]?.data)).toEqual([5, 5]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a checkbox is ticked in place and then set on every selected item', async () => {
    const items = [await add('One'), await add('Two'), await add('Three')];
    renderBar(items);
    fireEvent.click(screen.getByRole('button', { name: 'Edit… (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 3 items' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Column/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Done' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Done' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to 3 items' }));
    await waitFor(() => expect(toastTexts()).toContain('3 items updated.'));
    expect(items.map((item) => server.get(item.id).values[DONE]?.data)).toEqual([true, true, true]);
  });

  test('a refused save is shown as a toast in the catalogue’s words', async () => {
    const item = await add('One');
    server.intercept((call) =>
      call.method === 'PUT' ? server.json(403, { code: 'FORBIDDEN', message: 'Nope.' }) : undefined,
    );
    renderBar([item]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit… (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 1 item' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Column/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Name' }));
    const input = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(input, { target: { value: 'Renamed' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to 1 item' }));
    });
    await waitFor(() => expect(toastTexts()).toContain('This action is unauthorized.'));
    expect(store().find(item.id)?.values[NAME]?.data).toBe('One');
  });
});

describe('Delete selected', () => {
  test('the confirmation names what it deletes, and only that button deletes', async () => {
    const items = [await add('One'), await add('Two'), await add('Three')];
    renderBar(items);
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    const sure = await screen.findByRole('dialog', { name: 'Delete the selected items?' });
    expect(
      within(sure)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(expect.arrayContaining(['Cancel', 'Delete 3 items']));
    expect(within(sure).queryByRole('button', { name: /^(Yes|OK)$/ })).toBeNull();
    fireEvent.click(within(sure).getByRole('button', { name: 'Delete 3 items' }));
    await waitFor(() => expect(items.map((item) => server.get(item.id).deleted)).toEqual([true, true, true]));
  });
});
