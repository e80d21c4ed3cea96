import type { Attachment } from '@strata/contracts/attachments';
import type { AttachmentEntry } from '@strata/domain/attributes/types/list-handlers';
import { CLIENT_VERSION } from '@strata/domain/constants';
import { failureMessage } from '@strata/domain/failure-message';
import { HttpError } from '@strata/sync/http-client';
import { useContext } from 'react';
import { BoardContext } from '../../boards/board-context';

/**
 * The API client, loaded when a file is first sent or fetched: the cells that draw files (and
 * everything that imports the cell registry) do not pull in the app's session at import time.
 */
const loadApi = () => import('../../../lib/api');
/** The plain HTTP client and the session's tokens, loaded as lazily as the API client. */
const loadHttp = () => import('../../../lib/http');

/** Where new files go: the workspace and the board whose item is being edited. */
export interface AttachmentTarget {
  teamId: number;
  boardId: string;
}

/** The board page's workspace and board; null outside a board (nothing can be uploaded there). */
export function useAttachmentTarget(): AttachmentTarget | null {
  const view = useContext(BoardContext);
  return view ? { teamId: view.teamId, boardId: view.board.id } : null;
}

/** Images the server itself shows inline: the only types opened in a tab rather than downloaded. */
const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const isInlineImage = (type: string | undefined) => type !== undefined && INLINE_IMAGES.has(type);

/**
 * Uploads one file (multipart field `file`, the board in the query so the server checks it before
 * reading a byte) with the API client's auth. Never queued: offline it fails at once ('Offline').
 */
export async function uploadAttachment(target: AttachmentTarget, file: File): Promise<AttachmentEntry> {
  const { api } = await loadApi();
  const body = new FormData();
  body.append('file', file, file.name);
  const saved = await api.post<Attachment>(
    `/api/${target.teamId}/attachments?board_id=${encodeURIComponent(target.boardId)}`,
    body,
  );
  return { id: saved.id, name: saved.name, mime_type: saved.mime_type, size: saved.size, url: saved.url };
}

/** GET of a file's bytes with the bearer token (refreshed once on a 401), as the API client sends. */
export async function fetchFile(url: string): Promise<Blob> {
  const { http, tokenStore } = await loadHttp();
  const send = () => {
    const token = tokenStore.get();
    return fetch(url, {
      headers: {
        'x-client-version': CLIENT_VERSION,
        ...(token ? { authorization: `Bearer ${token.access_token}` } : {}),
      },
      credentials: 'include',
    });
  };
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (await http.refresh())) response = await send();
  } catch {
    throw new HttpError(0, 'Offline', 'OFFLINE', undefined, undefined);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new HttpError(
      response.status,
      failureMessage(response.status, body),
      body?.code,
      undefined,
      undefined,
    );
  }
  return response.blob();
}

/**
 * Opens a file: an image the server shows inline opens in a new tab, anything else is downloaded
 * under its name. The bytes become a blob of this origin, so only an inline image keeps its
 * type; everything else is an opaque download (never a page that could run).
 */
export async function openAttachment(file: AttachmentEntry): Promise<void> {
  // Only the API's own file route: a value from elsewhere cannot send the token to another host.
  if (!file.url?.startsWith('/api/'))
    throw new HttpError(404, 'Not Found', 'NOT_FOUND', undefined, undefined);
  // The tab opens within the click, or a popup blocker would stop it.
  const tab = isInlineImage(file.mime_type) ? window.open('', '_blank') : null;
  try {
    const blob = await fetchFile(file.url);
    const inline = tab !== null && isInlineImage(blob.type);
    const href = URL.createObjectURL(
      new Blob([blob], { type: inline ? blob.type : 'application/octet-stream' }),
    );
    if (inline) {
      tab.location.href = href;
    } else {
      tab?.close();
      const anchor = document.createElement('a');
      anchor.href = href;
      anchor.download = file.name ?? 'file';
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    }
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
