import { randomInt, randomUUID } from 'node:crypto';
import type { Attribute, Item } from '@strata/contracts/items';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';
import type { Seeded } from '../changes/changes.fixtures';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const base62 = () => Array.from({ length: 11 }, () => BASE62[randomInt(62)]).join('');
export const uuid = () => randomUUID();

export const ROLES = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'] as const;
export type RoleName = (typeof ROLES)[number];

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
export type Answer = { status: number; body: any; headers: Record<string, unknown> };

/** API calls of one test app, with the helpers that make a board, folder, attribute or item. */
export function itemApi(t: TestApp) {
  const send = async (
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
    url: string,
    token: string,
    json?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer> => {
    const res = await t.request({ method, url, token, headers, ...(json === undefined ? {} : { json }) });
    return { status: res.statusCode, body: res.body === '' ? null : res.json(), headers: res.headers };
  };
  const putAttribute = (s: Seeded, token: string, id: string, body: Record<string, unknown>) =>
    send('PUT', `/api/${s.team.id}/attributes/${id}`, token, body);
  const putItem = (s: Seeded, token: string, id: string, body: Record<string, unknown>) =>
    send('PUT', `/api/${s.team.id}/items/${id}`, token, body);
  const listItems = (s: Seeded, token: string, folderId: string, headers?: Record<string, string>) =>
    send('GET', `/api/${s.team.id}/folders/${folderId}/items`, token, undefined, headers);
  const listAttributes = (s: Seeded, token: string, boardId: string) =>
    send('GET', `/api/${s.team.id}/boards/${boardId}/attributes`, token);

  async function ok(answer: Promise<Answer>) {
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }
  const newBoard = (s: Seeded, body: Record<string, unknown> = {}) =>
    ok(
      send('PUT', `/api/${s.team.id}/boards/${base62()}`, s.owner.token, {
        name: 'Board',
        row_version: 1,
        ...body,
      }),
    );
  const newFolder = (s: Seeded, boardId: string, body: Record<string, unknown> = {}) =>
    ok(
      send('PUT', `/api/${s.team.id}/folders/${base62()}`, s.owner.token, {
        board_id: boardId,
        name: 'Folder',
        row_version: 1,
        ...body,
      }),
    );
  const newAttribute = (
    s: Seeded,
    boardId: string,
    type: string,
    body: Record<string, unknown> = {},
  ): Promise<Attribute> =>
    ok(
      putAttribute(s, s.owner.token, uuid(), {
        board_id: boardId,
        name: `A ${type} ${uuid().slice(0, 6)}`,
        type,
        row_version: 1,
        ...body,
      }),
    );
  const newItem = (
    s: Seeded,
    folderId: string,
    body: Record<string, unknown> = {},
    token = s.owner.token,
  ): Promise<Item> => ok(putItem(s, token, uuid(), { folder_id: folderId, row_version: 1, ...body }));

  /** A board with a folder and its name attribute, as the web app creates one. */
  async function newPlace(s: Seeded, board: Record<string, unknown> = {}) {
    const b = await newBoard(s, board);
    const folder = await newFolder(s, b.id);
    const name = await newAttribute(s, b.id, 'text', { name: 'Name', settings: { primary: true } });
    return { board: b as { id: string; row_version: number }, folder: folder as { id: string }, name };
  }

  return {
    send,
    putAttribute,
    putItem,
    listItems,
    listAttributes,
    newBoard,
    newFolder,
    newAttribute,
    newItem,
    newPlace,
  };
}
