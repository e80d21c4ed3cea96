// @vitest-environment jsdom
import type { TrashEntry } from '@strata/contracts/trash';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';
import { ConfirmProvider } from '../../ui/confirm';
import { toasts } from '../../ui/toast-store';
import { BoardTrash } from './board-trash';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const TEAM = 7;
const BOARD = 'Board000001';
const PATH = `/api/${TEAM}/boards/${BOARD}/trash`;

interface Call {
  method: string;
  path: string;
  body: { records?: { type: string; id: string }[] } | undefined;
}

const entry = (patch: Partial<TrashEntry> & Pick<TrashEntry, 'type' | 'id'>): TrashEntry => ({
  name: null,
  deleted_at: '2026-03-20T12:00:00.000Z',
  folder_id: null,
  folder_name: null,
  parent_id: null,
  attribute_type: null,
  subitem_count: 0,
  ...patch,
});

const PLAN = entry({
  type: 'item',
  id: '6f1c1f8e-0000-4000-8000-000000000001',
  name: 'Write the plan',
  folder_id: 'Folder00001',
  folder_name: 'Sprint 1',
  subitem_count: 2,
});
const NAMELESS = entry({ type: 'item', id: '6f1c1f8e-0000-4000-8000-000000000002' });
const ARCHIVE = entry({ type: 'folder', id: 'Folder00002', name: 'Archive' });
const COST = entry({
  type: 'attribute',
  id: '6f1c1f8e-0000-4000-8000-000000000003',
  name: 'Cost',
  attribute_type: 'number',
});

let calls: Call[] = [];
/** The board's trash as the fake answers it; pages of `pageSize`. */
let trash: TrashEntry[] = [];
let pageSize = 100;
let listStatus = 200;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The routes of docs/trash.md, over an in-memory list: what the component sends is what is checked. */
function answer(call: Call): Response {
  const url = new URL(call.path, 'http://strata.test');
  if (call.method === 'GET' && url.pathname === PATH) {
    if (listStatus !== 200)
      return json(listStatus, { message: 'This action is unauthorized.', code: 'FORBIDDEN' });
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const data = trash.slice(start, start + pageSize);
    const next = start + pageSize < trash.length ? String(start + pageSize) : null;
    return json(200, { data, next_cursor: next });
  }
  const named = new Set((call.body?.records ?? []).map((r) => `${r.type}:${r.id}`));
  if (
    (call.method === 'POST' && url.pathname === `${PATH}/restore`) ||
    (call.method === 'DELETE' && url.pathname === PATH)
  ) {
    trash = trash.filter((e) => !named.has(`${e.type}:${e.id}`));
    return json(200, { records: call.body?.records ?? [] });
  }
  return json(404, { message: 'Not Found', code: 'NOT_FOUND' });
}

beforeAll(async () => {
  await initTestI18n();
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

beforeEach(() => {
  calls = [];
  trash = [PLAN, NAMELESS, ARCHIVE, COST];
  pageSize = 100;
  listStatus = 200;
});

afterEach(() => {
  cleanup();
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});

function renderTrash() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <BoardTrash teamId={TEAM} boardId={BOARD} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

const rows = () => within(screen.getByRole('list', { name: 'Deleted records' })).getAllByRole('listitem');
const writes = () => calls.filter((call) => call.method !== 'GET');

describe('the trash screen', () => {
  test('lists each record with its kind, name (or Untitled), where it was and when it was deleted', async () => {
    renderTrash();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const [plan, nameless, archive, cost] = rows();
    expect(plan!.textContent).toContain('Write the plan');
    expect(plan!.textContent).toContain('Item · in Sprint 1 · with 2 subitems');
    expect(nameless!.textContent).toContain('Untitled item');
    expect(archive!.textContent).toContain('Folder');
    expect(cost!.textContent).toContain('Attribute');
    expect(plan!.querySelector('time')?.getAttribute('dateTime')).toBe(PLAN.deleted_at);
    expect(screen.getByRole('button', { name: 'Restore' }).hasAttribute('disabled')).toBe(true);
  });

  test('an empty trash says so', async () => {
    trash = [];
    renderTrash();
    expect(await screen.findByText('The trash is empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  test('Restore sends the selected records, then the list reloads without them', async () => {
    renderTrash();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Write the plan' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cost' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: `${PATH}/restore`,
        body: {
          records: [
            { type: 'item', id: PLAN.id },
            { type: 'attribute', id: COST.id },
          ],
        },
      },
    ]);
    expect(toasts.current().map((toast) => toast.message)).toContain('2 records were restored.');
    expect(screen.queryByText('2 selected')).toBeNull();
  });

  test('Delete forever asks "Are you sure?" first: Cancel sends nothing, its Delete button deletes the selection', async () => {
    renderTrash();
    await screen.findByRole('checkbox', { name: 'Select all' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete forever' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('The 4 selected records will be deleted forever.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete forever' }));
    const sure = await screen.findByRole('dialog');
    fireEvent.click(within(sure).getByRole('button', { name: 'Delete 4 records forever' }));
    expect(await screen.findByText('The trash is empty')).toBeTruthy();
    expect(writes().map((call) => `${call.method} ${call.path} ${call.body?.records?.length}`)).toEqual([
      `DELETE ${PATH} 4`,
    ]);
  });

  test('more pages load on request, by the cursor of the last one', async () => {
    pageSize = 3;
    renderTrash();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(calls.map((call) => call.path)).toEqual([PATH, `${PATH}?cursor=3`]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  test('a refusal of the server shows its message, and no list', async () => {
    listStatus = 403;
    renderTrash();
    expect((await screen.findByRole('alert')).textContent).toBe(i18next.t('errors.codes.FORBIDDEN'));
    expect(screen.queryByRole('list')).toBeNull();
  });
});
