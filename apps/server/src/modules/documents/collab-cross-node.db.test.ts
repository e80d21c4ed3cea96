import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { itemDocuments } from '../../db/schema/item-documents';
import { listenLocally } from '../../realtime/test-clients';
import { startSecondNode } from '../../test/second-node';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedWorkspace } from '../changes/changes.fixtures';
import { itemApi } from '../items/items.fixtures';
import { type CollabClient, connectCollab } from './collab-clients';
import { documentName } from './document-names';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Two server processes on one PostgreSQL and one Redis: people co-edit one page through either. */
describe.skipIf(!databaseUrl || !redisUrl)('co-editing across two nodes', () => {
  const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `strata-test-${randomUUID()}:` };
  const clients: CollabClient[] = [];
  let a: TestApp;
  let second: Awaited<ReturnType<typeof startSecondNode>>;
  let portA: number;
  let portB: number;

  beforeAll(async () => {
    a = await createTestApp({ env });
    second = await startSecondNode(a, env);
    portA = await listenLocally(a.app);
    portB = await listenLocally(second.app);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await second?.close();
    await a?.close();
  });

  const open = (port: number, name: string, token: string) => {
    const client = connectCollab({ port, name, token });
    clients.push(client);
    return client;
  };
  const textOf = (client: CollabClient) => client.doc.getText('body').toString();
  async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 8_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  async function storedText(itemId: string) {
    const [row] = await a.app.ctx.db.select().from(itemDocuments).where(eq(itemDocuments.itemId, itemId));
    if (!row) return undefined;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, row.state);
    return doc.getText('body').toString();
  }

  test('one writes through node A, one through node B: both see both, live, and it is stored whole', async () => {
    const s = await seedWorkspace(a);
    const api = itemApi(a);
    const { folder } = await api.newPlace(s);
    const item = (await api.newItem(s, folder.id)) as { id: string };
    const name = documentName(s.team.id, item.id);
    const onA = open(portA, name, s.owner.token);
    await onA.synced;
    // A's copy has a change before B loads the document: B gets it when it loads.
    onA.doc.getText('body').insert(0, 'Early. ');
    const onB = open(portB, name, s['full-member'].token);
    await onB.synced;
    await until(() => textOf(onB) === 'Early. ', 'B starts from what A had');
    onB.doc.getText('body').insert(textOf(onB).length, 'From B.');
    await until(() => textOf(onA) === 'Early. From B.', 'A hears B');
    onA.doc.getText('body').insert(0, '[A] ');
    await until(() => textOf(onB) === '[A] Early. From B.', 'B hears A');
    expect(textOf(onA)).toBe(textOf(onB));
    onA.close();
    onB.close();
    await until(async () => (await storedText(item.id)) === '[A] Early. From B.', 'the whole text is stored');
    expect(await storedText(item.id)).toBe('[A] Early. From B.');
  });
});
