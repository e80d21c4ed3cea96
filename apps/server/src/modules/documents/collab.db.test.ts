import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { itemDocuments } from '../../db/schema/item-documents';
import { items } from '../../db/schema/items';
import { listenLocally } from '../../realtime/test-clients';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi } from '../items/items.fixtures';
import { type CollabClient, connectCollab } from './collab-clients';
import { documentName } from './document-names';

let t: TestApp;
let port: number;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
let other: Seeded;
const clients: CollabClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  port = await listenLocally(t.app);
  api = itemApi(t);
  s = await seedWorkspace(t);
  other = await seedWorkspace(t);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t?.close();
});

function open(name: string, token: string) {
  const client = connectCollab({ port, name, token });
  clients.push(client);
  return client;
}

/** An item of a fresh folder of the seeded workspace, made by `by` (the owner unless said). */
async function newItem(by = s.owner) {
  const { folder } = await api.newPlace(s);
  const item = await api.newItem({ ...s, owner: by }, folder.id);
  return { folderId: folder.id, itemId: item.id as string };
}

/** Waits until `check` holds (it may be async), or fails naming what did not happen. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const textOf = (client: CollabClient) => client.doc.getText('body').toString();

async function storedText(itemId: string) {
  const [row] = await t.app.ctx.db.select().from(itemDocuments).where(eq(itemDocuments.itemId, itemId));
  if (!row) return undefined;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, row.state);
  return { text: doc.getText('body').toString(), teamId: row.teamId, updatedBy: row.updatedBy };
}

/**
 * A fresh workspace's item document open for a full member (who is about to lose it) and for
 * `staying`; `closed` resolves when the full member's connection is let go.
 */
async function openForTwo(staying: 'owner' | 'admin') {
  const w = await seedWorkspace(t);
  const { board, folder } = await api.newPlace(w);
  const item = await api.newItem(w, folder.id);
  const name = documentName(w.team.id, item.id as string);
  const leaving = open(name, w['full-member'].token);
  const other = open(name, w[staying].token);
  await Promise.all([leaving.synced, other.synced]);
  const closed = new Promise<void>((resolve) => leaving.provider.on('close', () => resolve()));
  return { w, board, folder, name, other, closed };
}

describe('co-editing on /collab', () => {
  test('two people type in one document at once: both end with both texts, and it is stored', async () => {
    const { itemId } = await newItem();
    const name = documentName(s.team.id, itemId);
    const a = open(name, s.owner.token);
    const b = open(name, s['full-member'].token);
    expect(await a.outcome).toEqual({ scope: 'read-write' });
    expect(await b.outcome).toEqual({ scope: 'read-write' });
    await Promise.all([a.synced, b.synced]);
    a.doc.getText('body').insert(0, 'Hello ');
    b.doc.getText('body').insert(0, 'world');
    await until(() => textOf(a) === textOf(b) && textOf(a).length === 11, 'the two copies converge');
    expect(['Hello world', 'worldHello ']).toContain(textOf(a));
    const converged = textOf(a);
    a.close();
    b.close();
    // The last one out stores the document at once.
    await until(async () => (await storedText(itemId))?.text === converged, 'the document is stored');
    expect(await storedText(itemId)).toMatchObject({ teamId: s.team.id });

    // Opened again (read back from the database), it holds what was typed.
    const c = open(name, s.admin.token);
    await c.synced;
    expect(textOf(c)).toBe(converged);
  });

  const roles = [
    ['owner', 'read-write'],
    ['admin', 'read-write'],
    ['full-member', 'read-write'],
    ['restricted-member', 'readonly'],
    ['guest', 'readonly'],
  ] as const;
  test.each(roles)("%s opens another's item's document as %s", async (role, scope) => {
    const { itemId } = await newItem();
    const client = open(documentName(s.team.id, itemId), s[role].token);
    expect(await client.outcome).toEqual({ scope });
  });

  test('a restricted member writes the document of an item they made', async () => {
    const { itemId } = await newItem(s['restricted-member']);
    const client = open(documentName(s.team.id, itemId), s['restricted-member'].token);
    expect(await client.outcome).toEqual({ scope: 'read-write' });
  });

  test('a read-only connection changes nothing, for the others or in the database', async () => {
    const { itemId } = await newItem();
    const name = documentName(s.team.id, itemId);
    const writer = open(name, s.owner.token);
    const reader = open(name, s.guest.token);
    await Promise.all([writer.synced, reader.synced]);
    reader.doc.getText('body').insert(0, 'guest was here');
    writer.doc.getText('body').insert(0, 'owner text');
    await until(() => textOf(reader).includes('owner text'), 'the reader sees the writer');
    // The writer never gets the reader's change.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(textOf(writer)).toBe('owner text');
    writer.close();
    reader.close();
    await until(async () => (await storedText(itemId))?.text === 'owner text', 'the document is stored');
    expect((await storedText(itemId))?.updatedBy).toBe(s.owner.id);
  });

  test('refused: no token, a bad token, an outsider, another workspace, a deleted item, names that name nothing', async () => {
    const { itemId } = await newItem();
    const deleted = await newItem();
    await t.app.ctx.db
      .update(items)
      .set({ deletedAt: new Date() })
      .where(and(eq(items.id, deleted.itemId), eq(items.teamId, s.team.id)));
    const cases: [string, string][] = [
      [documentName(s.team.id, itemId), 'not-a-token'],
      [documentName(s.team.id, itemId), s.outsider.token],
      // A member of another workspace, naming this one's item with either workspace.
      [documentName(s.team.id, itemId), other.owner.token],
      [documentName(other.team.id, itemId), other.owner.token],
      [documentName(s.team.id, deleted.itemId), s.owner.token],
      [documentName(s.team.id, 'no-such-item'), s.owner.token],
      [`${s.team.id}`, s.owner.token],
      [`${s.team.id}:${itemId}:x`, s.owner.token],
      ['0:abc', s.owner.token],
      [`99999999999:${itemId}`, s.owner.token],
    ];
    for (const [name, token] of cases) {
      const client = open(name, token);
      expect(await client.outcome, `${name} with ${token.slice(0, 6)}`).toEqual({
        refused: 'permission-denied',
      });
      client.close();
    }
    // Nothing was stored for any of them.
    expect(await storedText(itemId)).toBeUndefined();
  });

  test('a stored document keeps its HTML sanitised and its text, and search finds the item by it', async () => {
    const { itemId } = await newItem();
    const writer = open(documentName(s.team.id, itemId), s.owner.token);
    await writer.synced;
    // As the editor writes a page: a heading, and a paragraph whose text and link would be
    // dangerous as HTML.
    const heading = new Y.XmlElement('heading');
    heading.setAttribute('level', 1 as unknown as string);
    heading.insert(0, [new Y.XmlText('Launch plan')]);
    const paragraph = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    paragraph.insert(0, [text]);
    writer.doc.transact(() => {
      writer.doc.getXmlFragment('default').insert(0, [heading, paragraph]);
      text.insert(0, 'Ship on <img src=x onerror=alert(1)> Friday ');
      text.insert(text.length, 'here', { link: { href: 'javascript:alert(1)' } });
    });
    writer.close();
    let row: typeof itemDocuments.$inferSelect | undefined;
    await until(async () => {
      [row] = await t.app.ctx.db.select().from(itemDocuments).where(eq(itemDocuments.itemId, itemId));
      return row !== undefined;
    }, 'the document is stored');
    // The link's script address is gone; what reads as a tag is text.
    expect(row!.html).toBe(
      '<h1>Launch plan</h1><p>Ship on &lt;img src=x onerror=alert(1)&gt; Friday <a target="_blank" rel="noopener noreferrer nofollow">here</a></p>',
    );
    expect(row!.text).toBe('Launch plan Ship on <img src=x onerror=alert(1)> Friday here');
    const search = await t.request({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent('launch plan')}&team_id=${s.team.id}`,
      token: s.owner.token,
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(JSON.stringify(search.json())).toContain(itemId);
    // Someone who does not see the workspace finds nothing of it.
    const outsider = await t.request({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent('launch plan')}&team_id=${s.team.id}`,
      token: other.owner.token,
    });
    expect(JSON.stringify(outsider.json())).not.toContain(itemId);
  });

  test('a member removed from the workspace is let go from its open documents at once, and cannot come back', async () => {
    const { w, name, other: staying, closed } = await openForTwo('admin');
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/teams/${w.team.id}/members/${w['full-member'].id}`,
      token: w.owner.token,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await closed;
    // The others stay.
    staying.doc.getText('body').insert(0, 'still here');
    const again = open(name, w['full-member'].token);
    expect(await again.outcome).toEqual({ refused: 'permission-denied' });
    const reader = open(name, w.owner.token);
    await reader.synced;
    await until(() => reader.doc.getText('body').toString() === 'still here', 'the admin still writes');
  });

  test('a board made private lets go of the open documents of those it now keeps out; its members stay', async () => {
    const { w, board, name, other: owner, closed } = await openForTwo('owner');
    const saved = await api.send('PUT', `/api/${w.team.id}/boards/${board.id}`, w.owner.token, {
      name: 'Board',
      is_private: true,
      row_version: board.row_version + 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await closed;
    const again = open(name, w['full-member'].token);
    expect(await again.outcome).toEqual({ refused: 'permission-denied' });
    owner.doc.getText('body').insert(0, 'owner stays');
    const reader = open(name, w.owner.token);
    await reader.synced;
    await until(() => reader.doc.getText('body').toString() === 'owner stays', 'the owner still writes');
  });

  test('a folder made private lets go of the open documents of those it now keeps out', async () => {
    const { w, board, folder, name, closed } = await openForTwo('owner');
    const saved = await api.send('PUT', `/api/${w.team.id}/folders/${folder.id}`, w.owner.token, {
      board_id: board.id,
      name: 'Folder',
      settings: { private: true },
      row_version: 2,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await closed;
    expect(await open(name, w['full-member'].token).outcome).toEqual({ refused: 'permission-denied' });
  });
});
