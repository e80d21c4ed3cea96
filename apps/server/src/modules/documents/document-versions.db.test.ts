import { DOCUMENT_FRAGMENT } from '@strata/domain/documents/document-schema';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { listenLocally } from '../../realtime/test-clients';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { type CollabClient, connectCollab } from './collab-clients';
import { documentSnapshot } from './document-html';
import { documentName } from './document-names';
import { writeDocument } from './document-store';
import { DOCUMENT_VERSION_EVERY_MS } from './document-versions';

let t: TestApp;
let port: number;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
let clockOffsetMs = 0;
const clients: CollabClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(Date.now() + clockOffsetMs) } });
  port = await listenLocally(t.app);
  api = itemApi(t);
  s = await seedWorkspace(t);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t?.close();
});

/** A one-paragraph document as the editor writes it. */
function documentOf(text: string): Y.Doc {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment(DOCUMENT_FRAGMENT).insert(0, [paragraph]);
  return doc;
}

/** The document's text (its XML without the tags). */
const textOf = (doc: Y.Doc) =>
  doc
    .getXmlFragment(DOCUMENT_FRAGMENT)
    .toString()
    .replace(/<[^>]*>/g, '');

/** Saves the item's document with this text, as the co-editing server stores it. */
async function save(itemId: string, text: string) {
  const doc = documentOf(text);
  await writeDocument(
    t.app.ctx,
    { teamId: s.team.id, itemId, userId: s.owner.id },
    Y.encodeStateAsUpdate(doc),
    documentSnapshot(doc),
  );
}

async function pageWithHistory() {
  const { folder } = await api.newPlace(s);
  const item = (await api.newItem(s, folder.id)) as { id: string };
  clockOffsetMs = 0;
  await save(item.id, 'First draft');
  await save(item.id, 'First draft, longer');
  clockOffsetMs = DOCUMENT_VERSION_EVERY_MS + 1_000;
  await save(item.id, 'Second draft');
  return item.id;
}

const versionsPath = (itemId: string) => `/api/${s.team.id}/items/${itemId}/document/versions`;

describe('document history', () => {
  test('a checkpoint at most every ten minutes of editing, newest first, with who saved it', async () => {
    const itemId = await pageWithHistory();
    const res = await api.send('GET', versionsPath(itemId), s.owner.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((version: { preview: string }) => version.preview)).toEqual([
      'Second draft',
      'First draft',
    ]);
    expect(res.body.data[0].created_by).toEqual({ id: s.owner.id, name: 'Owner' });
    const one = await api.send('GET', `${versionsPath(itemId)}/${res.body.data[1].id}`, s.owner.token);
    expect(one.status).toBe(200);
    expect(one.body.html).toBe('<p>First draft</p>');
  });

  test.each([
    { role: 'owner', status: 200 },
    { role: 'admin', status: 200 },
    { role: 'full-member', status: 200 },
    { role: 'restricted-member', status: 200 },
    { role: 'guest', status: 200 },
    { role: 'outsider', status: 404 },
  ] as const)('$role reading the history: $status', async ({ role, status }) => {
    const itemId = await pageWithHistory();
    expect((await api.send('GET', versionsPath(itemId), s[role].token)).status).toBe(status);
  });

  test.each([
    {
      case: 'an item id that is not a UUID',
      path: () => `/api/${s.team.id}/items/page-1/document/versions`,
      status: 422,
    },
    { case: 'an item that does not exist', path: () => versionsPath(uuid()), status: 404 },
    {
      case: 'a version of another item',
      path: async () => {
        const [a, b] = [await pageWithHistory(), await pageWithHistory()];
        const versions = await api.send('GET', versionsPath(a), s.owner.token);
        return `${versionsPath(b)}/${versions.body.data[0].id}`;
      },
      status: 404,
    },
  ])('$case answers $status', async ({ path, status }) => {
    expect((await api.send('GET', await path(), s.owner.token)).status).toBe(status);
  });

  test('restoring puts the earlier text in place live for an open editor, keeps what it replaced, and is stored', async () => {
    const itemId = await pageWithHistory();
    const editor = connectCollab({ port, name: documentName(s.team.id, itemId), token: s.owner.token });
    clients.push(editor);
    await editor.synced;
    expect(textOf(editor.doc)).toBe('Second draft');
    const versions = (await api.send('GET', versionsPath(itemId), s.owner.token)).body.data;
    const first = versions.find((version: { preview: string }) => version.preview === 'First draft');

    const restored = await api.send('POST', `${versionsPath(itemId)}/${first.id}/restore`, s.owner.token);
    expect(restored.status).toBe(204);
    const deadline = Date.now() + 5_000;
    while (textOf(editor.doc) !== 'First draft' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(textOf(editor.doc)).toBe('First draft');

    const after = (await api.send('GET', versionsPath(itemId), s.owner.token)).body.data;
    // The text it replaced is the newest version now.
    expect(after[0].preview).toBe('Second draft');
    expect(after).toHaveLength(versions.length + 1);
    editor.close();
  });

  test.each([
    { role: 'restricted-member', status: 403 },
    { role: 'guest', status: 403 },
    { role: 'outsider', status: 404 },
  ] as const)('$role may not restore ($status); nothing changes', async ({ role, status }) => {
    const itemId = await pageWithHistory();
    const versions = (await api.send('GET', versionsPath(itemId), s.owner.token)).body.data;
    const res = await api.send('POST', `${versionsPath(itemId)}/${versions[1].id}/restore`, s[role].token);
    expect(res.status).toBe(status);
    const again = (await api.send('GET', versionsPath(itemId), s.owner.token)).body.data;
    expect(again).toEqual(versions);
  });
});
