import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { itemTexts } from '../../db/schema/item-texts';
import { items } from '../../db/schema/items';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi } from '../items/items.fixtures';
import { repairItemTexts, writeItemTexts } from './search-indexer';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

async function storedText(s: Seeded, itemId: string) {
  await t.app.dispatcher.settled();
  const [row] = await t.app.ctx.db
    .select()
    .from(itemTexts)
    .where(and(eq(itemTexts.teamId, s.team.id), eq(itemTexts.itemId, itemId)));
  return row ? { text: row.text.replace(/\W+/g, ' ').trim(), rowVersion: row.rowVersion } : undefined;
}

async function place() {
  const s = await seedWorkspace(t);
  const { board, folder, name } = await api.newPlace(s);
  const points = await api.newAttribute(s, board.id, 'number', { name: 'Points' });
  const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Fix login' } } });
  return { s, folder, name, points, item };
}

describe('the search indexer', () => {
  test('writes a created item’s text, rewrites it when a text changes and not for a number', async () => {
    const { s, name, points, item } = await place();
    expect(await storedText(s, item.id)).toEqual({ text: 'Fix login', rowVersion: 1 });

    const numbered = await api.putItem(s, s.owner.token, item.id, {
      values: { [points.id]: { data: 5 } },
      row_version: 2,
    });
    expect(numbered.status, JSON.stringify(numbered.body)).toBe(200);
    expect(await storedText(s, item.id)).toEqual({ text: 'Fix login', rowVersion: 1 });

    const renamed = await api.putItem(s, s.owner.token, item.id, {
      values: { [name.id]: { data: 'Fix logout' } },
      row_version: 3,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await storedText(s, item.id)).toEqual({ text: 'Fix logout', rowVersion: 3 });

    const cleared = await api.putItem(s, s.owner.token, item.id, {
      values: { [name.id]: { data: null } },
      row_version: 4,
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await storedText(s, item.id)).toEqual({ text: '', rowVersion: 4 });
  });

  test('an item of a private folder is indexed too (its events carry no data)', async () => {
    const { s, folder, name, item } = await place();
    const hidden = await api.send('PUT', `/api/${s.team.id}/folders/${folder.id}`, s.owner.token, {
      board_id: (await t.app.ctx.db.select().from(items).where(eq(items.id, item.id)))[0]!.boardId,
      name: 'Folder',
      private: true,
      row_version: 2,
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const renamed = await api.putItem(s, s.owner.token, item.id, {
      values: { [name.id]: { data: 'Secret plan' } },
      row_version: 2,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await storedText(s, item.id)).toEqual({ text: 'Secret plan', rowVersion: 2 });
  });

  test('a text read from an older row_version never replaces a newer one', async () => {
    const { s, item } = await place();
    await storedText(s, item.id);
    await t.app.ctx.db
      .update(itemTexts)
      .set({ text: 'newer', rowVersion: 9 })
      .where(and(eq(itemTexts.teamId, s.team.id), eq(itemTexts.itemId, item.id)));
    await writeItemTexts(t.app.ctx.db, s.team.id, [item.id]);
    expect(await storedText(s, item.id)).toEqual({ text: 'newer', rowVersion: 9 });
  });

  test('another workspace’s item ids write nothing', async () => {
    const { s, item } = await place();
    const other = await seedWorkspace(t);
    await storedText(s, item.id);
    await t.app.ctx.db
      .delete(itemTexts)
      .where(and(eq(itemTexts.teamId, s.team.id), eq(itemTexts.itemId, item.id)));
    await writeItemTexts(t.app.ctx.db, other.team.id, [item.id]);
    expect(await storedText(s, item.id)).toBeUndefined();
  });

  test('the sweep’s repair brings back texts lost or stale for items changed in its window, and only those', async () => {
    const { s, folder, name, item } = await place();
    const older = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Old report' } } });
    await storedText(s, older.id);
    await t.app.ctx.db
      .update(items)
      .set({ updatedAt: new Date(Date.now() - 3 * 60 * 60 * 1000) })
      .where(and(eq(items.teamId, s.team.id), eq(items.id, older.id)));
    // Lost (a process stopped between its claim and its write) and stale texts.
    await t.app.ctx.db
      .delete(itemTexts)
      .where(and(eq(itemTexts.teamId, s.team.id), eq(itemTexts.itemId, item.id)));
    await t.app.ctx.db
      .update(itemTexts)
      .set({ text: 'stale' })
      .where(and(eq(itemTexts.teamId, s.team.id), eq(itemTexts.itemId, older.id)));
    await repairItemTexts(t.app.ctx.db, new Date(Date.now() - 2 * 60 * 60 * 1000));
    expect(await storedText(s, item.id)).toEqual({ text: 'Fix login', rowVersion: 1 });
    expect(await storedText(s, older.id)).toEqual({ text: 'stale', rowVersion: 1 });
    const stored = await t.app.ctx.db.select().from(itemTexts).where(eq(itemTexts.teamId, s.team.id));
    expect(stored).toHaveLength(2);
  });
});
