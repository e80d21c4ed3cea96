import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { teamMembers } from '../db/schema/teams';
import { base62 } from '../modules/items/items.fixtures';
import type { TestApp } from '../test/test-app';

/** One process's way in: the same requests, answered by one app. */
export type Node = TestApp['request'];

/**
 * The rule of the hot caches (cache/hot-caches.ts), stated once for one process and for several
 * sharing a database and Redis: after a write that revokes or changes access is answered, the very
 * next request on every process is judged by the new state. Each case warms every node's caches
 * first, changes through the first node, and asks every node right after.
 */
export function invalidationCases(setup: () => { t: TestApp; nodes: Node[] }): void {
  async function workspace() {
    const { t, nodes } = setup();
    const owner = await t.signUp({ name: 'Owner' });
    const member = await t.signUp({ name: 'Member' });
    const team = (
      await nodes[0]!({ method: 'POST', url: '/api/teams', token: owner.token, json: { name: 'Cached' } })
    ).json() as { id: number };
    await t.app.ctx.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: member.id, role: 'full-member' });
    return { t, nodes, owner, member, teamId: team.id };
  }

  async function expectEveryNode(nodes: Node[], token: string, url: string, status: number) {
    for (const node of nodes) expect((await node({ method: 'GET', url, token })).statusCode).toBe(status);
  }

  test('a token signed out on one process is refused on the very next request on every process', async () => {
    const { nodes, member } = await workspace();
    await expectEveryNode(nodes, member.token, '/api/me', 200);
    const out = await nodes[0]!({ method: 'POST', url: '/api/auth/logout', token: member.token, json: {} });
    expect(out.statusCode).toBe(200);
    await expectEveryNode(nodes, member.token, '/api/me', 401);
  });

  test('a password change refuses the other sessions’ tokens on the very next request everywhere', async () => {
    const { nodes, member } = await workspace();
    const other = await nodes[0]!({
      method: 'POST',
      url: '/api/auth/login',
      json: { email: member.email, password: member.password },
    });
    const otherToken = other.json().token.access_token as string;
    await expectEveryNode(nodes, otherToken, '/api/me', 200);
    await expectEveryNode(nodes, member.token, '/api/me', 200);
    const confirmed = await nodes[0]!({
      method: 'POST',
      url: '/api/auth/password/confirm',
      token: member.token,
      json: { password: member.password },
    });
    const changed = await nodes[0]!({
      method: 'PUT',
      url: '/api/me/password',
      token: member.token,
      json: { password: 'a brand new secret' },
      headers: { 'x-authorization-password': confirmed.json().confirmation },
    });
    expect(changed.statusCode).toBe(200);
    await expectEveryNode(nodes, otherToken, '/api/me', 401);
    await expectEveryNode(nodes, member.token, '/api/me', 200);
  });

  test('a removed member is refused on the very next request on every process', async () => {
    const { nodes, owner, member, teamId } = await workspace();
    await expectEveryNode(nodes, member.token, `/api/teams/${teamId}`, 200);
    const removed = await nodes[0]!({
      method: 'DELETE',
      url: `/api/teams/${teamId}/members/${member.id}`,
      token: owner.token,
    });
    expect(removed.statusCode).toBe(200);
    await expectEveryNode(nodes, member.token, `/api/teams/${teamId}`, 404);
    await expectEveryNode(nodes, member.token, `/api/teams/${teamId}/members`, 404);
  });

  test('a new role is what the very next request on every process is judged by', async () => {
    const { nodes, owner, member, teamId } = await workspace();
    for (const node of nodes) {
      const before = await node({ method: 'GET', url: `/api/teams/${teamId}`, token: member.token });
      expect(before.json().user_role).toBe('full-member');
    }
    const changed = await nodes[0]!({
      method: 'PUT',
      url: `/api/teams/${teamId}/members/${member.id}`,
      token: owner.token,
      json: { role: 'restricted-member' },
    });
    expect(changed.statusCode).toBe(200);
    for (const node of nodes) {
      const after = await node({ method: 'GET', url: `/api/teams/${teamId}`, token: member.token });
      expect(after.json().user_role).toBe('restricted-member');
    }
  });

  /** A board with a folder and a name attribute, made by the owner through the first node. */
  async function boardWithFolder(nodes: Node[], token: string, teamId: number) {
    const [boardId, folderId, nameId] = [base62(), base62(), randomUUID()];
    const put = async (url: string, json: Record<string, unknown>) =>
      expect((await nodes[0]!({ method: 'PUT', url, token, json })).statusCode).toBe(200);
    await put(`/api/${teamId}/boards/${boardId}`, { name: 'Board', row_version: 1 });
    await put(`/api/${teamId}/folders/${folderId}`, { board_id: boardId, name: 'Folder', row_version: 1 });
    await put(`/api/${teamId}/attributes/${nameId}`, {
      board_id: boardId,
      name: 'Name',
      type: 'text',
      row_version: 1,
    });
    return { boardId, folderId, nameId };
  }

  test('an item changed on one process is what the very next folder read answers on every process', async () => {
    const { nodes, owner, teamId } = await workspace();
    const { folderId, nameId } = await boardWithFolder(nodes, owner.token, teamId);
    const itemId = randomUUID();
    const put = async (url: string, json: Record<string, unknown>) =>
      expect((await nodes[0]!({ method: 'PUT', url, token: owner.token, json })).statusCode).toBe(200);
    const save = (data: string, rowVersion: number) =>
      put(`/api/${teamId}/items/${itemId}`, {
        folder_id: folderId,
        values: { [nameId]: { data } },
        row_version: rowVersion,
      });
    const names = async (node: Node) => {
      const res = await node({
        method: 'GET',
        url: `/api/${teamId}/folders/${folderId}/items`,
        token: owner.token,
      });
      return (res.json() as { values: Record<string, { data: string }> }[]).map(
        (item) => item.values[nameId]?.data,
      );
    };
    await save('First', 1);
    for (const node of nodes) expect(await names(node)).toEqual(['First']);
    await save('Second', 2);
    // Another process is asked through a socket, after Redis handed it the change (before it
    // answered the publisher). Here every app shares one event loop and a kept folder is answered
    // without any I/O, so the loop is let poll once the message has had time to arrive.
    if (nodes.length > 1) await new Promise((resolve) => setTimeout(resolve, 25));
    for (const node of nodes) expect(await names(node)).toEqual(['Second']);
  });

  test('a board made private on one process: the very next item create and edit of a member not on it are refused on every process', async () => {
    const { nodes, owner, member, teamId } = await workspace();
    const { boardId, folderId, nameId } = await boardWithFolder(nodes, owner.token, teamId);
    const mine = nodes.map(() => randomUUID());
    const save = (node: Node, itemId: string, rowVersion: number) =>
      node({
        method: 'PUT',
        url: `/api/${teamId}/items/${itemId}`,
        token: member.token,
        json: { folder_id: folderId, values: { [nameId]: { data: 'Mine' } }, row_version: rowVersion },
      });
    // Every node reads (and keeps) the folder and the board for the member's writes.
    for (const [at, node] of nodes.entries()) expect((await save(node, mine[at]!, 1)).statusCode).toBe(200);
    const closed = await nodes[0]!({
      method: 'PUT',
      url: `/api/${teamId}/boards/${boardId}`,
      token: owner.token,
      json: { name: 'Board', is_private: true, user_ids: [owner.id], row_version: 2 },
    });
    expect(closed.statusCode).toBe(200);
    if (nodes.length > 1) await new Promise((resolve) => setTimeout(resolve, 25));
    for (const [at, node] of nodes.entries()) {
      expect((await save(node, randomUUID(), 1)).statusCode).toBe(404);
      expect((await save(node, mine[at]!, 2)).statusCode).toBe(404);
    }
  });

  test('a folder deleted on one process: the very next item create in it is refused on every process', async () => {
    const { nodes, owner, teamId } = await workspace();
    const { folderId, nameId } = await boardWithFolder(nodes, owner.token, teamId);
    const create = (node: Node) =>
      node({
        method: 'PUT',
        url: `/api/${teamId}/items/${randomUUID()}`,
        token: owner.token,
        json: { folder_id: folderId, values: { [nameId]: { data: 'New' } }, row_version: 1 },
      });
    for (const node of nodes) expect((await create(node)).statusCode).toBe(200);
    const removed = await nodes[0]!({
      method: 'DELETE',
      url: `/api/${teamId}/folders/${folderId}`,
      token: owner.token,
    });
    expect(removed.statusCode).toBe(200);
    if (nodes.length > 1) await new Promise((resolve) => setTimeout(resolve, 25));
    for (const node of nodes) expect((await create(node)).statusCode).toBe(404);
  });

  test('a form no longer shared on one process is not found on the very next read on every process', async () => {
    const { nodes, owner, teamId } = await workspace();
    const { folderId, nameId } = await boardWithFolder(nodes, owner.token, teamId);
    const formId = randomUUID();
    const saveForm = (shared: boolean, rowVersion: number) =>
      nodes[0]!({
        method: 'PUT',
        url: `/api/${teamId}/views/${formId}`,
        token: owner.token,
        json: {
          folder_id: folderId,
          type: 'form',
          name: 'Requests',
          settings: { shared, fields: [{ attribute_id: nameId }] },
          row_version: rowVersion,
        },
      });
    expect((await saveForm(true, 1)).statusCode).toBe(200);
    const read = (node: Node) => node({ method: 'GET', url: `/api/public/forms/${formId}` });
    for (const node of nodes) expect((await read(node)).statusCode).toBe(200);
    expect((await saveForm(false, 2)).statusCode).toBe(200);
    if (nodes.length > 1) await new Promise((resolve) => setTimeout(resolve, 25));
    for (const node of nodes) expect((await read(node)).statusCode).toBe(404);
  });

  test('a renamed profile is what the very next request on every process answers', async () => {
    const { nodes, member } = await workspace();
    await expectEveryNode(nodes, member.token, '/api/me', 200);
    const renamed = await nodes[0]!({
      method: 'PUT',
      url: '/api/me',
      token: member.token,
      json: { name: 'New' },
    });
    expect(renamed.statusCode).toBe(200);
    for (const node of nodes)
      expect((await node({ method: 'GET', url: '/api/me', token: member.token })).json().name).toBe('New');
  });
}
