import type { SharedLink } from '@strata/contracts/shared-links';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryCounter } from '../../test/query-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
let views: Record<string, { id: string; folderId: string }>;

async function putView(
  folderId: string,
  body: { type: string; name: string; settings: Record<string, unknown>; visibility?: string },
  token = s.owner.token,
) {
  const id = uuid();
  const res = await api.send('PUT', `/api/${s.team.id}/views/${id}`, token, {
    folder_id: folderId,
    row_version: 1,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id, folderId };
}

beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
  s = await seedWorkspace(t);
  const { folder } = await api.newPlace(s, { name: 'Intake' });
  views = {
    form: await putView(folder.id, { type: 'form', name: 'Requests', settings: { shared: true } }),
    site: await putView(folder.id, { type: 'documents', name: 'Handbook', settings: { published: true } }),
    draftForm: await putView(folder.id, { type: 'form', name: 'Draft', settings: { shared: false } }),
    // A documents view whose settings say shared (a form's switch) is not published.
    wrongSwitch: await putView(folder.id, { type: 'documents', name: 'Notes', settings: { shared: true } }),
    personal: await putView(folder.id, {
      type: 'documents',
      name: 'Mine',
      settings: { published: true },
      visibility: 'personal',
    }),
    table: await putView(folder.id, {
      type: 'table',
      name: 'All',
      settings: { shared: true, published: true },
    }),
  };
});
afterAll(() => t?.close());

async function links(token: string, teamId = s.team.id) {
  return t.request({ method: 'GET', url: `/api/${teamId}/shared-links`, token });
}

describe('shared links', () => {
  test("the workspace's shared forms and published sites, with who shared them and where", async () => {
    const res = await links(s.owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: SharedLink[] }).data;
    expect(data.map((link) => [link.kind, link.name, link.path]).sort()).toEqual(
      [
        ['form', 'Requests', `/form/${views.form!.id}`],
        ['site', 'Handbook', `/p/e${s.team.id}-${views.site!.id}`],
      ].sort(),
    );
    for (const link of data) {
      expect(link.board_name).toBe('Intake');
      expect(link.shared_by).toEqual({ id: s.owner.id, name: expect.any(String) });
      expect(link.can_stop).toBe(true);
      expect(link.visitors).toBeNull();
    }
  });

  test.each([
    ['admin', true],
    ['full-member', true],
    ['restricted-member', false],
    ['guest', false],
  ] as const)('%s sees them; may stop them: %s', async (role, mayStop) => {
    const data = ((await links(s[role].token)).json() as { data: SharedLink[] }).data;
    expect(data).toHaveLength(2);
    expect(data.every((link) => link.can_stop === mayStop)).toBe(true);
  });

  test('someone outside the workspace gets 404', async () => {
    expect((await links(s.outsider.token)).statusCode).toBe(404);
  });

  test('stopped (the view saved with its switch off), a link leaves the list and its site answers 404', async () => {
    const before = ((await links(s.owner.token)).json() as { data: SharedLink[] }).data;
    const site = before.find((link) => link.kind === 'site')!;
    if (!site.view) throw new Error('a site link names its view');
    const saved = await api.send('PUT', `/api/${s.team.id}/views/${site.view.id}`, s.owner.token, {
      folder_id: site.view.folder_id,
      type: site.view.type,
      name: site.view.name,
      settings: { ...site.view.settings, published: false },
      row_version: site.view.row_version + 1,
    });
    expect(saved.status).toBe(200);
    const after = ((await links(s.owner.token)).json() as { data: SharedLink[] }).data;
    expect(after.map((link) => link.kind)).toEqual(['form']);
    expect((await t.request({ method: 'GET', url: site.path })).statusCode).toBe(404);
  });

  test('a public board is listed with who made it public; who may change its details may stop it', async () => {
    const board = await api.newBoard(s, { name: 'Roadmap' });
    const shared = await api.send('PUT', `/api/${s.team.id}/boards/${board.id}/sharing`, s.admin.token, {
      is_public: true,
    });
    expect(shared.status).toBe(200);
    const listed = (token: string) =>
      links(token).then((res) =>
        (res.json() as { data: SharedLink[] }).data.find(
          (link) => link.board_id === board.id && link.kind === 'board',
        ),
      );
    expect(await listed(s.owner.token)).toMatchObject({
      view: null,
      name: 'Roadmap',
      board_name: 'Roadmap',
      folder_name: null,
      path: `/b/${board.id}`,
      shared_by: { id: s.admin.id },
      can_stop: true,
      visitors: { rights: 'view', comments: false },
    });
    // What visitors may do there shows in the list as the board's sharing says.
    await api.send('PUT', `/api/${s.team.id}/boards/${board.id}/sharing`, s.admin.token, {
      is_public: true,
      visitor_rights: 'edit_own',
      visitor_comments: true,
    });
    expect((await listed(s.owner.token))?.visitors).toEqual({ rights: 'edit_own', comments: true });
    expect((await listed(s['full-member'].token))?.can_stop).toBe(true);
    expect((await listed(s['restricted-member'].token))?.can_stop).toBe(false);
    await api.send('PUT', `/api/${s.team.id}/boards/${board.id}/sharing`, s.owner.token, {
      is_public: false,
    });
    expect(await listed(s.owner.token)).toBeUndefined();
  });
});

describe('pages shared alone', () => {
  test('each is listed by its title, and more views sharing pages cost no more reads', async () => {
    const w = await seedWorkspace(t);
    const { folder, name } = await api.newPlace(w, { name: 'Wiki' });
    const page = async (title: string) =>
      (await api.newItem(w, folder.id, { values: { [name.id]: { data: title } } })) as { id: string };
    const [a, b, c] = [await page('Onboarding'), await page('Holidays'), await page('Expenses')];
    const share = (pages: string[]) =>
      api.send('PUT', `/api/${w.team.id}/views/${uuid()}`, w.owner.token, {
        folder_id: folder.id,
        type: 'documents',
        name: 'Pages',
        settings: { shared_pages: pages },
        row_version: 1,
      });
    const list = () =>
      t.request({ method: 'GET', url: `/api/${w.team.id}/shared-links`, token: w.owner.token });
    const counter = queryCounter(t.app.ctx.db);
    expect((await share([a.id])).status).toBe(200);
    const one = await counter.fewest(list);
    expect((await share([b.id])).status).toBe(200);
    expect((await share([c.id, a.id])).status).toBe(200);
    const three = await counter.fewest(list);
    expect(three.queries).toBe(one.queries);
    const names = (three.result.json() as { data: SharedLink[] }).data
      .filter((link) => link.kind === 'page')
      .map((link) => link.name);
    expect(names.sort()).toEqual(['Expenses', 'Holidays', 'Onboarding', 'Onboarding']);
  });
});
