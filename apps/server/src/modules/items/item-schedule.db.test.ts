import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from './items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

type Range = { start: string; end: string };
type Link = { item_id: string; type?: string; lag_days?: number };
interface StoredItem {
  id: string;
  row_version: number;
  values: Record<string, { data: unknown }>;
}

/**
 * A board with a plan: a start-and-end date attribute and a dependency attribute scheduling it
 * (every day counts unless `workingWeekdays` says otherwise), and a way to add items to it.
 */
async function planBoard(s: Seeded, workingWeekdays: number[] | null = null) {
  const { board, folder, name } = await api.newPlace(s);
  const plan = await api.newAttribute(s, board.id, 'date_range', { name: 'Plan' });
  const after = await api.newAttribute(s, board.id, 'dependency', {
    name: 'After',
    settings: { schedules: plan.id, workingWeekdays },
  });
  const values = (title: string, range: Range | null, links: Link[] = []) => ({
    [name.id]: { data: title },
    ...(range ? { [plan.id]: { data: range } } : {}),
    ...(links.length > 0 ? { [after.id]: { data: links } } : {}),
  });
  const add = (title: string, range: Range | null, links: Link[] = []) =>
    api.newItem(s, folder.id, { values: values(title, range, links) }) as Promise<StoredItem>;
  const read = async () => {
    const listed = (await api.listItems(s, s.owner.token, folder.id)).body as StoredItem[];
    return new Map(listed.map((item) => [item.values[name.id]?.data as string, item]));
  };
  const rangeOf = (item: StoredItem | undefined) => item?.values[plan.id]?.data ?? null;
  const save = (item: StoredItem, fields: Record<string, unknown>, token = s.owner.token) =>
    api.putItem(s, token, item.id, {
      values: Object.fromEntries(Object.entries(fields).map(([id, data]) => [id, { data }])),
      row_version: item.row_version + 1,
    });
  return { board, folder, ids: { name: name.id, plan: plan.id, after: after.id }, add, read, rangeOf, save };
}

describe('the server keeps a board’s plan', () => {
  test('a predecessor moved later pushes its dependents in the same save; a gap left by the user stays', async () => {
    const s = await seedWorkspace(t);
    const p = await planBoard(s);
    const a = await p.add('A', { start: '2026-03-02', end: '2026-03-04' });
    const b = await p.add('B', { start: '2026-03-05', end: '2026-03-06' }, [{ item_id: a.id }]);
    await p.add('C', { start: '2026-03-12', end: '2026-03-13' }, [{ item_id: b.id }]);
    await p.add('D', { start: '2026-03-07', end: '2026-03-07' }, [
      { item_id: b.id, type: 'SS', lag_days: 1 },
    ]);

    const saved = await p.save(a, { [p.ids.plan]: { start: '2026-03-04', end: '2026-03-06' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await p.read();
    expect(p.rangeOf(after.get('A'))).toEqual({ start: '2026-03-04', end: '2026-03-06' });
    // FS: B starts the day after A ends, keeping its two days.
    expect(p.rangeOf(after.get('B'))).toEqual({ start: '2026-03-07', end: '2026-03-08' });
    expect(after.get('B')!.row_version).toBe(b.row_version + 1);
    // C already started after B's new end: its gap stays. D (SS +1) must start by the 8th.
    expect(p.rangeOf(after.get('C'))).toEqual({ start: '2026-03-12', end: '2026-03-13' });
    expect(p.rangeOf(after.get('D'))).toEqual({ start: '2026-03-08', end: '2026-03-08' });
  });

  test('a dependent saved too early is pushed to where its links allow, in the answer itself', async () => {
    const s = await seedWorkspace(t);
    const p = await planBoard(s);
    const a = await p.add('A', { start: '2026-03-02', end: '2026-03-04' });
    const b = await p.add('B', { start: '2026-03-10', end: '2026-03-12' });
    const saved = await p.save(b, { [p.ids.after]: [{ item_id: a.id, type: 'FS', lag_days: 7 }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // FS +7: start >= 4 + 1 + 7 = the 12th; three days kept.
    expect(saved.body.values[p.ids.plan].data).toEqual({ start: '2026-03-12', end: '2026-03-14' });
    expect(p.rangeOf((await p.read()).get('B'))).toEqual({ start: '2026-03-12', end: '2026-03-14' });
  });

  test('with working days, a dependent pushed past a weekend starts on Monday and keeps its working days', async () => {
    const s = await seedWorkspace(t);
    const p = await planBoard(s, [1, 2, 3, 4, 5]);
    // 2026-03-06 is a Friday.
    const a = await p.add('A', { start: '2026-03-04', end: '2026-03-05' });
    await p.add('B', { start: '2026-03-06', end: '2026-03-09' }, [{ item_id: a.id }]);
    await p.save(a, { [p.ids.plan]: { start: '2026-03-05', end: '2026-03-06' } });
    // B had two working days (Friday and Monday): now Monday and Tuesday.
    expect(p.rangeOf((await p.read()).get('B'))).toEqual({ start: '2026-03-09', end: '2026-03-10' });
  });

  test('an item created with links through save-multiple is placed after its predecessor', async () => {
    const s = await seedWorkspace(t);
    const p = await planBoard(s);
    const a = await p.add('A', { start: '2026-03-02', end: '2026-03-04' });
    const id = uuid();
    const res = await api.send('POST', `/api/${s.team.id}/save-multiple`, s.owner.token, [
      {
        type: 'item',
        op: 'put',
        id,
        body: {
          folder_id: p.folder.id,
          row_version: 1,
          values: {
            [p.ids.name]: { data: 'New' },
            [p.ids.plan]: { data: { start: '2026-03-01', end: '2026-03-02' } },
            [p.ids.after]: { data: [{ item_id: a.id }] },
          },
        },
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(p.rangeOf((await p.read()).get('New'))).toEqual({ start: '2026-03-05', end: '2026-03-06' });
  });

  test.each([
    { case: 'itself', message: 'An item cannot depend on itself.', code: 'DEPENDENCY_SELF' },
    {
      case: 'another board',
      message: 'The item it depends on is not on this board.',
      code: 'DEPENDENCY_UNKNOWN_ITEM',
    },
    {
      case: 'a deleted item',
      message: 'The item it depends on is not on this board.',
      code: 'DEPENDENCY_UNKNOWN_ITEM',
    },
    {
      case: 'a cycle',
      message: 'These dependencies form a cycle: A -> B -> C -> A',
      code: 'DEPENDENCY_CYCLE',
    },
  ])('a link to $case is refused (422) and nothing is written', async ({ case: kind, message, code }) => {
    const s = await seedWorkspace(t);
    const p = await planBoard(s);
    const a = await p.add('A', { start: '2026-03-02', end: '2026-03-04' });
    const b = await p.add('B', { start: '2026-03-05', end: '2026-03-06' }, [{ item_id: a.id }]);
    const c = await p.add('C', { start: '2026-03-07', end: '2026-03-08' }, [{ item_id: b.id }]);
    let target = a.id;
    if (kind === 'another board') {
      const other = await api.newPlace(s);
      target = (await api.newItem(s, other.folder.id, {})).id;
    } else if (kind === 'a deleted item') {
      const gone = await p.add('Gone', null);
      expect((await api.send('DELETE', `/api/${s.team.id}/items/${gone.id}`, s.owner.token)).status).toBe(
        200,
      );
      target = gone.id;
    } else if (kind === 'a cycle') target = c.id;
    const before = await p.read();
    const res = await p.save(a, {
      [p.ids.after]: [{ item_id: target }],
      [p.ids.plan]: { start: '2026-03-20', end: '2026-03-21' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[0]).toMatchObject({
      code,
      path: expect.stringMatching(new RegExp(`^values\\.${p.ids.after}`)),
    });
    const after = await p.read();
    for (const title of ['A', 'B', 'C'])
      expect(after.get(title)!.row_version, title).toBe(before.get(title)!.row_version);
  });

  test('a predecessor deleted later does not stop its dependent’s next saves', async () => {
    const s = await seedWorkspace(t);
    const p = await planBoard(s);
    const a = await p.add('A', { start: '2026-03-02', end: '2026-03-04' });
    const b = await p.add('B', { start: '2026-03-05', end: '2026-03-06' }, [{ item_id: a.id }]);
    expect((await api.send('DELETE', `/api/${s.team.id}/items/${a.id}`, s.owner.token)).status).toBe(200);
    const moved = await p.save(b, { [p.ids.plan]: { start: '2026-03-01', end: '2026-03-02' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.values[p.ids.plan].data).toEqual({ start: '2026-03-01', end: '2026-03-02' });
    // A new link next to the dangling one is judged on its own.
    const c = await p.add('C', null);
    const linked = await api.putItem(s, s.owner.token, b.id, {
      values: { [p.ids.after]: { data: [{ item_id: a.id }, { item_id: c.id }] } },
      row_version: moved.body.row_version + 1,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  });

  test('without a scheduled attribute, links are checked and nothing moves', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const after = await api.newAttribute(s, board.id, 'dependency', { name: 'After' });
    const a = (await api.newItem(s, folder.id, {})) as StoredItem;
    const self = await api.putItem(s, s.owner.token, a.id, {
      values: { [after.id]: { data: [{ item_id: a.id }] } },
      row_version: 2,
    });
    expect(self.status).toBe(422);
    const b = (await api.newItem(s, folder.id, {
      values: { [after.id]: { data: [{ item_id: a.id, type: 'SF', lag_days: -3 }] } },
    })) as StoredItem;
    expect(b.values[after.id]!.data).toEqual([{ item_id: a.id, type: 'SF', lag_days: -3 }]);
  });

  test('a board has one dependency attribute', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    await api.newAttribute(s, board.id, 'dependency', { name: 'After' });
    const second = await api.putAttribute(s, s.owner.token, uuid(), {
      board_id: board.id,
      name: 'Blocked by',
      type: 'dependency',
      row_version: 1,
    });
    expect(second.status).toBe(422);
    expect(second.body.message).toBe('Attribute of this type already exists');
  });
});
