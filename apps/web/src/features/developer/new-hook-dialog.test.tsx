// @vitest-environment jsdom
import type { Hook } from '@strata/contracts/hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';
import { HooksPage } from './hooks-page';
import { NewHookDialog } from './new-hook-dialog';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const server = vi.hoisted(() => ({
  get: vi.fn<(path: string) => Promise<unknown>>(),
  put: vi.fn<(path: string, body: unknown) => Promise<unknown>>(),
}));
vi.mock('../../lib/api', () => ({ api: { get: server.get, put: server.put } }));
vi.mock('../../lib/session', () => ({ useSession: () => ({ profile: null }) }));
vi.mock('../../lib/workspaces', () => ({
  useWorkspaces: () => ({
    data: [
      { id: 7, name: 'Acme' },
      { id: 9, name: 'Side project' },
    ],
  }),
}));
vi.mock('../../lib/boards/use-boards', () => ({
  useBoards: (teamId: number | undefined) => ({
    data:
      teamId === 7
        ? [
            { id: 'Board000001', name: 'Roadmap' },
            { id: 'Board000002', name: 'Support' },
          ]
        : teamId === 9
          ? []
          : undefined,
    isPending: false,
  }),
}));

beforeAll(async () => {
  await initTestI18n();
});
beforeEach(() => {
  server.get.mockReset();
  server.put.mockReset();
  server.get.mockResolvedValue([]);
});
afterEach(cleanup);

const SECRET = 'whsec_c2VjcmV0LXZhbHVlLWZvci10ZXN0cw==';

function savedHook(path: string, body: { board_id: string; url: string; events: Hook['events'] }): Hook {
  return {
    id: path.split('/').at(-1)!,
    object: 'hook',
    team_id: 7,
    board_id: body.board_id,
    user_id: 1,
    url: body.url,
    events: body.events,
    secret: SECRET,
    enabled: true,
    off_reason: null,
    failing_since: null,
    last_delivery_at: null,
    created_by: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    deleted: false,
    row_version: 1,
  };
}

function Providers({ children, path = '/' }: { children: ReactNode; path?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

function renderDialog() {
  render(
    <Providers>
      <NewHookDialog open start={{ teamId: 7, boardId: 'Board000001' }} onOpenChange={() => undefined} />
    </Providers>,
  );
  return screen.getByRole('dialog');
}

const checkbox = (dialog: HTMLElement, label: RegExp) =>
  within(dialog).getByRole('checkbox', { name: label });

describe('the new webhook dialog', () => {
  test('sends the checked events in the order of HOOK_EVENTS, with the chosen board and address', async () => {
    server.put.mockImplementation(async (path, body) => savedHook(path, body as Hook));
    const dialog = renderDialog();
    expect((within(dialog).getByLabelText('Workspace') as HTMLSelectElement).value).toBe('7');
    expect((within(dialog).getByLabelText('Board') as HTMLSelectElement).value).toBe('Board000001');
    fireEvent.change(within(dialog).getByLabelText('Address (URL)'), {
      target: { value: '  https://example.com/strata  ' },
    });
    fireEvent.click(checkbox(dialog, /Comment added/));
    fireEvent.click(checkbox(dialog, /Item created/));
    fireEvent.click(checkbox(dialog, /Value changed/));
    fireEvent.click(checkbox(dialog, /Value changed/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.put).toHaveBeenCalledTimes(1));
    const [path, body] = server.put.mock.calls[0]!;
    expect(path).toMatch(/^\/api\/7\/hooks\/[0-9a-f-]{36}$/);
    expect(body).toEqual({
      board_id: 'Board000001',
      url: 'https://example.com/strata',
      events: ['item.created', 'comment.created'],
      enabled: true,
      row_version: 1,
    });
  });

  test('without an event or with an address that is not http(s), nothing is sent and the fields say why', () => {
    const dialog = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Address (URL)'), {
      target: { value: 'ftp://example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose at least one event.')).toBeTruthy();
    expect(within(dialog).getByText('Enter an http or https address.')).toBeTruthy();
    expect(server.put).not.toHaveBeenCalled();
  });

  test("the server's field errors are shown at their fields", async () => {
    const { HttpError } = await import('@strata/sync/http-client');
    server.put.mockRejectedValue(
      new HttpError(
        422,
        'The given data was invalid.',
        'VALIDATION_FAILED',
        [{ path: 'url', message: 'This address points inside the network.' }],
        undefined,
      ),
    );
    const dialog = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Address (URL)'), {
      target: { value: 'http://10.0.0.1/hook' },
    });
    fireEvent.click(checkbox(dialog, /Item changed/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This address points inside the network.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Address (URL)').getAttribute('aria-invalid')).toBe('true');
  });

  test('once created, the secret is shown in full with a Copy button that copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server.put.mockImplementation(async (path, body) => savedHook(path, body as Hook));
    const dialog = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Address (URL)'), {
      target: { value: 'https://example.com/strata' },
    });
    fireEvent.click(checkbox(dialog, /Item created/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Copy the signing secret' })).toBeTruthy();
    const created = screen.getByRole('dialog');
    expect((within(created).getByLabelText('Secret') as HTMLInputElement).value).toBe(SECRET);
    // Shown once in full: nothing to reveal, and the form is gone.
    expect(within(created).queryByRole('button', { name: 'Show secret' })).toBeNull();
    expect(within(created).queryByLabelText('Address (URL)')).toBeNull();
    fireEvent.click(within(created).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(within(created).getByRole('link', { name: 'Open the webhook' }).getAttribute('href')).toMatch(
      /^\/profile\/developer\/hooks\/[0-9a-f-]{36}$/,
    );
  });
});

/** The address the router shows now. */
const shown = { search: '' };
function Where() {
  shown.search = useLocation().search;
  return null;
}

describe('the webhooks page', () => {
  test('?team=&board= opens the dialog with that workspace and board chosen, and leaves the address', async () => {
    render(
      <Providers path="/profile/developer/hooks?team=7&board=Board000002">
        <Routes>
          <Route
            path="/profile/developer/hooks"
            element={
              <>
                <HooksPage />
                <Where />
              </>
            }
          />
        </Routes>
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Workspace') as HTMLSelectElement).value).toBe('7');
    expect((within(dialog).getByLabelText('Board') as HTMLSelectElement).value).toBe('Board000002');
    await waitFor(() => expect(shown.search).toBe(''));
  });
});
