// @vitest-environment jsdom
import type { Board } from '@strata/contracts/boards';
import type { Action } from '@strata/domain/permissions/actions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { SessionProvider } from '../../lib/session';
import { initTestI18n } from '../../lib/test-i18n';
import { BoardContext, type BoardView } from '../boards/board-context';
import { BoardHeader } from '../boards/board-header';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const BOARD: Board = {
  id: 'Board000001',
  object: 'board',
  team_id: 7,
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

beforeAll(async () => {
  await initTestI18n();
});
afterEach(cleanup);

function renderHeader(allowed: readonly Action[]) {
  const view = {
    board: BOARD,
    teamId: 7,
    can: (action: Action) => allowed.includes(action),
    folders: [],
    foldersStore: null,
    areFoldersLoaded: true,
  } as unknown as BoardView;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <MemoryRouter>
          <BoardContext.Provider value={view}>
            <BoardHeader />
          </BoardContext.Provider>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe("the board header's Webhooks link", () => {
  test('shows for those with MANAGE_AUTOMATIONS, to the new webhook dialog on this board', () => {
    renderHeader(['VIEW_BOARD', 'MANAGE_AUTOMATIONS']);
    expect(screen.getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toBe(
      '/profile/developer/hooks?team=7&board=Board000001',
    );
  });

  test('is absent without MANAGE_AUTOMATIONS, even for those who edit the board', () => {
    renderHeader(['VIEW_BOARD', 'UPDATE_BOARD_DETAILS', 'MANAGE_PERMISSIONS']);
    expect(screen.getByRole('link', { name: 'Edit board' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Webhooks' })).toBeNull();
  });
});
