import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Person, type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { documentSnapshot } from '../documents/document-html';
import { writeDocument } from '../documents/document-store';
import { itemApi, ROLES, type RoleName, uuid } from '../items/items.fixtures';
import { CSV_BOM } from './csv';
import { PAGE_COLUMN } from './export-table';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

const exportCsv = (s: Seeded, who: Pick<Person, 'token'>, folderId: string, query = '') =>
  t.request({ method: 'GET', url: `/api/${s.team.id}/folders/${folderId}/export${query}`, token: who.token });

/** The CSV's records without the BOM, split on CRLF (no cell of these boards holds a line break). */
const records = (body: string) => body.slice(CSV_BOM.length).split('\r\n').slice(0, -1);

const DONE = uuid();
const TODO = uuid();

/**
 * A board with a name, number, label, members, date, checkbox and formula attribute, three items
 * (one with a name that looks like a formula) and a subitem of the first.
 */
async function richPlace(s: Seeded) {
  const { board, folder, name } = await api.newPlace(s);
  const at = (n: number) => ({ sort_order: `b${n}` });
  const cost = await api.newAttribute(s, board.id, 'number', { name: 'Cost', ...at(1) });
  const status = await api.newAttribute(s, board.id, 'label', {
    name: 'Status',
    settings: {
      labels: [
        { id: DONE, name: 'Done' },
        { id: TODO, name: 'To do' },
      ],
    },
    ...at(2),
  });
  const owner = await api.newAttribute(s, board.id, 'members', { name: 'Owner', ...at(3) });
  const due = await api.newAttribute(s, board.id, 'date', { name: 'Due', ...at(4) });
  const ok = await api.newAttribute(s, board.id, 'checkbox', { name: 'OK', ...at(5) });
  await api.newAttribute(s, board.id, 'formula', {
    name: 'Double',
    settings: { formula: `{${cost.id}} * 2` },
    ...at(6),
  });
  const values = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).map(([id, data]) => [id, { data }]));
  const alpha = await api.newItem(s, folder.id, {
    sort_order: 'a1',
    values: values({
      [name.id]: 'Alpha, first',
      [cost.id]: 10,
      [status.id]: [DONE],
      [owner.id]: [s.admin.id],
      [due.id]: '2026-03-20',
      [ok.id]: true,
    }),
  });
  await api.newItem(s, folder.id, {
    sort_order: 'a2',
    values: values({ [name.id]: '=HYPERLINK("x")', [cost.id]: 2, [status.id]: [TODO] }),
  });
  await api.newItem(s, folder.id, { sort_order: 'a3', values: values({ [name.id]: 'Gamma' }) });
  await api.newItem(s, folder.id, {
    parent_id: alpha.id,
    sort_order: 'a1',
    values: values({ [name.id]: 'Alpha step', [cost.id]: -5 }),
  });
  return { board, folder, ids: { name: name.id, cost: cost.id, status: status.id, ok: ok.id } };
}

describe('the file', () => {
  test('without a view: every item in folder order, subitems after their parent, every attribute', async () => {
    const s = await seedWorkspace(t);
    const { folder } = await richPlace(s);
    const res = await exportCsv(s, s.owner, folder.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Folder.csv"; filename*=UTF-8''Folder.csv`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(records(res.body)).toEqual([
      'Name,Cost,Status,Owner,Due,OK,Double,Parent',
      '"Alpha, first",10,Done,A admin,2026-03-20,true,20,',
      'Alpha step,-5,,,,false,-10,"Alpha, first"',
      `"'=HYPERLINK(""x"")",2,To do,,,false,4,`,
      'Gamma,,,,,false,0,',
    ]);
  });

  test('with a view: its filter, sort and hidden attributes, in its column order', async () => {
    const s = await seedWorkspace(t);
    const { folder, ids } = await richPlace(s);
    const view = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: folder.id,
      type: 'table',
      name: 'Costly',
      settings: {
        filters: [{ attribute_id: ids.cost, operator: 'gt', operand: 1 }],
        sort: [{ attribute_id: ids.cost, direction: 'asc' }],
        hidden_attribute_ids: [ids.ok, ids.status],
        attribute_order: [ids.cost],
      },
      row_version: 1,
    });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const res = await exportCsv(s, s.owner, folder.id, `?view_id=${view.body.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(records(res.body)).toEqual([
      'Name,Cost,Owner,Due,Double,Parent',
      `"'=HYPERLINK(""x"")",2,,,4,`,
      '"Alpha, first",10,A admin,2026-03-20,20,',
      'Alpha step,-5,,,-10,"Alpha, first"',
    ]);
  });

  test('a view that hides subitems leaves them and the Parent column out', async () => {
    const s = await seedWorkspace(t);
    const { folder } = await richPlace(s);
    const view = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: folder.id,
      type: 'list',
      name: 'Flat',
      settings: { show_subitems: false },
      row_version: 1,
    });
    const res = await exportCsv(s, s.owner, folder.id, `?view_id=${view.body.id}`);
    expect(records(res.body)).toHaveLength(4);
    expect(records(res.body)[0]).toBe('Name,Cost,Status,Owner,Due,OK,Double');
  });

  test('the file name is the folder name, cleaned, in UTF-8', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    const folder = await api.newFolder(s, board.id, { name: 'خطة/Q1: "big"' });
    const res = await exportCsv(s, s.owner, folder.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____Q1_ _big_.csv"; filename*=UTF-8''${encodeURIComponent('خطة_Q1_ _big_.csv')}`,
    );
  });

  test('a view of another folder, a deleted view, or a stranger id is a 404 that tells nothing', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await richPlace(s);
    const other = await api.newFolder(s, board.id);
    const foreign = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: other.id,
      type: 'table',
      name: 'Elsewhere',
      row_version: 1,
    });
    for (const query of [`?view_id=${foreign.body.id}`, `?view_id=${uuid()}`]) {
      const res = await exportCsv(s, s.owner, folder.id, query);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Alpha');
    }
    expect((await exportCsv(s, s.owner, folder.id, '?view_id=nope')).statusCode).toBe(422);
    expect((await exportCsv(s, s.owner, 'NoSuchFoldr')).statusCode).toBe(404);
    expect((await exportCsv(s, s.outsider, folder.id)).statusCode).toBe(404);
  });
});

describe('who may export', () => {
  // The domain defaults: EXPORT for every role but guests.
  const ALLOWED: Record<RoleName, boolean> = {
    owner: true,
    admin: true,
    'full-member': true,
    'restricted-member': true,
    guest: false,
  };
  test.each(ROLES)('as %s by the role defaults', async (role) => {
    const s = await seedWorkspace(t);
    const { folder } = await richPlace(s);
    const res = await exportCsv(s, s[role], folder.id);
    if (ALLOWED[role]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('Alpha step');
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This action is unauthorized.' });
      expect(res.body).not.toContain('Alpha');
    }
  });

  test.each(ROLES)("a board record's EXPORT deny for full members, as %s", async (role) => {
    const s = await seedWorkspace(t);
    const { board, folder } = await richPlace(s);
    const saved = await api.send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
      resource_type: 'board',
      resource_id: board.id,
      permissions: ['EXPORT:deny:role:full-member'],
      final_permissions: [],
      row_version: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const allowed = ALLOWED[role] && role !== 'full-member';
    expect((await exportCsv(s, s[role], folder.id)).statusCode).toBe(allowed ? 200 : 403);
  });

  test("a private board's export is a 404 to a workspace member who is not on it", async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await richPlace(s);
    const current = await api.send('GET', `/api/boards/${board.id}`, s.owner.token);
    const made = await api.send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
      name: current.body.name,
      is_private: true,
      user_ids: [s.owner.id, s.admin.id],
      row_version: current.body.row_version + 1,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const refused = await exportCsv(s, s['full-member'], folder.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Alpha');
    expect((await exportCsv(s, s.admin, folder.id)).statusCode).toBe(200);
  });

  test('a password-protected board is refused (403 BOARD_LOCKED) until unlocked', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await richPlace(s);
    const current = await api.send('GET', `/api/boards/${board.id}`, s.owner.token);
    const locked = await api.send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
      name: current.body.name,
      password: 'open sesame',
      row_version: current.body.row_version + 1,
    });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    const who = s['restricted-member'];
    const refused = await exportCsv(s, who, folder.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BOARD_LOCKED' });
    expect(refused.body).not.toContain('Alpha');
    const unlocked = await api.send('POST', `/api/${s.team.id}/boards/${board.id}/unlock`, who.token, {
      password: 'open sesame',
    });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    const res = await exportCsv(s, who, folder.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Alpha step');
  });
});

describe('pages in the export', () => {
  test('items with a page get its text in a Page column; an export without pages has none', async () => {
    const s = await seedWorkspace(t);
    const { folder, name } = await api.newPlace(s);
    const plan = (await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Plan' } } })) as {
      id: string;
    };
    await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Notes' } } });
    const before = records((await exportCsv(s, s.owner, folder.id)).body);
    expect(before[0]).not.toContain(PAGE_COLUMN);
    const doc = new Y.Doc();
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('We ship on Friday, "late".')]);
    doc.getXmlFragment('default').insert(0, [paragraph]);
    await writeDocument(
      t.app.ctx,
      { teamId: s.team.id, itemId: plan.id, userId: s.owner.id },
      Y.encodeStateAsUpdate(doc),
      documentSnapshot(doc),
    );
    const lines = records((await exportCsv(s, s.owner, folder.id)).body);
    expect(lines[0]!.split(',').at(-1)).toBe(PAGE_COLUMN);
    const byName = new Map(lines.slice(1).map((line) => [line.split(',')[0], line]));
    expect(byName.get('Plan')!.endsWith(',"We ship on Friday, ""late""."')).toBe(true);
    expect(byName.get('Notes')!.endsWith(',')).toBe(true);
  });
});
