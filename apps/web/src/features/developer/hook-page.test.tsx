// @vitest-environment jsdom
import type { MyHook } from '@strata/contracts/hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';
import { ConfirmProvider } from '../../ui/confirm';
import { HookPage } from './hook-page';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const server = vi.hoisted(() => ({
  get: vi.fn<(path: string) => Promise<unknown>>(),
  post: vi.fn<(path: string) => Promise<unknown>>(),
  request: vi.fn<(method: string, path: string, options: { body: unknown }) => Promise<unknown>>(),
  delete: vi.fn<(path: string) => Promise<unknown>>(),
}));
vi.mock('../../lib/api', () => ({ api: server }));

beforeAll(async () => {
  await initTestI18n();
});
afterEach(cleanup);

const HOOK_ID = '0f6b1c1e-5a1b-4d38-9a3e-3f1f4f1b2c01';
const PATH = `/api/7/hooks/${HOOK_ID}`;
const HOOK: MyHook = {
  id: HOOK_ID,
  object: 'hook',
  team_id: 7,
  board_id: 'Board000001',
  user_id: 1,
  url: 'https://example.com/strata',
  events: ['item.created', 'comment.created'],
  secret: 'whsec_first',
  enabled: false,
  off_reason: 'failing',
  failing_since: '2026-03-02T09:00:00.000Z',
  last_delivery_at: null,
  created_by: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  deleted: false,
  row_version: 3,
  board_name: 'Roadmap',
  team_name: 'Acme',
};

beforeEach(() => {
  for (const fn of Object.values(server)) fn.mockReset();
  server.get.mockResolvedValue([HOOK]);
  server.request.mockImplementation(async (_method, _path, { body }) => ({
    ...HOOK,
    ...(body as object),
    ...((body as { rotate_secret?: true }).rotate_secret ? { secret: 'whsec_second' } : {}),
  }));
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <MemoryRouter initialEntries={[`/profile/developer/hooks/${HOOK_ID}`]}>
          <Routes>
            <Route path="/profile/developer/hooks/:hookId" element={<HookPage />} />
            <Route path="/profile/developer/hooks" element={<h1>All hooks</h1>} />
          </Routes>
        </MemoryRouter>
      </ConfirmProvider>
    </QueryClientProvider>,
  );
}

describe("a hook's page", () => {
  test('says why the server switched it off, and switching it on sends enabled alone', async () => {
    renderPage();
    expect(await screen.findByText('Its deliveries failed for too long.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Send events' }));
    await waitFor(() =>
      expect(server.request).toHaveBeenCalledWith('PATCH', PATH, { body: { enabled: true } }),
    );
  });

  test("'Send test event' says 'Connection successful!' when the receiver took the ping, else its status", async () => {
    server.post.mockResolvedValueOnce({ ok: true, status: 200, error: null, duration_ms: 42 });
    server.post.mockResolvedValueOnce({ ok: false, status: 500, error: null, duration_ms: 42 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Connection successful!')).toBeTruthy();
    expect(server.post).toHaveBeenCalledWith(`${PATH}/test`);
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('The receiver answered with status 500.')).toBeTruthy();
  });

  test('the secret is hidden until shown; rotating it asks first, telling the old one signs for 24 hours', async () => {
    renderPage();
    const secret = (await screen.findByLabelText('Secret')) as HTMLInputElement;
    expect(secret.value).not.toContain('first');
    fireEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    expect(secret.value).toBe('whsec_first');

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/old secret keeps signing deliveries beside the new one for 24 hours/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() =>
      expect(server.request).toHaveBeenCalledWith('PATCH', PATH, { body: { rotate_secret: true } }),
    );
    // The new secret, hidden again until shown.
    await waitFor(() =>
      expect((screen.getByLabelText('Secret') as HTMLInputElement).value).not.toContain('first'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    expect((screen.getByLabelText('Secret') as HTMLInputElement).value).toBe('whsec_second');
  });

  test('Delete asks first, then deletes and goes back to the list', async () => {
    server.delete.mockResolvedValue({ id: HOOK_ID, object: 'hook', deleted: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete webhook' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(server.delete).toHaveBeenCalledWith(PATH));
    expect(await screen.findByRole('heading', { name: 'All hooks' })).toBeTruthy();
  });
});
