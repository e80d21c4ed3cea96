import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema/events';
import { expandEvents } from '../../events/value-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, pull, type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { type Answer, base62, itemApi, ROLES, type RoleName, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

type FolderBody = {
  id: string;
  board_id: string;
  parent_id: string | null;
  name: string;
  row_version: number;
};

const putFolder = (s: Seeded, token: string, folder: FolderBody, changes: Record<string, unknown>) =>
  api.send('PUT', `/api/${s.team.id}/folders/${folder.id}`, token, {
    board_id: folder.board_id,
    parent_id: folder.parent_id,
    name: folder.name,
    row_version: folder.row_version + 1,
    ...changes,
  });

async function ok(answer: Promise<Answer>) {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const listedFolders = async (s: Seeded, token: string, boardId: string) => {
  const res = await api.send('GET', `/api/${s.team.id}/boards/${boardId}/folders`, token);
  expect(res.status).toBe(200);
  return (res.body as { id: string }[]).map((folder) => folder.id);
};

/** A board with a folder (made by `creator`), a subfolder, an item and a view in the folder. */
async function place(s: Seeded, creator: RoleName = 'owner') {
  const board = await api.newBoard(s);
  const folder = (await ok(
    api.send('PUT', `/api/${s.team.id}/folders/${base62()}`, s[creator].token, {
      board_id: board.id,
      name: 'Secret plans',
      row_version: 1,
    }),
  )) as FolderBody;
  const sub = (await api.newFolder(s, board.id, { parent_id: folder.id, name: 'Secret sub' })) as FolderBody;
  const open = (await api.newFolder(s, board.id, { name: 'Open folder' })) as FolderBody;
  const name = await api.newAttribute(s, board.id, 'text', { name: 'Name', settings: { primary: true } });
  const item = await api.newItem(s, folder.id);
  const subItem = await api.newItem(s, sub.id);
  const view = await ok(
    api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: folder.id,
      type: 'table',
      name: 'Secret table',
      row_version: 1,
    }),
  );
  return { board, folder, sub, open, name, item, subItem, view };
}

type Place = Awaited<ReturnType<typeof place>>;

/** Whether `role` reaches the folder, its subfolder and their records on every read route. */
async function reaches(s: Seeded, p: Place, role: RoleName): Promise<Record<string, boolean>> {
  const token = s[role].token;
  const listed = await listedFolders(s, token, p.board.id);
  const sync = keysOf((await pull(t, token, s.team.id)).changes);
  const status = async (answer: Promise<Answer>) => (await answer).status;
  return {
    listsFolder: listed.includes(p.folder.id),
    listsSub: listed.includes(p.sub.id),
    listsOpen: listed.includes(p.open.id),
    items: (await status(api.listItems(s, token, p.folder.id))) === 200,
    subItems: (await status(api.listItems(s, token, p.sub.id))) === 200,
    views: (await status(api.send('GET', `/api/${s.team.id}/folders/${p.folder.id}/views`, token))) === 200,
    syncFolder: sync.includes(`folder:${p.folder.id}`),
    syncSub: sync.includes(`folder:${p.sub.id}`),
    syncItem: sync.includes(`item:${p.item.id}`),
    syncSubItem: sync.includes(`item:${p.subItem.id}`),
    syncView: sync.includes(`view:${p.view.id}`),
  };
}

const everywhere = (sees: boolean) => ({
  listsFolder: sees,
  listsSub: sees,
  listsOpen: true,
  items: sees,
  subItems: sees,
  views: sees,
  syncFolder: sees,
  syncSub: sees,
  syncItem: sees,
  syncSubItem: sees,
  syncView: sees,
});

/** Every event recorded for the workspace, as subscribers receive them (an item's values after it). */
const allEvents = async (s: Seeded) =>
  expandEvents(await t.app.ctx.db.select().from(events).where(eq(events.teamId, s.team.id))).map((row) => ({
    type: row.type,
    payload: row.payload,
  }));

/** The events recorded for these record ids. */
async function eventsOf(s: Seeded, ids: readonly string[]) {
  return (await allEvents(s)).filter((row) => ids.includes((row.payload as { id: string }).id));
}

describe('hiding a folder', () => {
  // EDIT_FOLDERS by the role defaults: owner, admin, full member.
  const MAY_HIDE = { owner: 200, admin: 200, 'full-member': 200, 'restricted-member': 403, guest: 403 };
  test.each(ROLES)('as %s', async (role) => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const res = await putFolder(s, s[role].token, p.folder, { settings: { hidden: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(MAY_HIDE[role]);
    if (res.status === 200) expect(res.body.settings).toEqual({ hidden: true });
  });

  // Those with EDIT_FOLDERS still see it (marked in the tree); for the others it and everything under it is gone.
  const SEES_HIDDEN = {
    owner: true,
    admin: true,
    'full-member': true,
    'restricted-member': false,
    guest: false,
  };
  test('a hidden folder and its subfolder reach only those with EDIT_FOLDERS, on every read route; showing it brings it back', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const hidden = await ok(putFolder(s, s['full-member'].token, p.folder, { settings: { hidden: true } }));
    for (const role of ROLES) expect(await reaches(s, p, role), role).toEqual(everywhere(SEES_HIDDEN[role]));
    await ok(putFolder(s, s.admin.token, hidden, { settings: { hidden: false } }));
    for (const role of ROLES) expect(await reaches(s, p, role), role).toEqual(everywhere(true));
  });

  test('a hidden subfolder leaves its parent visible', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    await ok(putFolder(s, s.owner.token, p.sub, { settings: { hidden: true } }));
    const listed = await listedFolders(s, s['restricted-member'].token, p.board.id);
    expect(listed).toContain(p.folder.id);
    expect(listed).not.toContain(p.sub.id);
  });
});

describe('making a folder private', () => {
  // MANAGE_PERMISSIONS by the role defaults: owner and admins.
  const MAY_MAKE_PRIVATE = {
    owner: 200,
    admin: 200,
    'full-member': 403,
    'restricted-member': 403,
    guest: 403,
  };
  test.each(ROLES)('as %s', async (role) => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const res = await putFolder(s, s[role].token, p.folder, { settings: { private: true, member_ids: [] } });
    expect(res.status, JSON.stringify(res.body)).toBe(MAY_MAKE_PRIVATE[role]);
  });

  test('a full member renames a private folder they see without touching its privacy', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const settings = { private: true, member_ids: [s['full-member'].id] };
    const secret = await ok(putFolder(s, s.owner.token, p.folder, { settings }));
    const renamed = await ok(putFolder(s, s['full-member'].token, secret, { name: 'Renamed', settings }));
    expect(renamed).toMatchObject({ name: 'Renamed', settings });
    const widened = await putFolder(s, s['full-member'].token, renamed, {
      settings: { private: true, member_ids: [s['full-member'].id, s.guest.id] },
    });
    expect(widened.status).toBe(403);
  });

  // The creator (the full member), the listed guest, the owner and admins; not the restricted member.
  const SEES_PRIVATE = {
    owner: true,
    admin: true,
    'full-member': true,
    'restricted-member': false,
    guest: true,
  };
  test('a private folder and everything under it reach only its creator, its members, the owner and admins, on every read route', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s, 'full-member');
    await ok(
      putFolder(s, s.owner.token, p.folder, { settings: { private: true, member_ids: [s.guest.id] } }),
    );
    for (const role of ROLES) expect(await reaches(s, p, role), role).toEqual(everywhere(SEES_PRIVATE[role]));
  });

  test('writes into a private folder by someone locked out answer as if it did not exist', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const secret = await ok(putFolder(s, s.owner.token, p.folder, { settings: { private: true } }));
    const token = s['full-member'].token;
    expect((await api.putItem(s, token, p.item.id, { row_version: 2 })).status).toBe(404);
    expect((await api.putItem(s, token, uuid(), { folder_id: p.folder.id, row_version: 1 })).status).toBe(
      404,
    );
    expect((await putFolder(s, token, secret, { name: 'Renamed' })).status).toBe(404);
    expect((await api.send('DELETE', `/api/${s.team.id}/folders/${p.folder.id}`, token)).status).toBe(404);
    expect(
      (
        await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, token, {
          folder_id: p.folder.id,
          type: 'table',
          name: 'Mine',
          row_version: 1,
        })
      ).status,
    ).toBe(404);
    const newSub = await api.send('PUT', `/api/${s.team.id}/folders/${base62()}`, token, {
      board_id: p.board.id,
      parent_id: p.folder.id,
      name: 'Sneaky',
      row_version: 1,
    });
    expect(newSub.status).toBe(422);
    const mine = await api.newItem(s, p.open.id, {}, token);
    const moved = await api.putItem(s, token, mine.id, { folder_id: p.folder.id, row_version: 2 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(422);
    // The owner, untouched by any folder rule, still writes there.
    expect((await api.putItem(s, s.owner.token, p.item.id, { row_version: 2 })).status).toBe(200);
  });

  test.each([
    { case: 'hidden that is not a boolean', settings: () => ({ hidden: 'yes' }) },
    { case: 'private that is not a boolean', settings: () => ({ private: 1 }) },
    { case: 'member ids that are not ids', settings: () => ({ private: true, member_ids: ['x'] }) },
    {
      case: 'a member who is not in the workspace',
      settings: (s: Seeded) => ({ private: true, member_ids: [s.outsider.id] }),
    },
  ])('a save with $case is answered 422', async ({ settings }) => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const res = await putFolder(s, s.owner.token, p.folder, { settings: settings(s) });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors[0].path).toMatch(/^settings\./);
  });
});

describe('events of hidden and private folders', () => {
  test.each(['private', 'hidden'] as const)(
    "a %s folder's folder, item and value events carry no data (its subfolder's too); an open folder's do",
    async (setting) => {
      const s = await seedWorkspace(t);
      const p = await place(s);
      await ok(putFolder(s, s.owner.token, p.folder, { settings: { [setting]: true } }));
      const inside = await api.newItem(s, p.sub.id, { values: { [p.name.id]: { data: 'Top secret' } } });
      await ok(
        api.putItem(s, s.owner.token, p.item.id, {
          row_version: 2,
          values: { [p.name.id]: { data: 'Also' } },
        }),
      );
      const outside = await api.newItem(s, p.open.id);
      const restricted = [
        ...(await eventsOf(s, [p.folder.id])).filter((row) => row.type === 'folder.updated'),
        ...(await eventsOf(s, [inside.id])),
        ...(await eventsOf(s, [p.item.id])).filter((row) => row.type === 'item.updated'),
      ];
      expect(restricted.map((row) => row.type).sort()).toEqual([
        'folder.updated',
        'item.created',
        'item.updated',
      ]);
      for (const row of restricted) expect('data' in (row.payload as object), row.type).toBe(false);
      const valueEvents = (await allEvents(s)).filter((row) => row.type.startsWith('value.'));
      expect(valueEvents.length).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(valueEvents)).not.toMatch(/Top secret|Also/);
      for (const row of valueEvents) expect('data' in (row.payload as object), row.type).toBe(false);
      const open = await eventsOf(s, [outside.id]);
      expect(open.map((row) => row.type)).toEqual(['item.created']);
      expect(open[0]!.payload).toMatchObject({ data: { id: outside.id } });
    },
  );

  test('deleting a private folder announces it and its subfolder without data', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    await ok(putFolder(s, s.owner.token, p.folder, { settings: { private: true } }));
    expect((await api.send('DELETE', `/api/${s.team.id}/folders/${p.folder.id}`, s.owner.token)).status).toBe(
      200,
    );
    const deleted = (await eventsOf(s, [p.folder.id, p.sub.id])).filter(
      (row) => row.type === 'folder.deleted',
    );
    expect(deleted).toHaveLength(2);
    for (const row of deleted) expect('data' in (row.payload as object)).toBe(false);
  });
});
