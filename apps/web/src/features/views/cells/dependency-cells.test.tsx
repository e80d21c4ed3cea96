// @vitest-environment jsdom
import type { Board } from '@strata/contracts/boards';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { tokenStore } from '../../../lib/http';
import { resetItemTitles } from '../../../lib/items/item-titles';
import { BoardContext, type BoardView } from '../../boards/board-context';
import { operandKind } from '../table/filter-operand-input';
import { TableView } from '../table/table-view';
import {
  attributeOf,
  CONTEXT,
  MEMBERS,
  makeItems,
  mockGridViewport,
  settingsOf,
  setupViewsTest,
} from '../views-test-setup';
import { CELL_TYPES } from './cell-registry';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const TEAM = 7;
const BOARD = 'Board000007';
const ITEM = '6a1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a00';
const A = '6a1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a01';
const B = '6a1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a02';
const C = '6a1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a03';

interface Call {
  method: string;
  url: string;
}
let calls: Call[];
/** What the fake server answers a request with. */
let answer: (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await setupViewsTest();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { method: String(init.method ?? 'GET'), url };
    calls.push(call);
    return answer(call);
  });
});

beforeEach(() => {
  calls = [];
  answer = () => json(500, {});
  resetItemTitles();
  tokenStore.set({
    access_token: 'token-1',
    expires_in: 3600,
    refresh_expires_in: 86_400,
    created_at: new Date().toISOString(),
  });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const board = { teamId: TEAM, board: { id: BOARD } as Board } as BoardView;
const onBoard = (children: ReactNode) => (
  <BoardContext.Provider value={board}>{children}</BoardContext.Provider>
);

/** The open folder holds the edited item, A and C: B is in another folder, its title has to be read. */
const FOLDER_CONTEXT: ValueContext = {
  ...CONTEXT,
  itemTitle: (id) => ({ [ITEM]: 'Launch', [A]: 'Alpha', [C]: 'Check' })[id],
};

/** The board's items as the search answers them: the edited item itself among them. */
const HITS = [
  { id: ITEM, title: 'Launch', folder_id: 'Folder00001' },
  { id: A, title: 'Alpha', folder_id: 'Folder00001' },
  { id: B, title: 'Build', folder_id: 'Folder00002' },
  { id: C, title: 'Check', folder_id: 'Folder00001' },
];

/** The board: its items' search and their titles. */
const serveBoard = (call: Call) =>
  call.url.includes('/items/titles')
    ? json(200, { [B]: { title: 'Build', board_id: BOARD, folder_id: 'Folder00002' } })
    : json(200, HITS);

const link = (item_id: string, type = 'FS', lag_days = 0) => ({ item_id, type, lag_days });

describe('the dependency renderer', () => {
  const Render = CELL_TYPES.dependency.Render;
  const attribute = attributeOf('dependency');
  const cell = (data: unknown, context = FOLDER_CONTEXT) => (
    <Render attribute={attribute} data={data} context={context} members={MEMBERS} />
  );

  test('a plain finish-to-start link shows only the title; others add their type and lag', () => {
    const { container } = render(cell([link(A), link(ITEM, 'SS', 2), link(C, 'FF', -1), link(B, 'SF')]));
    const chips = [...container.querySelectorAll('[class*="chip"]')].map((chip) => chip.textContent);
    expect(chips).toEqual(['Alpha', 'Launch · SS +2d', 'Check · FF -1d', `${B} · SF`]);
  });

  test('the tooltip names every link with its type in full', () => {
    const { container } = render(cell([link(A), link(ITEM, 'SS', 2)]));
    expect(container.firstElementChild!.getAttribute('title')).toBe('Alpha, Launch (Start to start +2d)');
  });

  test('the lag is written in the reader’s language', () => {
    const { container } = render(cell([link(A, 'FS', 3)], { ...FOLDER_CONTEXT, locale: 'fr' }));
    expect(container.textContent).toBe('Alpha · FS +3j');
  });

  test('on a board, titles the folder does not hold are read through the titles route', async () => {
    answer = () => json(200, { [B]: { title: 'Build', board_id: BOARD, folder_id: 'Folder00002' } });
    render(onBoard(cell([link(B, 'SS', 0)])));
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Build')).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', url: `/api/${TEAM}/items/titles?ids=${B}` }]);
  });

  test('no value draws nothing', () => {
    const { container } = render(cell(null));
    expect(container.textContent).toBe('');
  });
});

describe('the dependency editor', () => {
  const Edit = CELL_TYPES.dependency.Edit!;

  function openEditor(options: { data?: unknown; isOnBoard?: boolean; itemId?: string } = {}) {
    const attribute = attributeOf('dependency', { name: 'Depends on' });
    const onCommit = vi.fn();
    const onCancel = vi.fn();
    const editor = (
      <Edit
        attribute={attribute}
        data={options.data ?? null}
        context={FOLDER_CONTEXT}
        members={MEMBERS}
        itemId={options.itemId ?? ITEM}
        onCommit={onCommit}
        onCancel={onCancel}
      />
    );
    render(options.isOnBoard === false ? editor : onBoard(editor));
    return { onCommit, onCancel };
  }
  const inEditor = () => within(screen.getByRole('dialog', { name: 'Depends on' }));
  const search = () => screen.getByRole('combobox', { name: 'Search items to add as predecessors' });

  test("searches this board's items, offering neither the item itself nor those linked, and adds the one picked as finish to start", async () => {
    answer = serveBoard;
    const { onCommit } = openEditor({ data: [link(A)] });
    fireEvent.change(search(), { target: { value: 'b' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Build' }));

    expect(calls.at(-1)).toEqual({ method: 'GET', url: `/api/${TEAM}/boards/${BOARD}/items?q=b` });
    expect(onCommit).toHaveBeenLastCalledWith([link(A), link(B)], { keepOpen: true });
    const results = within(screen.getByRole('listbox', { name: 'Items to add' }));
    const offered = results.getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(['Check']);
    // The picked item's title came with the search: its chip needs no request of its own.
    expect(inEditor().getByRole('list', { name: 'Predecessors' }).textContent).toContain('Build');
    expect(calls.some((call) => call.url.includes('/items/titles'))).toBe(false);
  });

  test('the keyboard picks from the search: arrows move, Enter adds', async () => {
    answer = serveBoard;
    const { onCommit } = openEditor();
    await screen.findByRole('option', { name: 'Alpha' });
    expect(screen.queryByRole('option', { name: 'Launch' })).toBeNull();
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(onCommit).toHaveBeenLastCalledWith([link(B)], { keepOpen: true });
  });

  test("a link's type is chosen by its full name and saved at once", () => {
    answer = () => json(200, []);
    const { onCommit } = openEditor({ data: [link(A), link(C, 'FF', 1)] });
    const type = inEditor().getByRole('combobox', { name: 'Type of the link to Alpha' }) as HTMLSelectElement;
    expect([...type.options].map((option) => option.text)).toEqual([
      'Finish to start',
      'Start to start',
      'Finish to finish',
      'Start to finish',
    ]);
    fireEvent.change(type, { target: { value: 'SS' } });
    expect(onCommit).toHaveBeenLastCalledWith([link(A, 'SS'), link(C, 'FF', 1)], { keepOpen: true });
    expect(inEditor().getByText(/SS$/)).toBeTruthy();
  });

  test('a lag is saved when its field is left or Enter is pressed, not at each keystroke', () => {
    answer = () => json(200, []);
    const { onCommit } = openEditor({ data: [link(A)] });
    const lag = inEditor().getByRole('spinbutton', { name: 'Lag in days for Alpha' });
    fireEvent.change(lag, { target: { value: '-2' } });
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.blur(lag);
    expect(onCommit).toHaveBeenLastCalledWith([link(A, 'FS', -2)], { keepOpen: true });
    fireEvent.change(lag, { target: { value: '5' } });
    fireEvent.keyDown(lag, { key: 'Enter' });
    expect(onCommit).toHaveBeenLastCalledWith([link(A, 'FS', 5)], { keepOpen: true });
    expect(onCommit).toHaveBeenCalledTimes(2);
  });

  test('a lag the domain refuses is not saved: the field is marked and the editor says why', () => {
    answer = () => json(200, []);
    const { onCommit } = openEditor({ data: [link(A)] });
    const lag = inEditor().getByRole('spinbutton', { name: 'Lag in days for Alpha' });
    fireEvent.change(lag, { target: { value: '1.5' } });
    fireEvent.blur(lag);
    expect(onCommit).not.toHaveBeenCalled();
    expect(lag.getAttribute('aria-invalid')).toBe('true');
    expect(inEditor().getByRole('alert').textContent).toBe(
      'Lag must be a whole number of days, from -3650 to 3650.',
    );
    fireEvent.change(lag, { target: { value: '4000' } });
    fireEvent.blur(lag);
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.change(lag, { target: { value: '' } });
    fireEvent.blur(lag);
    expect(onCommit).toHaveBeenLastCalledWith([link(A)], { keepOpen: true });
    expect(lag.getAttribute('aria-invalid')).toBe('false');
    expect(inEditor().queryByRole('alert')).toBeNull();
  });

  test('a link is removed with its button; removing the last clears the value, and the keyboard goes on in the search', async () => {
    answer = serveBoard;
    const { onCommit } = openEditor({ data: [link(A), link(C, 'SS', 1)] });
    fireEvent.click(inEditor().getByRole('button', { name: 'Remove Alpha' }));
    expect(onCommit).toHaveBeenLastCalledWith([link(C, 'SS', 1)], { keepOpen: true });
    expect(document.activeElement).toBe(search());
    // The removed item is offered again.
    expect(await screen.findByRole('option', { name: 'Alpha' })).toBeTruthy();
    fireEvent.click(inEditor().getByRole('button', { name: 'Remove Check' }));
    expect(onCommit).toHaveBeenLastCalledWith(null, { keepOpen: true });
    expect(inEditor().getByText('No predecessors yet.')).toBeTruthy();
  });

  test('offline, the search says it is not available; links still change (the save is queued)', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const { onCommit } = openEditor({ data: [link(A)] });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This feature is not available when offline.',
    );
    fireEvent.change(inEditor().getByRole('combobox', { name: 'Type of the link to Alpha' }), {
      target: { value: 'FF' },
    });
    expect(onCommit).toHaveBeenLastCalledWith([link(A, 'FF')], { keepOpen: true });
    expect(calls).toEqual([]);
  });

  test('outside a board there is nothing to search; the links can still be changed', () => {
    const { onCommit } = openEditor({ data: [link(A)], isOnBoard: false });
    expect(screen.queryByRole('combobox', { name: /Search/ })).toBeNull();
    expect(inEditor().getByText('Open the item on its board to add predecessors.')).toBeTruthy();
    fireEvent.click(inEditor().getByRole('button', { name: 'Remove Alpha' }));
    expect(onCommit).toHaveBeenLastCalledWith(null, { keepOpen: true });
    expect(calls).toEqual([]);
  });
});

describe('in the table', () => {
  const NAME = attributeOf('text', { id: 'name', name: 'Name' });
  const DEPENDS = attributeOf('dependency', { name: 'Depends on' });

  test('Enter on a dependency cell opens its editor; a pick is saved through the item like any value', async () => {
    const restore = mockGridViewport();
    answer = serveBoard;
    const items = makeItems(2, [NAME]).map((item, index) => ({ ...item, id: index === 0 ? ITEM : item.id }));
    const onChangeValue = vi.fn();
    render(
      onBoard(
        <TableView
          attributes={[NAME, DEPENDS]}
          items={items}
          settings={settingsOf()}
          context={FOLDER_CONTEXT}
          members={MEMBERS}
          nameAttributeId="name"
          selection={new Set()}
          onChangeSettings={vi.fn()}
          onChangeValue={onChangeValue}
          onOpenItem={vi.fn()}
          onAddItem={vi.fn()}
          onToggleSelect={vi.fn()}
          onButton={vi.fn()}
        />,
      ),
    );
    const grid = screen.getByRole('grid');
    act(() => grid.focus());
    act(() => void fireEvent.keyDown(grid, { key: 'ArrowRight' }));
    act(() => void fireEvent.keyDown(grid, { key: 'Enter' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Build' }));
    await waitFor(() => expect(onChangeValue).toHaveBeenCalledWith(ITEM, DEPENDS.id, [link(B)]));
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
    restore();
  });
});

test('a dependency filter’s "has any of" and "has none of" take item ids; "contains" takes text', () => {
  expect(operandKind('dependency', 'includes_any')).toBe('ids');
  expect(operandKind('dependency', 'excludes')).toBe('ids');
  expect(operandKind('dependency', 'contains')).toBe('text');
  expect(operandKind('dependency', 'is_empty')).toBe('none');
});
