// @vitest-environment jsdom
import type { HookLogEntry, MyHook } from '@strata/contracts/hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';
import { ConfirmProvider } from '../../ui/confirm';
import { HookLogsPage } from './hook-logs-page';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const server = vi.hoisted(() => ({
  get: vi.fn<(path: string) => Promise<unknown>>(),
  post: vi.fn<(path: string, body?: unknown) => Promise<unknown>>(),
}));
vi.mock('../../lib/api', () => ({ api: { get: server.get, post: server.post } }));

beforeAll(async () => {
  await initTestI18n();
});
afterEach(cleanup);

const HOOK_ID = '0f6b1c1e-5a1b-4d38-9a3e-3f1f4f1b2c01';
const LOGS = `/api/7/hooks/${HOOK_ID}/logs`;

const HOOK: MyHook = {
  id: HOOK_ID,
  object: 'hook',
  team_id: 7,
  board_id: 'Board000001',
  user_id: 1,
  url: 'https://example.com/strata',
  events: ['item.created'],
  secret: 'whsec_abc',
  enabled: true,
  off_reason: null,
  failing_since: null,
  last_delivery_at: '2026-03-02T09:00:00.000Z',
  created_by: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  deleted: false,
  row_version: 1,
  board_name: 'Roadmap',
  team_name: 'Acme',
};

function attempt(n: number, changes: Partial<HookLogEntry> = {}): HookLogEntry {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    delivery_id: `11111111-0000-4000-8000-00000000000${n}`,
    event_type: 'item.created',
    delivery_state: 'delivered',
    attempt: 1,
    attempted_at: `2026-03-02T09:0${n}:00.000Z`,
    request_headers: { 'content-type': 'application/json', 'webhook-id': `msg_${n}` },
    request_body: `{"type":"item.created","data":{"id":"item${n}"}}`,
    response_status: 200,
    response_body: 'ok',
    duration_ms: 120,
    error: null,
    ...changes,
  };
}

const FAILED = attempt(2, {
  delivery_state: 'pending',
  response_status: null,
  response_body: null,
  error: 'Connection refused',
});

beforeEach(() => {
  server.get.mockReset();
  server.post.mockReset();
  server.get.mockImplementation(async (path) => {
    if (path === '/api/me/hooks') return [HOOK];
    if (path.includes('before=')) return { data: [attempt(1)], has_more: false };
    if (path.includes('status=failure')) return { data: [FAILED], has_more: false };
    return { data: [attempt(3), FAILED], has_more: true };
  });
  server.post.mockResolvedValue({ delivery_id: FAILED.delivery_id });
});

function renderLogs() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <MemoryRouter initialEntries={[`/profile/developer/hooks/${HOOK_ID}/logs`]}>
          <Routes>
            <Route path="/profile/developer/hooks/:hookId/logs" element={<HookLogsPage />} />
          </Routes>
        </MemoryRouter>
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

const logReads = () => server.get.mock.calls.map(([path]) => path).filter((path) => path.startsWith(LOGS));

describe("a hook's delivery logs", () => {
  test('read 50 attempts at a time; the filter asks for failures; Load more asks for those before the last one', async () => {
    renderLogs();
    // Closed at first: each attempt shows its summary only.
    expect(await screen.findAllByRole('button', { expanded: false })).toHaveLength(2);
    expect(screen.queryByText('Connection refused')).toBeNull();
    expect(logReads()).toEqual([`${LOGS}?limit=50`]);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(logReads()).toContain(`${LOGS}?before=${FAILED.id}&limit=50`));

    fireEvent.click(screen.getByRole('radio', { name: 'Failures' }));
    await waitFor(() => expect(logReads()).toContain(`${LOGS}?status=failure&limit=50`));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('No answer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Successes' }));
    await waitFor(() => expect(logReads()).toContain(`${LOGS}?status=success&limit=50`));
  });

  test('an attempt opens on what was sent and answered; Redeliver queues its delivery and reads the logs again', async () => {
    renderLogs();
    const rows = await screen.findAllByRole('listitem');
    const failed = rows[1]!;
    const toggle = within(failed).getByRole('button', { expanded: false });
    expect(within(failed).queryByText('Request body')).toBeNull();

    // A native button: Enter and Space press it.
    expect(toggle.tagName).toBe('BUTTON');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(details).getByText('Request headers')).toBeTruthy();
    expect(within(details).getByText(/webhook-id: msg_2/)).toBeTruthy();
    expect(within(details).getByText(/"id": "item2"/)).toBeTruthy();
    expect(within(details).getByText('No answer was received.')).toBeTruthy();
    expect(within(details).getByText('Connection refused')).toBeTruthy();

    const readsBefore = logReads().length;
    fireEvent.click(within(details).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(server.post).toHaveBeenCalledWith(
        `/api/7/hooks/${HOOK_ID}/deliveries/${FAILED.delivery_id}/redeliver`,
      ),
    );
    await waitFor(() => expect(logReads().length).toBeGreaterThan(readsBefore));

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(details.hidden).toBe(true);
  });
});
