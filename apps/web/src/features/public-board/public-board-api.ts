import type { Item } from '@strata/contracts/items';
import {
  type AddPublicComment,
  type AddPublicItem,
  BOARD_UNLOCK_HEADER,
  BOARD_VISITOR_HEADER,
  type EditPublicItem,
  type PublicBoard,
  type PublicBoardUnlock,
  type PublicComment,
  type PublicComments,
  type PublicFolderContents,
  type PublicItem,
  type PublicVisitor,
  publicBoardPaths,
} from '@strata/contracts/public-boards';
import { HttpError } from '@strata/sync/http-client';

/**
 * The anonymous reads of a public board (packages/contracts/src/public-boards.ts, docs/public-boards.md)
 * by plain fetch: a visitor has no session, so nothing of the app's (tokens, refresh, offline
 * queue) takes part, and a member who opens a board they are not in reads it as a visitor too.
 */

/** Where a visitor's unlock token is kept: this tab only, gone when it closes. */
const unlockKey = (boardId: string) => `strata.board-unlock.${boardId}`;

function unlockToken(boardId: string): string | null {
  try {
    return sessionStorage.getItem(unlockKey(boardId));
  } catch {
    return null;
  }
}

function keepUnlockToken(boardId: string, token: string): void {
  try {
    sessionStorage.setItem(unlockKey(boardId), token);
  } catch {
    // Storage refused (a private window's quota): the board asks again on the next visit.
  }
}

/**
 * Where a visitor's token for writing to a board is kept: on this device, so that the items they
 * add stay theirs to edit when they come back (docs/public-boards.md).
 */
const visitorKey = (boardId: string) => `strata.board-visitor.${boardId}`;
/** Tokens of this page when the device's storage refuses them. */
const memoryTokens = new Map<string, string>();

function visitorToken(boardId: string): string | null {
  try {
    return localStorage.getItem(visitorKey(boardId)) ?? memoryTokens.get(boardId) ?? null;
  } catch {
    return memoryTokens.get(boardId) ?? null;
  }
}

const pathOf = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

async function send<T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  boardId: string,
  body?: unknown,
): Promise<T> {
  const token = unlockToken(boardId);
  const visitor = visitorToken(boardId);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { [BOARD_UNLOCK_HEADER]: token } : {}),
        ...(visitor ? { [BOARD_VISITOR_HEADER]: visitor } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HttpError(0, 'offline', undefined, undefined, undefined);
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    throw new HttpError(
      response.status,
      String(data?.message ?? response.statusText),
      typeof data?.code === 'string' ? data.code : undefined,
      undefined,
      undefined,
    );
  }
  return data as T;
}

export const fetchPublicBoard = (boardId: string) =>
  send<PublicBoard>('GET', pathOf(publicBoardPaths.board, { boardId }), boardId);

export const fetchPublicFolder = (boardId: string, folderId: string) =>
  send<PublicFolderContents>('GET', pathOf(publicBoardPaths.folder, { boardId, folderId }), boardId);

/** Opens a password-protected public board to this tab for the token's hours. */
export async function unlockPublicBoard(boardId: string, password: string): Promise<void> {
  const unlock = await send<PublicBoardUnlock>(
    'POST',
    pathOf(publicBoardPaths.unlock, { boardId }),
    boardId,
    {
      password,
    },
  );
  keepUnlockToken(boardId, unlock.token);
}

/** The visitor makes themself known to the board before their first write, once per device. */
async function ensureVisitor(boardId: string): Promise<void> {
  if (visitorToken(boardId)) return;
  const made = await send<PublicVisitor>('POST', pathOf(publicBoardPaths.visitors, { boardId }), boardId);
  try {
    localStorage.setItem(visitorKey(boardId), made.token);
  } catch {
    // Storage refused: the token lives in this page; what they add is theirs until it closes.
    memoryTokens.set(boardId, made.token);
  }
}
/** A visitor adds an item to a folder of a public board that lets them. */
export async function addPublicItem(
  boardId: string,
  folderId: string,
  body: AddPublicItem,
): Promise<PublicItem> {
  await ensureVisitor(boardId);
  return send<PublicItem>('POST', pathOf(publicBoardPaths.items, { boardId, folderId }), boardId, body);
}

/** A visitor sets values of an item (null clears one). */
export async function editPublicItem(
  boardId: string,
  itemId: string,
  body: EditPublicItem,
): Promise<PublicItem> {
  await ensureVisitor(boardId);
  return send<PublicItem>('PATCH', pathOf(publicBoardPaths.item, { boardId, itemId }), boardId, body);
}

export const fetchPublicComments = (boardId: string, itemId: string) =>
  send<PublicComments>('GET', pathOf(publicBoardPaths.comments, { boardId, itemId }), boardId);

/** A visitor comments on an item, under the name they give. */
export async function addPublicComment(
  boardId: string,
  itemId: string,
  body: AddPublicComment,
): Promise<PublicComment> {
  await ensureVisitor(boardId);
  return send<PublicComment>('POST', pathOf(publicBoardPaths.comments, { boardId, itemId }), boardId, body);
}

/** A visitor's item as the views and the item panel take items (the sync fields they never read). */
export function toViewItems(boardId: string, contents: PublicFolderContents): Item[] {
  return contents.items.map((item) => ({
    ...item,
    object: 'item' as const,
    team_id: 0,
    board_id: boardId,
    deleted: false,
    row_version: 0,
  }));
}
