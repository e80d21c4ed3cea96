import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { boardVisitors } from '../../db/schema/board-visitors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { type PublicTestBoard, visitorApi } from './public-board-visitors.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
let visit: ReturnType<typeof visitorApi>['visit'];
let share: ReturnType<typeof visitorApi>['share'];
let newVisitor: ReturnType<typeof visitorApi>['newVisitor'];
let publicBoard: ReturnType<typeof visitorApi>['publicBoard'];
type Board = PublicTestBoard;

beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
  s = await seedWorkspace(t);
  ({ visit, share, newVisitor, publicBoard } = visitorApi(t, api, s));
});
afterAll(() => t?.close());

const addItem = (
  b: Board,
  visitor: string | undefined,
  values: Record<string, unknown>,
  folderId = b.folder.id,
) => visit('POST', `/api/public/boards/${b.board.id}/folders/${folderId}/items`, { values }, visitor);
const editItem = (b: Board, visitor: string | undefined, itemId: string, values: Record<string, unknown>) =>
  visit('PATCH', `/api/public/boards/${b.board.id}/items/${itemId}`, { values }, visitor);
const readFolder = (b: Board, visitor?: string) =>
  visit('GET', `/api/public/boards/${b.board.id}/folders/${b.folder.id}`, undefined, visitor);
const memberCopy = async (b: Board, itemId: string) => {
  const res = await api.listItems(s, s.owner.token, b.folder.id);
  return (res.body as { id: string; values: Record<string, { data: unknown }> }[]).find(
    (item) => item.id === itemId,
  );
};

describe('visitor rights in the sharing settings', () => {
  test.each(['view', 'edit_own', 'edit_all'] as const)('%s is kept and read back', async (rights) => {
    const b = await publicBoard(rights);
    const res = await api.send('GET', `/api/${s.team.id}/boards/${b.board.id}/sharing`, s.owner.token);
    expect(res.body.visitor_rights).toBe(rights);
    // Changing another setting keeps them.
    expect((await share(b.board.id, { is_public: true, show_folders: false })).body.visitor_rights).toBe(
      rights,
    );
  });

  test('stopping sharing takes the rights away; sharing again starts at view', async () => {
    const b = await publicBoard('edit_all');
    expect((await share(b.board.id, { is_public: false })).body.visitor_rights).toBe('view');
    expect((await share(b.board.id, { is_public: true })).body.visitor_rights).toBe('view');
  });

  test('the folder tells the visitor what they may do', async () => {
    for (const [rights, expected] of [
      ['view', { create: false, edit: 'none', comment: false }],
      ['edit_own', { create: true, edit: 'own', comment: false }],
      ['edit_all', { create: true, edit: 'all', comment: false }],
    ] as const) {
      const res = await readFolder(await publicBoard(rights));
      expect(res.status).toBe(200);
      expect(res.body.rights).toEqual(expected);
      expect(res.body.own_item_ids).toEqual([]);
    }
  });
});

describe('visitors', () => {
  test('a visitor is known only on a public board, by a token kept hashed', async () => {
    const b = await publicBoard('edit_own');
    const token = await newVisitor(b.board.id);
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await t.app.ctx.db
      .select({ hash: boardVisitors.tokenHash })
      .from(boardVisitors)
      .where(eq(boardVisitors.boardId, b.board.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.hash).not.toContain(token);
    expect(stored[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    const closed = await api.newBoard(s);
    expect((await visit('POST', `/api/public/boards/${closed.id}/visitors`)).status).toBe(404);
  });

  test('new visitors are rate limited per address', async () => {
    const b = await publicBoard('edit_own');
    const answers: number[] = [];
    for (let n = 0; n < 11; n++)
      answers.push(
        (await visit('POST', `/api/public/boards/${b.board.id}/visitors`, undefined, undefined, '10.9.9.9'))
          .status,
      );
    expect(answers.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  test('a visitor’s writes are rate limited per address and board: the 31st in a minute is refused', async () => {
    const b = await publicBoard('edit_own');
    const visitor = await newVisitor(b.board.id);
    const mine = await addItem(b, visitor, { [b.name.id]: 'Counted' });
    const answers: number[] = [];
    for (let n = 2; n <= 31; n++)
      answers.push((await editItem(b, visitor, mine.body.id, { [b.votes.id]: n })).status);
    expect(answers.slice(0, 29).every((status) => status === 200)).toBe(true);
    expect(answers[29]).toBe(429);
    // The refused one changed nothing.
    expect((await memberCopy(b, mine.body.id))?.values[b.votes.id]?.data).toBe(30);
  });

  test('a token of another board is no visitor here', async () => {
    const a = await publicBoard('edit_all');
    const b = await publicBoard('edit_all');
    const res = await addItem(b, await newVisitor(a.board.id), { [b.name.id]: 'Wrong board' });
    expect(res.status).toBe(403);
  });
});

describe('a visitor adds items', () => {
  test.each([
    { rights: 'view', status: 403 },
    { rights: 'edit_own', status: 201 },
    { rights: 'edit_all', status: 201 },
  ] as const)('with $rights: $status', async ({ rights, status }) => {
    const b = await publicBoard(rights);
    const visitor = await newVisitor(b.board.id);
    const before = (await readFolder(b)).body.items.length;
    const res = await addItem(b, visitor, { [b.name.id]: 'Dark mode please', [b.votes.id]: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const after = await readFolder(b, visitor);
    expect(after.body.items.length).toBe(before + (status === 201 ? 1 : 0));
    if (status !== 201) return;
    expect(res.body.values[b.votes.id].data).toBe(3);
    expect(res.body).not.toHaveProperty('row_version');
    expect(res.body).not.toHaveProperty('team_id');
    expect(after.body.own_item_ids).toEqual(rights === 'edit_own' ? [res.body.id] : []);
    // The team sees it, written for the visitor by the member who shared the board.
    const copy = await memberCopy(b, res.body.id);
    expect(copy?.values[b.name.id]?.data).toBe('Dark mode please');
  });

  test.each([
    { case: 'no visitor token', visitor: () => undefined, status: 403 },
    { case: 'an unknown token', visitor: () => 'x'.repeat(43), status: 403 },
  ])('$case: $status, nothing written', async ({ visitor, status }) => {
    const b = await publicBoard('edit_all');
    const res = await addItem(b, visitor(), { [b.name.id]: 'Anonymous' });
    expect(res.status).toBe(status);
    expect((await readFolder(b)).body.items).toHaveLength(1);
  });

  test("a private folder, another board's folder or an unknown one is 404", async () => {
    const b = await publicBoard('edit_all');
    const other = await api.newPlace(s);
    const visitor = await newVisitor(b.board.id);
    for (const folderId of [b.privateFolder.id, other.folder.id, 'abcdefghijk'])
      expect((await addItem(b, visitor, { [b.name.id]: 'In' }, folderId)).status).toBe(404);
    expect((await api.listItems(s, s.owner.token, b.privateFolder.id)).body).toEqual([]);
  });

  test('a subitem goes under an item of the same folder, and nowhere else', async () => {
    const b = await publicBoard('edit_own');
    const visitor = await newVisitor(b.board.id);
    const parent = await addItem(b, visitor, { [b.name.id]: 'Parent' });
    const url = `/api/public/boards/${b.board.id}/folders/${b.folder.id}/items`;
    const child = await visit(
      'POST',
      url,
      { values: { [b.name.id]: 'Child' }, parent_id: parent.body.id },
      visitor,
    );
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    expect(child.body.parent_id).toBe(parent.body.id);
    const hidden = await api.newItem(s, b.privateFolder.id);
    const elsewhere = await visit(
      'POST',
      url,
      { values: { [b.name.id]: 'Stray' }, parent_id: hidden.id },
      visitor,
    );
    expect(elsewhere.status).toBe(422);
    expect((await readFolder(b)).body.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [b.members.id, parent.body.id, child.body.id].sort(),
    );
  });

  test('a wrong value is a field error and nothing is written', async () => {
    const b = await publicBoard('edit_all');
    const visitor = await newVisitor(b.board.id);
    const res = await addItem(b, visitor, { [b.name.id]: 'Votes', [b.votes.id]: 'many' });
    expect(res.status).toBe(422);
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect((await readFolder(b)).body.items).toHaveLength(1);
  });

  test('an attribute of another board is refused', async () => {
    const b = await publicBoard('edit_all');
    const other = await api.newPlace(s);
    const res = await addItem(b, await newVisitor(b.board.id), { [other.name.id]: 'Elsewhere' });
    expect(res.status).toBe(422);
  });

  test("the activity tells it as a visitor's, naming no one", async () => {
    const b = await publicBoard('edit_own');
    const visitor = await newVisitor(b.board.id);
    const added = await addItem(b, visitor, { [b.name.id]: 'Told as a visitor' });
    await editItem(b, visitor, added.body.id, { [b.votes.id]: 5 });
    const log = await api.send('GET', `/api/${s.team.id}/boards/${b.board.id}/activity`, s.owner.token);
    const entries = (
      log.body.data as { user: unknown; changes: { visitor?: boolean }; record: { item_id: string } }[]
    ).filter((entry) => entry.record.item_id === added.body.id);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const entry of entries) {
      expect(entry.user).toBeNull();
      expect(entry.changes.visitor).toBe(true);
    }
    // A member's own write stays theirs.
    const members = (log.body.data as { user: { id: number } | null; record: { item_id: string } }[]).filter(
      (entry) => entry.record.item_id === b.members.id,
    );
    expect(members[0]?.user?.id).toBe(s.owner.id);
  });

  test('a password-protected board takes no writes until unlocked', async () => {
    const b = await publicBoard('edit_all');
    const visitor = await newVisitor(b.board.id);
    const current = await api.send('GET', `/api/boards/${b.board.id}`, s.owner.token);
    const locked = await api.send('PUT', `/api/${s.team.id}/boards/${b.board.id}`, s.owner.token, {
      name: current.body.name,
      password: 'open sesame',
      row_version: current.body.row_version + 1,
    });
    expect(locked.status, JSON.stringify(locked.body)).toBeLessThan(300);
    const res = await addItem(b, visitor, { [b.name.id]: 'Locked out' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('BOARD_LOCKED');
  });
});

describe('a visitor edits items', () => {
  test.each([
    { rights: 'view', own: 403, members: 403 },
    { rights: 'edit_own', own: 200, members: 403 },
    { rights: 'edit_all', own: 200, members: 200 },
  ] as const)("with $rights: their own $own, a member's $members", async ({ rights, own, members }) => {
    const b = await publicBoard(rights);
    const visitor = await newVisitor(b.board.id);
    // With view only, the "own" item is one the visitor could not have added: a member's.
    const mine =
      rights === 'view'
        ? b.members.id
        : ((await addItem(b, visitor, { [b.name.id]: 'Mine' })).body.id as string);
    const editOwn = await editItem(b, visitor, mine, { [b.votes.id]: 7 });
    expect(editOwn.status, JSON.stringify(editOwn.body)).toBe(own);
    const editMembers = await editItem(b, visitor, b.members.id, { [b.votes.id]: 9 });
    expect(editMembers.status).toBe(members);
    expect((await memberCopy(b, b.members.id))?.values[b.votes.id]?.data ?? null).toBe(
      members === 200 ? 9 : null,
    );
    // Only the values sent change: the name stays.
    if (own === 200) expect((await memberCopy(b, mine))?.values[b.name.id]?.data).toBe('Mine');
  });

  test("another visitor's item is not one's own", async () => {
    const b = await publicBoard('edit_own');
    const first = await newVisitor(b.board.id);
    const second = await newVisitor(b.board.id);
    const theirs = await addItem(b, first, { [b.name.id]: 'First' });
    expect((await editItem(b, second, theirs.body.id, { [b.votes.id]: 1 })).status).toBe(403);
    expect((await readFolder(b, second)).body.own_item_ids).toEqual([]);
  });

  test('null clears a value', async () => {
    const b = await publicBoard('edit_own');
    const visitor = await newVisitor(b.board.id);
    const added = await addItem(b, visitor, { [b.name.id]: 'Clear', [b.votes.id]: 2 });
    const res = await editItem(b, visitor, added.body.id, { [b.votes.id]: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.values[b.votes.id]).toBeUndefined();
  });

  test('an item of a private folder, another board, deleted or unknown is 404', async () => {
    const b = await publicBoard('edit_all');
    const visitor = await newVisitor(b.board.id);
    const hidden = await api.newItem(s, b.privateFolder.id, { values: { [b.name.id]: { data: 'Secret' } } });
    const other = await api.newPlace(s);
    const elsewhere = await api.newItem(s, other.folder.id);
    const gone = await api.newItem(s, b.folder.id);
    expect(
      (await api.send('DELETE', `/api/${s.team.id}/items/${gone.id}`, s.owner.token)).status,
    ).toBeLessThan(300);
    for (const id of [hidden.id, elsewhere.id, gone.id, uuid()])
      expect((await editItem(b, visitor, id, { [b.votes.id]: 1 })).status).toBe(404);
    expect(
      (await api.listItems(s, s.owner.token, b.privateFolder.id)).body[0].values[b.votes.id],
    ).toBeUndefined();
  });

  test("a visitor's edit lands on the item as a member left it", async () => {
    const b = await publicBoard('edit_all');
    const visitor = await newVisitor(b.board.id);
    const renamed = await api.putItem(s, s.owner.token, b.members.id, {
      values: { [b.name.id]: { data: 'Renamed by a member' } },
      row_version: 2,
    });
    expect(renamed.status).toBe(200);
    expect((await editItem(b, visitor, b.members.id, { [b.votes.id]: 4 })).status).toBe(200);
    const copy = await memberCopy(b, b.members.id);
    expect(copy?.values[b.name.id]?.data).toBe('Renamed by a member');
    expect(copy?.values[b.votes.id]?.data).toBe(4);
  });
});
