import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { automationUsage } from '../../db/schema/automations';
import { ROLES, type RoleName, uuid } from '../items/items.fixtures';
import { type AutomationSuite, openAutomationSuite } from './automations.fixtures';

let { t, api, s, a } = {} as AutomationSuite;
beforeAll(async () => {
  ({ t, api, s, a } = await openAutomationSuite());
});
afterAll(() => t?.close());

const tokenOf = (role: RoleName) => s[role].token;

async function place() {
  const { board, folder } = await api.newPlace(s, { name: 'Launch' });
  const due = await api.newAttribute(s, board.id, 'date', { name: 'Due' });
  return { board, folder, due };
}

const stampRecipe = (attributeId: string | null) => ({
  trigger: { kind: 'item_created' },
  actions: [{ kind: 'set_value', attribute_id: attributeId, value: { kind: 'today' } }],
});

describe('saving automations', () => {
  test('a draft with blanks is kept while off and tells what is missing; it cannot be switched on', async () => {
    const { board, due } = await place();
    const id = uuid();
    const draft = await a.save(s.owner.token, id, {
      board_id: board.id,
      name: 'Stamp',
      enabled: false,
      recipe: stampRecipe(null),
      row_version: 1,
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body).toMatchObject({
      enabled: false,
      problems: [{ path: 'actions.0.attribute_id', code: 'REQUIRED' }],
      runs_total: 0,
      runs_this_month: 0,
      created_by: s.owner.id,
    });
    const on = await a.save(s.owner.token, id, {
      board_id: board.id,
      name: 'Stamp',
      enabled: true,
      recipe: stampRecipe(null),
      row_version: 2,
    });
    expect(on.status).toBe(422);
    expect(on.body.message).toBe('The automation is not complete or not valid');
    expect(on.body.errors.map((error: { path: string }) => error.path)).toEqual([
      'recipe.actions.0.attribute_id',
    ]);
    // Refused: nothing changed.
    expect((await a.list(s.owner.token, board.id)).body[0]).toMatchObject({ row_version: 1, enabled: false });

    const done = await a.save(s.owner.token, id, {
      board_id: board.id,
      name: 'Stamp the day',
      enabled: true,
      recipe: stampRecipe(due.id),
      row_version: 2,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ enabled: true, name: 'Stamp the day', problems: [], row_version: 2 });
  });

  test('an attribute deleted after the save shows as a problem of the automation', async () => {
    const { board, due } = await place();
    const saved = await a.create(board.id, stampRecipe(due.id));
    const deleted = await api.send('DELETE', `/api/${s.team.id}/attributes/${due.id}`, s.owner.token);
    expect(deleted.status).toBe(200);
    const listed = (await a.list(s.owner.token, board.id)).body.find(
      (row: { id: string }) => row.id === saved.id,
    );
    expect(listed.problems).toEqual([{ path: 'actions.0.attribute_id', code: 'UNKNOWN_ATTRIBUTE' }]);
  });

  test('saves compare and set; a stale save answers 409 with the current copy', async () => {
    const { board, due } = await place();
    const saved = await a.create(board.id, stampRecipe(due.id));
    const body = { board_id: board.id, name: 'Renamed', enabled: false, recipe: stampRecipe(due.id) };
    expect((await a.save(s.owner.token, saved.id, { ...body, row_version: 2 })).status).toBe(200);
    const stale = await a.save(s.owner.token, saved.id, { ...body, name: 'Late', row_version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ name: 'Renamed', row_version: 2 });
  });

  test.each<[string, Record<string, unknown>]>([
    ['an unknown trigger', { trigger: { kind: 'item_exploded' }, actions: [] }],
    ['an action without its kind', { trigger: { kind: 'item_created' }, actions: [{ attribute_id: 'x' }] }],
    ['a wrong time of day', { trigger: { kind: 'schedule', schedule: { every: 'day', at: '9am' } } }],
    [
      'too many actions',
      { trigger: { kind: 'item_created' }, actions: Array(11).fill({ kind: 'delete_item' }) },
    ],
  ])('%s is refused with 422 and nothing stored', async (_name, recipe) => {
    const { board } = await place();
    const res = await a.save(s.owner.token, uuid(), {
      board_id: board.id,
      name: 'Bad',
      enabled: false,
      recipe,
      row_version: 1,
    });
    expect(res.status).toBe(422);
    expect((await a.list(s.owner.token, board.id)).body).toEqual([]);
  });

  test('an automation is moved to no other board, and a deleted one is gone', async () => {
    const { board, due } = await place();
    const other = await place();
    const saved = await a.create(board.id, stampRecipe(due.id));
    const moved = await a.save(s.owner.token, saved.id, {
      board_id: other.board.id,
      name: 'Moved',
      enabled: false,
      recipe: stampRecipe(due.id),
      row_version: 2,
    });
    expect(moved.status).toBe(404);
    expect((await a.remove(s.owner.token, saved.id)).status).toBe(200);
    expect((await a.list(s.owner.token, board.id)).body).toEqual([]);
    expect((await a.remove(s.owner.token, saved.id)).status).toBe(404);
    expect((await a.runs(s.owner.token, saved.id)).status).toBe(404);
  });
});

describe('who may manage automations (MANAGE_AUTOMATIONS)', () => {
  const allowed: RoleName[] = ['owner', 'admin', 'full-member'];
  const denied = ROLES.filter((role) => !allowed.includes(role));

  test.each(allowed)('%s lists, saves and deletes', async (role) => {
    const { board, due } = await place();
    const id = uuid();
    const body = {
      board_id: board.id,
      name: role,
      enabled: true,
      recipe: stampRecipe(due.id),
      row_version: 1,
    };
    expect((await a.save(tokenOf(role), id, body)).status).toBe(200);
    expect((await a.list(tokenOf(role), board.id)).body.map((row: { id: string }) => row.id)).toEqual([id]);
    expect((await a.runs(tokenOf(role), id)).status).toBe(200);
    expect((await a.remove(tokenOf(role), id)).status).toBe(200);
  });

  test.each(denied)('%s may not list, save or delete', async (role) => {
    const { board, due } = await place();
    const saved = await a.create(board.id, stampRecipe(due.id));
    const body = {
      board_id: board.id,
      name: role,
      enabled: true,
      recipe: stampRecipe(due.id),
      row_version: 1,
    };
    expect((await a.list(tokenOf(role), board.id)).status).toBe(403);
    expect((await a.save(tokenOf(role), uuid(), body)).status).toBe(403);
    expect((await a.save(tokenOf(role), saved.id, { ...body, row_version: 2 })).status).toBe(403);
    expect((await a.remove(tokenOf(role), saved.id)).status).toBe(403);
    expect((await a.runs(tokenOf(role), saved.id)).status).toBe(403);
    expect((await a.list(s.owner.token, board.id)).body).toMatchObject([{ id: saved.id, row_version: 1 }]);
  });
});

describe('plan limits', () => {
  test('a board holds as many automations as the plan allows (free: 10)', async () => {
    const { board, due } = await place();
    for (let i = 0; i < 10; i++) await a.create(board.id, stampRecipe(due.id), { enabled: false });
    const res = await a.save(s.owner.token, uuid(), {
      board_id: board.id,
      name: 'Eleventh',
      enabled: false,
      recipe: stampRecipe(due.id),
      row_version: 1,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('A board has at most 10 automations on this plan.');
  });

  test('with the month’s runs used up, an automation cannot be switched on; usage says so', async () => {
    const { board, due } = await place();
    const saved = await a.create(board.id, stampRecipe(due.id), { enabled: false });
    const before = await a.usage(s.owner.token);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ limit: 250, automations_per_board: 10 });
    await t.app.ctx.db
      .insert(automationUsage)
      .values({ teamId: s.team.id, period: before.body.period, runs: 250 })
      .onConflictDoUpdate({ target: [automationUsage.teamId, automationUsage.period], set: { runs: 250 } });
    try {
      const on = await a.save(s.owner.token, saved.id, {
        board_id: board.id,
        name: 'On',
        enabled: true,
        recipe: stampRecipe(due.id),
        row_version: 2,
      });
      expect(on.status).toBe(422);
      expect(on.body.message).toBe('This workspace has used all its automation runs this month.');
      const usage = await a.usage(s.owner.token);
      expect(usage.body).toMatchObject({ runs: 250, limit: 250, level: 'exceeded' });
      expect(usage.body.days).toHaveLength(30);
      expect(usage.body.boards).toContainEqual({
        board_id: board.id,
        board_name: 'Launch',
        runs: 0,
        automations: 1,
      });
    } finally {
      await t.app.ctx.db
        .update(automationUsage)
        .set({ runs: 0 })
        .where(eqUsage(s.team.id, before.body.period));
    }
  });

  test('guests are not shown the workspace usage', async () => {
    expect((await a.usage(s.guest.token)).status).toBe(403);
    expect((await a.usage(s['restricted-member'].token)).status).toBe(200);
  });
});

const eqUsage = (teamId: number, period: string) =>
  and(eq(automationUsage.teamId, teamId), eq(automationUsage.period, period));
