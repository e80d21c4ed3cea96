import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, ROLES, type RoleName, uuid } from './items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

describe('attributes', () => {
  test('create, list, update with compare-and-set, conflict, delete (values stay in items)', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const id = uuid();
    const created = await api.putAttribute(s, s['full-member'].token, id, {
      board_id: board.id,
      name: ' Cost ',
      type: 'number',
      settings: { format: 'currency', currency: 'EUR' },
      sort_order: 'a1',
      row_version: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      id,
      object: 'attribute',
      team_id: s.team.id,
      board_id: board.id,
      name: 'Cost',
      type: 'number',
      // Settings come back complete, with the domain's defaults.
      settings: { format: 'currency', currency: 'EUR', decimals: null, thousandsSeparator: true },
      default_data: null,
      sort_order: 'a1',
      created_by: s['full-member'].id,
      deleted: false,
      row_version: 1,
    });
    const listed = (await api.listAttributes(s, s.guest.token, board.id)).body;
    // By sort_order: the name attribute has none, so it comes last.
    expect(listed.map((a: { name: string }) => a.name)).toEqual(['Cost', 'Name']);

    const renamed = await api.putAttribute(s, s.admin.token, id, {
      board_id: board.id,
      name: 'Price',
      type: 'number',
      row_version: 2,
    });
    expect(renamed.body).toMatchObject({ name: 'Price', settings: { currency: 'EUR' }, row_version: 2 });
    const stale = await api.putAttribute(s, s.owner.token, id, {
      board_id: board.id,
      name: 'Old',
      type: 'number',
      row_version: 2,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual(renamed.body);

    const item = await api.newItem(s, folder.id, { values: { [id]: { data: 12 } } });
    expect((await api.send('DELETE', `/api/${s.team.id}/attributes/${id}`, s.owner.token)).status).toBe(200);
    expect(
      (await api.listAttributes(s, s.owner.token, board.id)).body.map((a: { id: string }) => a.id),
    ).not.toContain(id);
    const kept = (await api.listItems(s, s.owner.token, folder.id)).body[0];
    expect(kept.values[id]).toEqual(item.values[id]);
    // A deleted attribute takes no more values.
    const write = await api.putItem(s, s.owner.token, item.id, {
      values: { [id]: { data: 3 } },
      row_version: 2,
    });
    expect(write.status).toBe(422);
    expect(write.body.errors[0]).toMatchObject({ path: `values.${id}`, code: 'UNKNOWN_ATTRIBUTE' });
  });

  const INVALID: [
    label: string,
    body: (boardId: string) => Record<string, unknown>,
    path: string,
    message: string,
  ][] = [
    ['a blank name', (b) => ({ board_id: b, name: '  ', type: 'text' }), 'name', 'The name is required.'],
    [
      'a name taken by the same type',
      (b) => ({ board_id: b, name: 'name', type: 'text' }),
      'name',
      'Attribute with this name and type already exists.',
    ],
    [
      'a second created-at attribute',
      (b) => ({ board_id: b, name: 'Made again', type: 'created_at' }),
      'type',
      'Attribute of this type already exists',
    ],
    [
      'a second name attribute',
      (b) => ({ board_id: b, name: 'Title', type: 'text', settings: { primary: true } }),
      'settings.primary',
      'The board already has a name attribute.',
    ],
    [
      'a label without a name',
      (b) => ({ board_id: b, name: 'Tags', type: 'label', settings: { labels: [{ id: uuid(), name: '' }] } }),
      'settings.labels.0.name',
      'The label name is required.',
    ],
    [
      'default data of the wrong type',
      (b) => ({ board_id: b, name: 'Cost', type: 'number', default_data: 'lots' }),
      'default_data',
      'The value must be a number.',
    ],
    [
      'a formula naming no attribute',
      (b) => ({ board_id: b, name: 'Total', type: 'formula', settings: { formula: '{Nothing} * 2' } }),
      'settings.formula',
      'There is no attribute named "Nothing".',
    ],
  ];
  test.each(INVALID)('refuses %s with the domain error', async (_label, body, path, message) => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    await api.newAttribute(s, board.id, 'created_at', { name: 'Made' });
    const res = await api.putAttribute(s, s.owner.token, uuid(), { ...body(board.id), row_version: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[0]).toMatchObject({ path, message });
  });

  test('board and type are fixed; the name attribute cannot be deleted', async () => {
    const s = await seedWorkspace(t);
    const { board, name } = await api.newPlace(s);
    const other = await api.newBoard(s);
    const move = await api.putAttribute(s, s.owner.token, name.id, {
      board_id: other.id,
      name: 'Name',
      type: 'text',
      row_version: 2,
    });
    expect(move.status).toBe(422);
    const retype = await api.putAttribute(s, s.owner.token, name.id, {
      board_id: board.id,
      name: 'Name',
      type: 'longtext',
      row_version: 2,
    });
    expect(retype.status).toBe(422);
    expect((await api.send('DELETE', `/api/${s.team.id}/attributes/${name.id}`, s.owner.token)).status).toBe(
      422,
    );
    // Handing the name to another text attribute: clear it here, then it may go.
    const unflagged = await api.putAttribute(s, s.owner.token, name.id, {
      board_id: board.id,
      name: 'Name',
      type: 'text',
      settings: { primary: false },
      row_version: 2,
    });
    expect(unflagged.status).toBe(200);
    expect((await api.send('DELETE', `/api/${s.team.id}/attributes/${name.id}`, s.owner.token)).status).toBe(
      200,
    );
  });

  test('a custom ID numbers existing items oldest first, then each new item', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const first = await api.newItem(s, folder.id);
    const second = await api.newItem(s, folder.id);
    const ticket = await api.newAttribute(s, board.id, 'custom_id', { settings: { prefix: 'T-' } });
    const third = await api.newItem(s, folder.id);
    const numbers = Object.fromEntries(
      (await api.listItems(s, s.owner.token, folder.id)).body.map(
        (i: { id: string; values: Record<string, { data: number }> }) => [i.id, i.values[ticket.id]?.data],
      ),
    );
    expect(numbers).toEqual({ [first.id]: 1, [second.id]: 2, [third.id]: 3 });
    expect(third.values[ticket.id]?.data).toBe(3);
    const written = await api.putItem(s, s.owner.token, third.id, {
      values: { [ticket.id]: { data: 9 } },
      row_version: 2,
    });
    expect(written.status).toBe(422);
    expect(written.body.errors[0].code).toBe('NOT_EDITABLE');
  });

  const ALLOWED: Record<string, readonly RoleName[]> = {
    create: ['owner', 'admin', 'full-member'],
    update: ['owner', 'admin', 'full-member'],
    delete: ['owner', 'admin', 'full-member'],
    list: ROLES,
  };
  const ACTIONS: [string, (s: Seeded, token: string) => Promise<{ status: number }>][] = [
    [
      'create',
      async (s, token) =>
        api.putAttribute(s, token, uuid(), {
          board_id: (await api.newBoard(s)).id,
          name: 'N',
          type: 'number',
          row_version: 1,
        }),
    ],
    [
      'update',
      async (s, token) => {
        const board = await api.newBoard(s);
        const attribute = await api.newAttribute(s, board.id, 'number');
        return api.putAttribute(s, token, attribute.id, {
          board_id: board.id,
          name: 'Renamed',
          type: 'number',
          row_version: 2,
        });
      },
    ],
    [
      'delete',
      async (s, token) => {
        const attribute = await api.newAttribute(s, (await api.newBoard(s)).id, 'number');
        return api.send('DELETE', `/api/${s.team.id}/attributes/${attribute.id}`, token);
      },
    ],
    ['list', async (s, token) => api.listAttributes(s, token, (await api.newBoard(s)).id)],
  ];
  test.each(
    ACTIONS.flatMap(([action, act]) =>
      ROLES.map((role) => [action, role, ALLOWED[action]!.includes(role), act] as const),
    ),
  )('attribute %s as %s: allowed %s', async (_action, role, allowed, act) => {
    const s = await seedWorkspace(t);
    const res = await act(s, s[role].token);
    expect(res.status, JSON.stringify(res)).toBe(allowed ? 200 : 403);
  });

  test("a private board's attributes are hidden from those who do not see the board", async () => {
    const s = await seedWorkspace(t);
    const board = await api.newBoard(s, { is_private: true });
    const attribute = await api.newAttribute(s, board.id, 'number');
    for (const role of ['admin', 'full-member', 'restricted-member', 'guest'] as const) {
      const token = s[role].token;
      expect((await api.listAttributes(s, token, board.id)).status).toBe(404);
      const save = await api.putAttribute(s, token, attribute.id, {
        board_id: board.id,
        name: 'Found',
        type: 'number',
        row_version: 2,
      });
      expect(save.status).toBe(404);
      expect((await api.send('DELETE', `/api/${s.team.id}/attributes/${attribute.id}`, token)).status).toBe(
        404,
      );
    }
    expect((await api.listAttributes(s, s.outsider.token, board.id)).status).toBe(404);
  });
});
