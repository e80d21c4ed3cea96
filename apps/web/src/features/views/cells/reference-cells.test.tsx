// @vitest-environment jsdom
import type { Board } from '@strata/contracts/boards';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { tokenStore } from '../../../lib/http';
import { resetItemTitles } from '../../../lib/items/item-titles';
import { BoardContext, type BoardView } from '../../boards/board-context';
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
const TARGET = 'Target00001';
const ITEM = '6a1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a00';
const A = '6a1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a01';
const B = '6a1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a02';
const C = '6a1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a03';
const D = '6a1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a04';

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[];
/** What the fake server answers a request with. */
let answer: (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await setupViewsTest();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method: String(init.method ?? 'GET'), url, body };
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

/** The open folder knows only A ("Alpha"): every other title has to be read. */
const FOLDER_CONTEXT: ValueContext = { ...CONTEXT, itemTitle: (id) => (id === A ? 'Alpha' : undefined) };

/** The server's reference answer: the referencing item with the attribute's new list. */
const referenceAnswer = (attributeId: string, ids: string[] | null, deleted = false) =>
  json(200, {
    object: 'reference',
    attribute_id: attributeId,
    from_item_id: ITEM,
    to_item_id: B,
    deleted,
    item: {
      id: ITEM,
      object: 'item',
      team_id: TEAM,
      board_id: BOARD,
      folder_id: 'Folder00001',
      parent_id: null,
      sort_order: 'a0',
      values: ids ? { [attributeId]: { id: 'value-1', attribute_id: attributeId, data: ids } } : {},
      created_by: 1,
      created_at: '2026-03-20T12:00:00Z',
      updated_at: '2026-03-20T12:00:00Z',
      deleted: false,
      row_version: 3,
    },
  });

const titlesOf = (call: Call) => new URL(call.url, 'http://strata.test').searchParams.get('ids')!.split(',');

describe('the reference renderer', () => {
  const Render = CELL_TYPES.reference.Render;
  const attribute = attributeOf('reference');
  const cell = (data: unknown) => (
    <Render attribute={attribute} data={data} context={FOLDER_CONTEXT} members={MEMBERS} />
  );

  test('titles the view knows show at once; the rest come from one titles request for every cell drawn together', async () => {
    answer = () =>
      json(200, {
        [B]: { title: 'Beta', board_id: TARGET, folder_id: 'Folder00002' },
        [C]: { title: null, board_id: TARGET, folder_id: 'Folder00002' },
      });
    render(
      onBoard(
        <>
          <div data-testid="one">{cell([A, B])}</div>
          <div data-testid="two">{cell([C])}</div>
          <div data-testid="three">{cell([B, D])}</div>
        </>,
      ),
    );
    expect(within(screen.getByTestId('one')).getByText('Alpha')).toBeTruthy();
    expect(within(screen.getByTestId('one')).getByText('Loading…')).toBeTruthy();

    expect(await within(screen.getByTestId('three')).findByText('Beta')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.startsWith(`/api/${TEAM}/items/titles?ids=`)).toBe(true);
    expect(titlesOf(calls[0]!).sort()).toEqual([B, C, D].sort());
    expect(within(screen.getByTestId('one')).getByText('Beta')).toBeTruthy();
    // An item without a name is untitled; one the reader cannot see (or gone) is said to be unavailable.
    expect(within(screen.getByTestId('two')).getByText('Untitled')).toBeTruthy();
    expect(within(screen.getByTestId('three')).getByText('Unavailable item')).toBeTruthy();
  });

  test('titles already read are not asked for again', async () => {
    answer = () => json(200, { [B]: { title: 'Beta', board_id: TARGET, folder_id: 'Folder00002' } });
    const { unmount } = render(onBoard(cell([B])));
    expect(await screen.findByText('Beta')).toBeTruthy();
    unmount();
    render(onBoard(cell([B])));
    expect(screen.getByText('Beta')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(1);
  });

  test('outside a board nothing is asked: the ids show as the domain shows them', async () => {
    render(cell([B]));
    expect(screen.getByText(B)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
  });
});

describe('the reference picker', () => {
  const Edit = CELL_TYPES.reference.Edit!;

  function openPicker(
    options: { data?: unknown; settings?: Record<string, unknown>; itemId?: string | null } = {},
  ) {
    const attribute = attributeOf('reference', { settings: options.settings ?? { boardId: TARGET } });
    const onCommit = vi.fn();
    const onCancel = vi.fn();
    render(
      onBoard(
        <Edit
          attribute={attribute}
          data={options.data ?? null}
          context={FOLDER_CONTEXT}
          members={MEMBERS}
          itemId={options.itemId === null ? undefined : (options.itemId ?? ITEM)}
          onCommit={onCommit}
          onCancel={onCancel}
        />,
      ),
    );
    return { attribute, onCommit, onCancel };
  }

  const inPicker = () => within(screen.getByRole('dialog'));
  const HITS = [
    { id: B, title: 'Beta launch', folder_id: 'Folder00002' },
    { id: C, title: 'Beta review', folder_id: 'Folder00002' },
  ];

  test("searches the target board's items and links the one picked through the references route", async () => {
    const attributeId = attributeOf('reference').id;
    answer = (call) =>
      call.method === 'GET'
        ? json(200, call.url.includes('q=') ? HITS : [])
        : referenceAnswer(attributeId, [A, B]);
    const { onCommit } = openPicker({ data: [A] });
    expect(inPicker().getByText('Alpha')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Search items to link' }), {
      target: { value: 'beta' },
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Beta launch' }));

    await waitFor(() => expect(inPicker().getByRole('button', { name: 'Remove Beta launch' })).toBeTruthy());
    const searches = calls.filter((call) => call.method === 'GET');
    expect(searches.at(-1)!.url).toBe(`/api/${TEAM}/boards/${TARGET}/items?q=beta`);
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      url: `/api/${TEAM}/boards/${BOARD}/references`,
      body: { attribute_id: attributeId, from_item_id: ITEM, to_item_id: B },
    });
    // The linked item leaves the offers; no item data is ever committed (the item's save refuses it).
    expect(screen.queryByRole('option', { name: 'Beta launch' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Beta review' })).toBeTruthy();
    expect(onCommit).not.toHaveBeenCalled();
  });

  test('a chip’s remove button sends DELETE with the link', async () => {
    const attributeId = attributeOf('reference').id;
    answer = (call) => (call.method === 'GET' ? json(200, []) : referenceAnswer(attributeId, null, true));
    const { onCommit } = openPicker({ data: [A] });
    fireEvent.click(inPicker().getByRole('button', { name: 'Remove Alpha' }));
    expect(await screen.findByText('No linked items yet.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')).toEqual({
      method: 'DELETE',
      url: `/api/${TEAM}/boards/${BOARD}/references`,
      body: { attribute_id: attributeId, from_item_id: ITEM, to_item_id: A },
    });
    expect(onCommit).not.toHaveBeenCalled();
  });

  test('a single reference searches this board by default; a pick replaces the link and closes the picker', async () => {
    const attributeId = attributeOf('reference').id;
    answer = (call) => (call.method === 'GET' ? json(200, HITS) : referenceAnswer(attributeId, [B]));
    const { onCancel } = openPicker({ data: [A], settings: { multiple: false } });
    expect(screen.getByText('Choosing an item replaces the linked one.')).toBeTruthy();
    const option = await screen.findByRole('option', { name: 'Beta launch' });
    expect(calls[0]!.url).toBe(`/api/${TEAM}/boards/${BOARD}/items`);
    fireEvent.click(option);
    await waitFor(() => expect(onCancel).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  test('the server’s refusal is shown in the picker', async () => {
    answer = (call) =>
      call.method === 'GET'
        ? json(200, HITS)
        : json(403, { message: 'This action is unauthorized.', code: 'FORBIDDEN' });
    openPicker();
    fireEvent.click(await screen.findByRole('option', { name: 'Beta launch' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This action is unauthorized.');
  });

  test('offline, nothing is searched or sent: the offline message is shown', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const { onCommit } = openPicker({ data: [A] });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This feature is not available when offline.',
    );
    fireEvent.click(inPicker().getByRole('button', { name: 'Remove Alpha' }));
    expect(calls).toEqual([]);
    expect(onCommit).not.toHaveBeenCalled();
  });

  test('without the item (not opened from a row) the picker only shows the links', () => {
    openPicker({ data: [A], itemId: null });
    expect(inPicker().getByText('Alpha')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(inPicker().queryByRole('button', { name: 'Remove Alpha' })).toBeNull();
    expect(screen.getByText('Open the item on its board to change its links.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('in the table', () => {
  const NAME = attributeOf('text', { id: 'name', name: 'Name' });
  const REF = attributeOf('reference', { name: 'Blocks', settings: { boardId: TARGET } });

  test('Enter on a reference cell opens the picker for its row; Delete writes nothing as item data', async () => {
    const restore = mockGridViewport();
    const attributeId = REF.id;
    answer = (call) =>
      call.method === 'GET'
        ? json(200, [{ id: B, title: 'Beta launch', folder_id: 'Folder00002' }])
        : referenceAnswer(attributeId, [B]);
    const items = makeItems(2, [NAME]).map((item, index) => ({ ...item, id: index === 0 ? ITEM : item.id }));
    const onChangeValue = vi.fn();
    render(
      onBoard(
        <TableView
          attributes={[NAME, REF]}
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
    act(() => void fireEvent.keyDown(grid, { key: 'Delete' }));
    expect(onChangeValue).not.toHaveBeenCalled();
    act(() => void fireEvent.keyDown(grid, { key: 'Enter' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Beta launch' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      attribute_id: attributeId,
      from_item_id: ITEM,
      to_item_id: B,
    });
    expect(onChangeValue).not.toHaveBeenCalled();
    restore();
  });
});
