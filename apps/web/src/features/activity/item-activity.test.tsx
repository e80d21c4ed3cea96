// @vitest-environment jsdom
import type { ActivityEntry, ActivityPage } from '@strata/contracts/activity';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ChannelHandlers } from '../../lib/realtime';
import { initTestI18n } from '../../lib/test-i18n';
import { ItemActivity } from './item-activity';
import { touchesBoardLog, touchesItemLog } from './use-activity-live';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const server = vi.hoisted(() => ({ entries: [] as ActivityEntry[], reads: 0 }));
const channels = vi.hoisted(() => new Map<string, ChannelHandlers>());

vi.mock('../../lib/api', () => ({
  api: {
    get: async (): Promise<unknown> => {
      server.reads += 1;
      return {
        data: [...server.entries],
        attributes: [{ id: 'cost', name: 'Cost', type: 'number', settings: {}, deleted: false }],
        names: { items: { item1: 'Write the plan', sub1: 'Draft' }, folders: { f1: 'Backlog' } },
        has_more: false,
        before: null,
      } satisfies ActivityPage;
    },
  },
}));
vi.mock('../../lib/use-channel', () => ({
  useChannel: (name: string | null, handlers: ChannelHandlers) => {
    if (name) channels.set(name, handlers);
  },
}));

beforeAll(async () => {
  await initTestI18n();
});
beforeEach(() => {
  server.entries = [created];
  server.reads = 0;
  channels.clear();
});
afterEach(cleanup);

const BOARD_CHANNEL = 'private-team.3.board.b1';
const created: ActivityEntry = {
  id: 1,
  event: 'item.created',
  user: { id: 1, name: 'Ana', photo_url: '/ana.svg' },
  record: { type: 'item', id: 'item1', folder_id: 'f1', item_id: 'item1' },
  changes: { folder_id: 'f1', parent_id: null },
  created_at: '2026-03-20T09:00:00Z',
};
const edited: ActivityEntry = {
  id: 2,
  event: 'value.updated',
  user: { id: 1, name: 'Ana', photo_url: '/ana.svg' },
  record: { type: 'value', id: 'v1', folder_id: 'f1', item_id: 'item1' },
  changes: { attribute_id: 'cost', before: 10, after: 12 },
  created_at: '2026-03-20T09:05:00Z',
};

function renderPanelActivity() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ItemActivity
        item={{ id: 'item1', team_id: 3, board_id: 'b1' }}
        context={{ locale: 'en-US', timeZone: 'UTC' }}
      />
    </QueryClientProvider>,
  );
}

async function push(event: string, payload: unknown) {
  await act(async () => {
    channels.get(BOARD_CHANNEL)?.[event]?.(payload);
  });
}

describe('the item panel’s activity', () => {
  test('an edit of the item pushed by the server shows without a reload', async () => {
    renderPanelActivity();
    await screen.findByText(/Ana created Write the plan/);
    expect(screen.queryByText(/Ana changed Cost from 10 to 12/)).toBeNull();

    server.entries = [edited, created];
    await push('item.updated', {
      type: 'item.updated',
      id: 'item1',
      row_version: 3,
      data: { parent_id: null },
    });
    expect(await screen.findByText(/Ana changed Cost from 10 to 12/)).toBeTruthy();
    expect(server.reads).toBe(2);
  });

  test('a subitem created under the item reads the log again; a change of another item does not', async () => {
    renderPanelActivity();
    await screen.findByText(/Ana created Write the plan/);
    await push('item.updated', {
      type: 'item.updated',
      id: 'other',
      row_version: 2,
      data: { parent_id: null },
    });
    // Longer than the refresh's wait for more pushes.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(server.reads).toBe(1);

    server.entries = [
      {
        ...created,
        id: 3,
        record: { ...created.record, id: 'sub1', item_id: 'sub1' },
        changes: { folder_id: 'f1', parent_id: 'item1' },
      },
      created,
    ];
    await push('item.created', {
      type: 'item.created',
      id: 'sub1',
      row_version: 1,
      data: { parent_id: 'item1' },
    });
    expect(await screen.findByText(/Ana created Draft as a subitem of Write the plan/)).toBeTruthy();
  });
  test('a subscription that holds again (the socket was down) reads the log again', async () => {
    renderPanelActivity();
    await screen.findByText(/Ana created Write the plan/);
    server.entries = [edited, created];
    await push('pusher:subscription_succeeded', {});
    expect(await screen.findByText(/Ana changed Cost from 10 to 12/)).toBeTruthy();
  });

  test('a burst of pushes reads the log once', async () => {
    renderPanelActivity();
    await screen.findByText(/Ana created Write the plan/);
    server.entries = [edited, created];
    for (let version = 3; version < 8; version += 1)
      await push('item.updated', { type: 'item.updated', id: 'item1', row_version: version, data: {} });
    expect(await screen.findByText(/Ana changed Cost from 10 to 12/)).toBeTruthy();
    expect(server.reads).toBe(2);
  });
});

describe('which pushes touch a log', () => {
  test.each([
    [{ type: 'item.updated', id: 'item1', row_version: 2, data: { parent_id: null } }, true],
    [{ type: 'item.created', id: 'sub1', row_version: 1, data: { parent_id: 'item1' } }, true],
    [{ type: 'item.deleted', id: 'sub9', row_version: 4 }, true],
    [{ type: 'item.updated', id: 'other', row_version: 2, data: { parent_id: 'elsewhere' } }, false],
    [{ type: 'attribute.updated', id: 'cost', row_version: 2, data: {} }, false],
    ['not a push', false],
  ])('item log of item1: %j → %s', (payload, touches) => {
    expect(touchesItemLog(payload, 'item1')).toBe(touches);
  });

  test.each([
    [{ type: 'board.updated', id: 'b1', row_version: 2, data: {} }, true],
    [{ type: 'board.updated', id: 'b2', row_version: 2, data: {} }, false],
    [{ type: 'folder.created', id: 'f9', row_version: 1, data: { board_id: 'b1' } }, true],
    [{ type: 'folder.updated', id: 'f9', row_version: 2, data: { board_id: 'b2' } }, false],
    [{ type: 'folder.deleted', id: 'f9', row_version: 3 }, true],
  ])('board log of b1: %j → %s', (payload, touches) => {
    expect(touchesBoardLog(payload, 'b1')).toBe(touches);
  });
});
