import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../db/schema/activity';
import { ROLES, type RoleName } from '../items/items.fixtures';
import { settledRuns } from './automation-runs.fixtures';
import { type AutomationSuite, openAutomationSuite } from './automations.fixtures';

let { t, api, s, a } = {} as AutomationSuite;
beforeAll(async () => {
  ({ t, api, s, a } = await openAutomationSuite());
});
afterAll(() => t?.close());

const click = (token: string, itemId: string, attributeId: string) =>
  api.send('POST', `/api/${s.team.id}/items/${itemId}/buttons/${attributeId}`, token);

async function place() {
  const { board, folder, name } = await api.newPlace(s, { name: 'Buttons' });
  const count = await api.newAttribute(s, board.id, 'number', { name: 'Count' });
  const done = await api.newAttribute(s, board.id, 'checkbox', { name: 'Done' });
  return { board, folder, name, count, done };
}

const copyOf = async (folderId: string, itemId: string) =>
  (
    (await api.listItems(s, s.owner.token, folderId)).body as {
      id: string;
      row_version: number;
      values: Record<string, { data: unknown }>;
    }[]
  ).find((item) => item.id === itemId)!;

describe('buttons', () => {
  test('"set values" is performed as the clicker, each value checked by its type', async () => {
    const p = await place();
    const button = await api.newAttribute(s, p.board.id, 'button', {
      name: 'Finish',
      settings: {
        label: 'Finish',
        action: {
          type: 'set_values',
          values: [
            { attribute_id: p.done.id, data: true },
            { attribute_id: p.count.id, data: 3 },
          ],
        },
      },
    });
    const item = await api.newItem(s, p.folder.id, {});
    const res = await click(s['full-member'].token, item.id, button.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ item_row_version: 3, runs: 0 });
    const copy = await copyOf(p.folder.id, item.id);
    expect([copy.values[p.done.id]?.data, copy.values[p.count.id]?.data]).toEqual([true, 3]);
    const rows = await t.app.ctx.db
      .select({ userId: activityLog.userId })
      .from(activityLog)
      .where(and(eq(activityLog.itemId, item.id), eq(activityLog.event, 'value.created')));
    expect(rows.map((row) => row.userId)).toEqual([s['full-member'].id, s['full-member'].id]);
  });

  test('"run this automation" and automations triggered by the button each get one run per click', async () => {
    const p = await place();
    const bump = await a.create(
      p.board.id,
      {
        trigger: { kind: 'item_created', folder_id: 'nowhere' },
        actions: [{ kind: 'set_value', attribute_id: p.count.id, value: { kind: 'fixed', data: 7 } }],
      },
      { enabled: false },
    );
    // Off automations do not run: switch it on with a complete recipe.
    const on = await a.save(s.owner.token, bump.id, {
      board_id: p.board.id,
      name: 'Bump',
      enabled: true,
      recipe: {
        trigger: { kind: 'item_created' },
        conditions: [{ attribute_id: p.done.id, operator: 'is_unchecked' }],
        actions: [{ kind: 'set_value', attribute_id: p.count.id, value: { kind: 'fixed', data: 7 } }],
      },
      row_version: 2,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const button = await api.newAttribute(s, p.board.id, 'button', {
      name: 'Go',
      settings: { label: 'Go', action: { type: 'run_automation', automation_id: bump.id } },
    });
    const listener = await a.create(p.board.id, {
      trigger: { kind: 'button_clicked', attribute_id: button.id },
      actions: [{ kind: 'set_value', attribute_id: p.done.id, value: { kind: 'fixed', data: true } }],
    });
    const item = await api.newItem(s, p.folder.id, {});
    await settledRuns(t, s.team.id, bump.id, 1); // its own trigger: item created
    const res = await click(s.owner.token, item.id, button.id);
    expect(res.body).toMatchObject({ runs: 2 });
    const bumps = await settledRuns(t, s.team.id, bump.id, 2);
    expect(bumps.map((run) => run.runKey.split(':')[0])).toEqual(['event', 'button']);
    await settledRuns(t, s.team.id, listener.id, 1);
    const copy = await copyOf(p.folder.id, item.id);
    expect([copy.values[p.count.id]?.data, copy.values[p.done.id]?.data]).toEqual([7, true]);
  });

  const allowed: RoleName[] = ['owner', 'admin', 'full-member'];
  test.each(ROLES.filter((role) => !allowed.includes(role)))(
    '%s may not click on an item they may not edit',
    async (role) => {
      const p = await place();
      const button = await api.newAttribute(s, p.board.id, 'button', {
        name: 'Finish',
        settings: {
          label: 'Finish',
          action: { type: 'set_values', values: [{ attribute_id: p.done.id, data: true }] },
        },
      });
      const item = await api.newItem(s, p.folder.id, {});
      expect((await click(s[role].token, item.id, button.id)).status).toBe(403);
      expect((await copyOf(p.folder.id, item.id)).values[p.done.id]).toBeUndefined();
    },
  );

  test('an attribute that is not a button, or an item of another board, answers 404', async () => {
    const p = await place();
    const other = await place();
    const button = await api.newAttribute(s, other.board.id, 'button', {
      name: 'Elsewhere',
      settings: { label: 'x' },
    });
    const item = await api.newItem(s, p.folder.id, {});
    expect((await click(s.owner.token, item.id, p.count.id)).status).toBe(404);
    expect((await click(s.owner.token, item.id, button.id)).status).toBe(404);
  });
});
