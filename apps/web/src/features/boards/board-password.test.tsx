// @vitest-environment jsdom
import type { Board } from '@strata/contracts/boards';
import { HttpError } from '@strata/sync/http-client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../lib/api';
import { isBoardLocked, unlockBoard } from '../../lib/boards/board-password';
import { boardsStore, foldersStore } from '../../lib/boards/boards-store';
import { initTestI18n } from '../../lib/test-i18n';
import { toasts } from '../../ui/toast-store';
import { BoardPasswordForm } from './board-password-form';
import { BoardPasswordPrompt } from './board-password-prompt';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const TEAM = 7;
const PASSWORD = 'open sesame';
const BOARD: Board = {
  id: 'Board000001',
  object: 'board',
  team_id: TEAM,
  name: 'Roadmap',
  description: null,
  color: null,
  user_ids: [],
  is_private: false,
  is_password_protected: false,
  sort_order: null,
  created_by: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  deleted: false,
  row_version: 1,
};
const UNLOCK = `/api/${TEAM}/boards/${BOARD.id}/unlock`;

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}
let calls: Call[] = [];
/** The board as the fake server holds it (the password kept aside, as the real one hashes it). */
let stored: Board;
let storedPassword: string | null;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The routes of docs/board-password.md over one board: what the screens send is what is checked. */
function answer(call: Call): Response {
  if (call.method === 'POST' && call.path === UNLOCK) {
    if (call.body?.password !== storedPassword)
      return json(422, { message: 'The password is incorrect.', code: 'INVALID_PASSWORD' });
    return json(200, { board_id: BOARD.id, expires_at: '2026-03-02T10:00:00.000Z' });
  }
  if (call.method === 'GET' && call.path === `/api/${TEAM}/boards`) return json(200, [stored]);
  if (call.method === 'GET' && call.path === `/api/${TEAM}/boards/${BOARD.id}/folders`)
    return json(403, { message: 'This board is protected by a password.', code: 'BOARD_LOCKED' });
  if (call.method === 'PUT' && call.path === `/api/${TEAM}/boards/${BOARD.id}`) {
    const body = call.body!;
    if (body.row_version !== stored.row_version + 1)
      return json(409, { message: 'Conflict', code: 'CONFLICT' });
    if (body.password !== undefined) storedPassword = body.password as string | null;
    stored = {
      ...stored,
      row_version: stored.row_version + 1,
      is_password_protected: storedPassword !== null,
    };
    return json(200, stored);
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
  stored = BOARD;
  storedPassword = PASSWORD;
});

afterEach(() => {
  cleanup();
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});

const unlockCalls = () => calls.filter((call) => call.path === UNLOCK).map((call) => call.body?.password);

describe('the password prompt of a locked board', () => {
  test('a wrong password shows the catalogue’s error and keeps the prompt; the right one unlocks the board', async () => {
    const onUnlocked = vi.fn();
    render(
      <BoardPasswordPrompt
        unlock={(password) => unlockBoard(TEAM, BOARD.id, password)}
        onUnlocked={onUnlocked}
      />,
    );
    expect(screen.getByRole('heading', { name: 'This board is protected by a password' })).toBeTruthy();
    const field = screen.getByLabelText('Board password');
    expect(field.getAttribute('type')).toBe('password');

    fireEvent.input(field, { target: { value: 'a guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The password is incorrect.');
    expect(onUnlocked).not.toHaveBeenCalled();

    fireEvent.input(field, { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('The password is incorrect.')).toBeNull();
    expect(unlockCalls()).toEqual(['a guess', PASSWORD]);
  });

  test('an empty password is not sent', async () => {
    render(
      <BoardPasswordPrompt
        unlock={(password) => unlockBoard(TEAM, BOARD.id, password)}
        onUnlocked={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This field is required.');
    expect(unlockCalls()).toEqual([]);
  });

  test('the board page knows a locked board by the code of its folders’ answer', async () => {
    const locked = await foldersStore(3, TEAM, BOARD.id)
      .initialize()
      .catch((error: unknown) => error);
    expect(isBoardLocked(locked)).toBe(true);
    const other = await api.get(`/api/${TEAM}/elsewhere`).catch((error: unknown) => error);
    expect(other).toBeInstanceOf(HttpError);
    expect(isBoardLocked(other)).toBe(false);
  });
});

describe('the password section of the board settings', () => {
  test('sets a password of 8 characters or more with the board’s next row_version; the board then shows as protected', async () => {
    storedPassword = null;
    const store = boardsStore(1, TEAM);
    await store.initialize();
    render(<BoardPasswordForm board={stored} store={store} />);
    const field = screen.getByLabelText('New password');
    fireEvent.input(field, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The password must be at least 8 characters.',
    );
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.input(field, { target: { value: 'a long secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(store.find(BOARD.id)?.is_password_protected).toBe(true));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { name: 'Roadmap', password: 'a long secret', row_version: 2 },
    ]);
    expect(toasts.current().map((toast) => toast.message)).toContain("The board's password was saved.");
    // What the device keeps of the board never holds the password.
    expect(JSON.stringify(store.getSnapshot())).not.toContain('a long secret');
  });

  test('a protected board offers Change and Remove; Remove sends null', async () => {
    stored = { ...BOARD, is_password_protected: true };
    const store = boardsStore(2, TEAM);
    await store.initialize();
    render(<BoardPasswordForm board={stored} store={store} />);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove password' }));
    await waitFor(() => expect(store.find(BOARD.id)?.is_password_protected).toBe(false));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { name: 'Roadmap', password: null, row_version: 2 },
    ]);
  });
});
