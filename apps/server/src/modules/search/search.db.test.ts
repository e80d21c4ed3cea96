import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

interface Hit {
  kind: string;
  id: string;
  board_id: string;
  folder_id: string | null;
  item_id: string | null;
  title: string | null;
  board_name: string;
  snippet: string | null;
}

// Item texts are indexed after commit (docs/search.md): a search first waits for what was written.
const search = async (s: Seeded, token: string, query: Record<string, string | number>) => {
  await t.app.dispatcher.settled();
  return api.send(
    'GET',
    `/api/search?${new URLSearchParams({ team_id: String(s.team.id), ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
    token,
  );
};

async function found(s: Seeded, token: string, q: string): Promise<Hit[]> {
  const res = await search(s, token, { q, limit: 50 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A workspace with a board "Launch plan", its folder "Spring", items with texts and comments. */
async function seeded() {
  const s = await seedWorkspace(t);
  const { board, folder, name } = await api.newPlace(s, { name: 'Launch plan' });
  await api.send('PUT', `/api/${s.team.id}/folders/${folder.id}`, s.owner.token, {
    board_id: board.id,
    name: 'Spring campaign',
    row_version: 2,
  });
  const notes = await api.newAttribute(s, board.id, 'longtext', { name: 'Notes' });
  const item = (title: string, extra: Record<string, unknown> = {}) =>
    api.newItem(s, folder.id, { values: { [name.id]: { data: title }, ...extra } });
  const login = await item('Fix login redirect');
  const invoice = await item('Invoice export', {
    [notes.id]: { data: '<p>Totals are <strong>rounded</strong> wrongly in the PDF &amp; CSV</p>' },
  });
  const chinese = await item('新项目计划书');
  const comment = async (itemId: string, html: string) => {
    const res = await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, s.owner.token, {
      board_id: board.id,
      item_id: itemId,
      text: { html },
      row_version: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string };
  };
  const onLogin = await comment(login.id, '<p>The <em>staging</em> server loops forever on Safari</p>');
  return { s, board, folder, name, login, invoice, chinese, onLogin, comment, item };
}

describe('search', () => {
  test('finds items by title and text values, comments, boards and folders, as the table says', async () => {
    const w = await seeded();
    const cases: [string, string, [kind: string, id: string][]][] = [
      ['a title word', 'login', [['item', w.login.id]]],
      ['a word prefix', 'redir', [['item', w.login.id]]],
      ['two words, any order', 'redirect fix', [['item', w.login.id]]],
      ['any case', 'INVOICE', [['item', w.invoice.id]]],
      ['a long text value without its markup', 'rounded pdf', [['item', w.invoice.id]]],
      ['a comment', 'safari', [['comment', w.onLogin.id]]],
      ['a board name', 'launch', [['board', w.board.id]]],
      ['a folder name', 'campaign', [['folder', w.folder.id]]],
      ['Chinese inside a word', '项目', [['item', w.chinese.id]]],
      [
        'inside a word (three characters and more), when no word begins so',
        'nvoic',
        [['item', w.invoice.id]],
      ],
      ['not inside a word below three characters', 'nv', []],
      ['no markup words', 'strong', []],
      // "&amp;" of the invoice's notes is no word; "campaign" holds the letters.
      ['no entity names, but inside a name', 'amp', [['folder', w.folder.id]]],
      ['word beginnings before insides', 'cam', [['folder', w.folder.id]]],
      ['nothing', 'zebra', []],
    ];
    for (const [label, q, expected] of cases) {
      const hits = await found(w.s, w.s.owner.token, q);
      expect(
        hits.map((hit) => [hit.kind, hit.id]),
        label,
      ).toEqual(expected);
    }
  });

  test('a hit names its place, its title and a snippet around the match', async () => {
    const w = await seeded();
    const [invoice] = await found(w.s, w.s.owner.token, 'rounded');
    expect(invoice).toEqual({
      kind: 'item',
      id: w.invoice.id,
      board_id: w.board.id,
      folder_id: w.folder.id,
      item_id: w.invoice.id,
      title: 'Invoice export',
      board_name: 'Launch plan',
      snippet: 'Totals are rounded wrongly in the PDF & CSV',
    });
    const [comment] = await found(w.s, w.s.owner.token, 'staging');
    expect(comment).toMatchObject({
      kind: 'comment',
      id: w.onLogin.id,
      item_id: w.login.id,
      folder_id: w.folder.id,
      title: 'Fix login redirect',
      snippet: 'The staging server loops forever on Safari',
    });
    const [title] = await found(w.s, w.s.owner.token, 'login');
    expect(title).toMatchObject({ title: 'Fix login redirect', snippet: null });
  });

  test('deleted items, comments and folders are not found; an edit is found once the indexer has written it after commit', async () => {
    const w = await seeded();
    const res = await api.send('DELETE', `/api/${w.s.team.id}/comments/${w.onLogin.id}`, w.s.owner.token);
    expect(res.status).toBe(200);
    expect(await found(w.s, w.s.owner.token, 'safari')).toEqual([]);
    const gone = await w.item('Obsolete ticket');
    expect((await found(w.s, w.s.owner.token, 'obsolete')).map((hit) => hit.id)).toEqual([gone.id]);
    expect((await api.send('DELETE', `/api/${w.s.team.id}/items/${gone.id}`, w.s.owner.token)).status).toBe(
      200,
    );
    expect(await found(w.s, w.s.owner.token, 'obsolete')).toEqual([]);
    const edited = await api.putItem(w.s, w.s.owner.token, w.invoice.id, {
      folder_id: w.folder.id,
      values: { [w.name.id]: { data: 'Quarterly receipts' } },
      row_version: 2,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await found(w.s, w.s.owner.token, 'receipts')).map((hit) => hit.id)).toEqual([w.invoice.id]);
  });

  test('only what the caller may see: allowed and denied people', async () => {
    const w = await seeded();
    const secret = await api.newBoard(w.s, { name: 'Secret payroll', is_private: true });
    const folder = await api.newFolder(w.s, secret.id, { name: 'Salaries' });
    const name = await api.newAttribute(w.s, secret.id, 'text', {
      name: 'Name',
      settings: { primary: true },
    });
    const hidden = await api.newItem(w.s, folder.id, {
      values: { [name.id]: { data: 'Payroll secret raise' } },
    });
    const privateFolder = await api.newFolder(w.s, w.board.id, {
      name: 'Hidden plans',
      settings: { private: true, member_ids: [w.s['full-member'].id] },
    });
    const inPrivateFolder = await api.newItem(w.s, privateFolder.id, {
      values: { [w.name.id]: { data: 'Merger talks' } },
    });
    const cases: [string, string, string, string[]][] = [
      ['owner sees the private board', 'owner', 'payroll', [secret.id, hidden.id]],
      ['a member outside the private board does not', 'admin', 'payroll', []],
      ['a member of the private folder finds its item', 'full-member', 'merger', [inPrivateFolder.id]],
      ['a guest does not', 'guest', 'merger', []],
      ['a restricted member does not', 'restricted-member', 'merger', []],
    ];
    for (const [label, role, q, ids] of cases) {
      const token = w.s[role as 'owner'].token;
      expect((await found(w.s, token, q)).map((hit) => hit.id).sort(), label).toEqual([...ids].sort());
    }
    // Another workspace's people find nothing, and learn nothing of it.
    const outsider = await search(w.s, w.s.outsider.token, { q: 'login' });
    expect(outsider.status).toBe(404);
  });

  test('keyset pages: every hit once, best first, then has_more false', async () => {
    const w = await seeded();
    const made = new Set<string>();
    for (let i = 0; i < 7; i += 1) made.add((await w.item(`Paging ticket ${i}`)).id);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await search(w.s, w.s.owner.token, { q: 'paging', limit: 3, ...(after ? { after } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.data.map((hit: Hit) => hit.id));
      after = res.body.has_more ? res.body.after : null;
      if (!res.body.has_more) expect(res.body.after).toBeNull();
    } while (after);
    expect(seen.length).toBe(7);
    expect(new Set(seen)).toEqual(made);
  });

  test('bad queries are refused with a clear message', async () => {
    const w = await seeded();
    const cases: [string, Record<string, string | number>, string][] = [
      ['no q', {}, 'q is required.'],
      ['blank q', { q: '   ' }, 'q is required.'],
      ['q too long', { q: 'x'.repeat(201) }, 'q may be at most 200 characters.'],
      ['limit 0', { q: 'a', limit: 0 }, 'limit must be a whole number from 1 to 50.'],
      ['limit 51', { q: 'a', limit: 51 }, 'limit must be a whole number from 1 to 50.'],
    ];
    for (const [label, query, message] of cases) {
      const res = await search(w.s, w.s.owner.token, query);
      expect(res.status, label).toBe(422);
      expect(res.body.message, label).toBe(message);
    }
    const cursor = await search(w.s, w.s.owner.token, { q: 'login', after: 'not-a-cursor' });
    expect(cursor.status).toBe(422);
    const team = await api.send('GET', '/api/search?q=login&team_id=abc', w.s.owner.token);
    expect(team.status).toBe(422);
    const anonymous = await t.request({ method: 'GET', url: `/api/search?q=login&team_id=${w.s.team.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  test('quotes, operators and markup in a query are text, not syntax', async () => {
    const w = await seeded();
    for (const q of ["login' | !", '<script>', 'a & b', "'; DROP TABLE items; --", '%', '_', '\\']) {
      const res = await search(w.s, w.s.owner.token, { q });
      expect(res.status, q).toBe(200);
    }
    expect((await found(w.s, w.s.owner.token, "login'")).map((hit) => hit.id)).toEqual([w.login.id]);
  });
});
