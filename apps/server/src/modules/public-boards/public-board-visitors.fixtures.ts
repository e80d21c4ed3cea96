import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';
import type { Seeded } from '../changes/changes.fixtures';
import type { itemApi } from '../items/items.fixtures';

export type Rights = 'view' | 'edit_own' | 'edit_all';

/**
 * The anonymous side of a public board in tests (docs/public-boards.md): requests without a
 * session, visitors each from an address of their own, boards shared with visitors' rights.
 */
export function visitorApi(t: TestApp, api: ReturnType<typeof itemApi>, s: Seeded) {
  /** An anonymous request (no session), with a visitor token when given. */
  async function visit(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    json?: unknown,
    visitor?: string,
    remoteAddress?: string,
  ) {
    const res = await t.request({
      method,
      url,
      remoteAddress,
      headers: visitor ? { 'x-board-visitor': visitor } : undefined,
      ...(json === undefined ? {} : { json }),
    });
    return { status: res.statusCode, body: res.body === '' ? null : res.json() };
  }

  const share = (boardId: string, body: Record<string, unknown>, token = s.owner.token) =>
    api.send('PUT', `/api/${s.team.id}/boards/${boardId}/sharing`, token, body);

  let visitors = 0;
  /** Each visitor from an address of their own: new visitors are rate limited per address. */
  async function newVisitor(boardId: string): Promise<string> {
    visitors += 1;
    const address = `10.0.${visitors >> 8}.${visitors & 255}`;
    const res = await visit('POST', `/api/public/boards/${boardId}/visitors`, undefined, undefined, address);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.token as string;
  }

  /** A public board: an open folder with a member's item, a private folder; shared as `sharing` says. */
  async function publicBoard(rights: Rights, sharing: Record<string, unknown> = {}) {
    const { board, folder, name } = await api.newPlace(s, { name: `Ideas ${rights}` });
    const votes = await api.newAttribute(s, board.id, 'number', { name: 'Votes' });
    const members = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'From a member' } } });
    const privateFolder = await api.newFolder(s, board.id, { name: 'Private', settings: { private: true } });
    const shared = await share(board.id, { is_public: true, visitor_rights: rights, ...sharing });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    return { board, folder, name, votes, members, privateFolder };
  }

  return { visit, share, newVisitor, publicBoard };
}
export type PublicTestBoard = Awaited<ReturnType<ReturnType<typeof visitorApi>['publicBoard']>>;
