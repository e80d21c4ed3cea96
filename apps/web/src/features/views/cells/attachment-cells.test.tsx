// @vitest-environment jsdom
import type { Board } from '@strata/contracts/boards';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { tokenStore } from '../../../lib/http';
import { toasts } from '../../../ui/toast-store';
import { BoardContext, type BoardView } from '../../boards/board-context';
import { attributeOf, CONTEXT, MEMBERS, setupViewsTest } from '../views-test-setup';
import { CELL_TYPES } from './cell-registry';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const TEAM = 7;
const BOARD = 'Board000007';
const PDF_ID = '5f1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a01';
const PNG_ID = '5f1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0a02';
const fileUrl = (id: string) => `/api/${TEAM}/attachments/${id}/file`;
const PDF = { id: PDF_ID, name: 'brief.pdf', mime_type: 'application/pdf', size: 10, url: fileUrl(PDF_ID) };
const PNG = { id: PNG_ID, name: 'shot.png', mime_type: 'image/png', size: 20, url: fileUrl(PNG_ID) };

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
let calls: Call[];
/** What the fake server answers a request with. */
let answer: (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The upload route's answer: the attachment as the server describes it. */
const uploaded = (file: File, id: string) =>
  json(201, {
    id,
    object: 'attachment',
    board_id: BOARD,
    name: file.name,
    mime_type: file.type,
    size: file.size,
    url: fileUrl(id),
    created_at: '2026-03-20T12:00:00Z',
    created_by: 1,
  });

beforeAll(async () => {
  await setupViewsTest();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      method: String(init.method ?? 'GET'),
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body,
    };
    calls.push(call);
    return answer(call);
  });
});

beforeEach(() => {
  calls = [];
  answer = () => json(500, {});
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

function openEditor(data: unknown = null, withBoard = true) {
  const onCommit = vi.fn();
  const onCancel = vi.fn();
  const Edit = CELL_TYPES.attachments.Edit!;
  const editor = (
    <Edit
      attribute={attributeOf('attachments')}
      data={data}
      context={CONTEXT}
      members={MEMBERS}
      onCommit={onCommit}
      onCancel={onCancel}
    />
  );
  render(withBoard ? onBoard(editor) : editor);
  return { onCommit, onCancel };
}

/** The popover's own content (the cell stays drawn under it, with its own chips). */
const inEditor = () => within(screen.getByRole('dialog'));

const choose = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText('Upload files', { selector: 'input' }), { target: { files } });

describe('the attachments renderer', () => {
  const Render = CELL_TYPES.attachments.Render;
  const draw = (data: unknown) =>
    render(<Render attribute={attributeOf('attachments')} data={data} context={CONTEXT} members={MEMBERS} />);

  test('a click on a file downloads it with the session token, as an opaque file under its name', async () => {
    const objectUrls: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      objectUrls.push(blob);
      return 'blob:strata/1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    answer = () =>
      new Response('<html>not a page</html>', { status: 200, headers: { 'content-type': 'text/html' } });
    draw([PDF]);
    fireEvent.click(screen.getByRole('button', { name: 'Download brief.pdf' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'GET', url: PDF.url });
    expect(calls[0]!.headers.authorization).toBe('Bearer token-1');
    expect(clicked[0]!.download).toBe('brief.pdf');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:strata/1');
    // Whatever type came back, the blob of this origin is never a page that could run.
    expect(objectUrls[0]!.type).toBe('application/octet-stream');
  });

  test('an image opens in a new tab', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:strata/2');
    URL.revokeObjectURL = vi.fn();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    answer = () =>
      new Response(new Uint8Array([0x89, 0x50]), { status: 200, headers: { 'content-type': 'image/png' } });
    draw([PNG]);
    fireEvent.click(screen.getByRole('button', { name: 'Open shot.png' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:strata/2'));
    expect(tab.close).not.toHaveBeenCalled();
  });

  test("a file the server refuses shows the server's message", async () => {
    const shown: string[] = [];
    const stop = toasts.subscribe((list) => shown.push(...list.map((toast) => toast.message)));
    answer = () => json(404, { message: 'Not Found', code: 'NOT_FOUND' });
    draw([PDF]);
    fireEvent.click(screen.getByRole('button', { name: 'Download brief.pdf' }));
    await waitFor(() => expect(shown).toContain('Not Found'));
    stop();
  });
});

describe('the attachments editor', () => {
  test('uploads several files as multipart with the board, showing progress, and saves each', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ids = [PDF_ID, PNG_ID];
    answer = async (call) => {
      await gate;
      const file = (call.body as FormData).get('file') as File;
      return uploaded(file, ids.shift()!);
    };
    const { onCommit } = openEditor();
    const first = new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' });
    const second = new File(['png'], 'shot.png', { type: 'image/png' });
    choose(first, second);
    expect(await screen.findByText('Uploading brief.pdf…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload files' })).toHaveProperty('disabled', true);
    await act(async () => release());
    await waitFor(() => expect(onCommit).toHaveBeenCalledTimes(2));

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST /api/${TEAM}/attachments?board_id=${BOARD}`,
      `POST /api/${TEAM}/attachments?board_id=${BOARD}`,
    ]);
    expect(calls[0]!.headers.authorization).toBe('Bearer token-1');
    expect(((calls[0]!.body as FormData).get('file') as File).name).toBe('brief.pdf');
    const saved = [
      { ...PDF, size: first.size },
      { ...PNG, size: second.size },
    ];
    expect(onCommit.mock.calls[0]).toEqual([[saved[0]], { keepOpen: true }]);
    expect(onCommit.mock.calls[1]).toEqual([saved, { keepOpen: true }]);
    expect(screen.queryByText(/Uploading/)).toBeNull();
    expect(inEditor().getByRole('button', { name: 'Open shot.png' })).toBeTruthy();
  });

  test("a file over the size limit shows the server's message and saves nothing", async () => {
    answer = () =>
      json(422, {
        message: 'The file you are trying to upload is too large. Your file must be less than 25MB.',
        code: 'FILE_TOO_LARGE',
        params: { n: 25 },
      });
    const { onCommit } = openEditor([PDF]);
    choose(new File(['x'], 'huge.zip', { type: 'application/zip' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file you are trying to upload is too large. Your file must be less than 25MB.',
    );
    expect(onCommit).not.toHaveBeenCalled();
    expect(inEditor().getByRole('button', { name: 'Download brief.pdf' })).toBeTruthy();
  });

  test('offline, nothing is sent or queued: the offline message is shown', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const { onCommit } = openEditor();
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This feature is not available when offline.',
    );
    expect(calls).toEqual([]);
    expect(onCommit).not.toHaveBeenCalled();
  });

  test('a file is removed from the cell by saving the list without it', () => {
    const { onCommit } = openEditor([PDF, PNG]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove brief.pdf' }));
    expect(onCommit).toHaveBeenCalledWith([PNG], { keepOpen: true });
    expect(inEditor().queryByRole('button', { name: 'Download brief.pdf' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove shot.png' }));
    expect(onCommit).toHaveBeenLastCalledWith(null, { keepOpen: true });
    expect(screen.getByText('No files yet.')).toBeTruthy();
  });

  test('outside a board there is nowhere to upload to: no upload button', () => {
    openEditor([PDF], false);
    expect(screen.queryByRole('button', { name: 'Upload files' })).toBeNull();
    expect(inEditor().getByRole('button', { name: 'Download brief.pdf' })).toBeTruthy();
  });
});
