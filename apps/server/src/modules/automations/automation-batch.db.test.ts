import { dayNumberToIso, todayNumber } from '@strata/domain/attributes/date-values';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../db/schema/activity';
import { automationRuns } from '../../db/schema/automations';
import { notifications } from '../../db/schema/notifications';
import { batchable, runAutomationBatch } from './automation-batch';
import { type AutomationSuite, openAutomationSuite } from './automations.fixtures';

let { t, api, s, a } = {} as AutomationSuite;
beforeAll(async () => {
  ({ t, api, s, a } = await openAutomationSuite());
});
afterAll(() => t?.close());

const today = () => dayNumberToIso(todayNumber(Date.now(), 'UTC'));

describe('which recipes run together', () => {
  const set = (value: Record<string, unknown>) => ({ kind: 'set_value', attribute_id: 'a', value }) as const;
  test.each([
    ['one value and a notice', [set({ kind: 'today' }), { kind: 'notify', to: { actor: true } }], true],
    ['values only', [set({ kind: 'today' }), { kind: 'add_member', attribute_id: 'b', user_ids: [1] }], true],
    ['a formula first', [set({ kind: 'formula', expression: '1' }), set({ kind: 'today' })], true],
    ['a formula after a value', [set({ kind: 'today' }), set({ kind: 'formula', expression: '1' })], false],
    ['a comment', [{ kind: 'add_comment', text: 'x' }], false],
    ['a move', [{ kind: 'move_to_folder', folder_id: 'f' }], false],
    ['a new item', [{ kind: 'create_item', folder_id: 'f', values: [] }], false],
  ])('%s', (_name, actions, together) => {
    expect(batchable({ actions } as never)).toBe(together);
  });
});

describe('a fetch of runs performed together', () => {
  test('each run gets its own outcome, once, as if it had run alone', async () => {
    const { board, folder, name } = await api.newPlace(s, { name: 'Batch' });
    const completed = await api.newAttribute(s, board.id, 'date', { name: 'Completed' });
    const owner = await api.newAttribute(s, board.id, 'members', {
      name: 'Owner',
      settings: { multiple: true },
    });
    const count = await api.newAttribute(s, board.id, 'number', { name: 'Count' });
    const item = (title: string, n: number) =>
      api.newItem(s, folder.id, {
        values: { [name.id]: { data: title }, [count.id]: { data: n }, [owner.id]: { data: [s.admin.id] } },
      });
    const big = [await item('One', 9), await item('Two', 9), await item('Three', 9)];
    const small = await item('Small', 1);
    const gone = await item('Gone', 9);
    const twice = await item('Twice', 9);
    const automation = await a.create(board.id, {
      trigger: { kind: 'value_changed', attribute_id: count.id },
      conditions: [{ attribute_id: count.id, operator: 'gt', operand: 5 }],
      actions: [
        { kind: 'set_value', attribute_id: completed.id, value: { kind: 'today' } },
        { kind: 'add_member', attribute_id: owner.id, actor: true },
        { kind: 'notify', to: { attribute_ids: [owner.id] }, message: '{item} counted' },
      ],
    });
    expect((await api.send('DELETE', `/api/${s.team.id}/items/${gone.id}`, s.owner.token)).status).toBe(200);

    // Runs as the trigger writes them, without their jobs: this test hands them to the batch itself.
    const runOf = (itemId: string, key: string) => ({
      teamId: s.team.id,
      automationId: automation.id,
      boardId: board.id,
      runKey: key,
      itemId,
      occurrence: {
        kind: 'value_changed',
        item_id: itemId,
        folder_id: folder.id,
        attribute_id: count.id,
        before: 1,
        after: 9,
      },
      depth: 0,
      actorId: s.owner.id,
    });
    const order = [...big, small, gone, twice, twice];
    const runs = await t.app.ctx.db
      .insert(automationRuns)
      .values(order.map((one, i) => runOf(one.id, `test:${i}`)))
      .returning();
    const jobs = runs.map((run) => ({ teamId: s.team.id, runId: run.id }));
    await runAutomationBatch(t.app.ctx, jobs);
    // Delivered again: nothing more happens.
    await runAutomationBatch(t.app.ctx, jobs);

    const after = await t.app.ctx.db
      .select()
      .from(automationRuns)
      .where(
        inArray(
          automationRuns.id,
          runs.map((run) => run.id),
        ),
      );
    const outcome = (id: string) => {
      const run = after.find((row) => row.id === id)!;
      return [run.state, run.result];
    };
    const changed = {
      changes: [
        { action: 'set_value', detail: 'Completed' },
        { action: 'add_member', detail: 'Owner' },
        { action: 'notify', detail: '2' },
      ],
    };
    expect(runs.map((run) => outcome(run.id))).toEqual([
      ['done', changed],
      ['done', changed],
      ['done', changed],
      ['skipped', { reason: 'conditions_not_met' }],
      ['skipped', { reason: 'item_gone' }],
      ['done', changed],
      ['done', changed],
    ]);
    expect(after.every((run) => run.finishedAt !== null)).toBe(true);

    const listed = (await api.listItems(s, s.owner.token, folder.id)).body as {
      id: string;
      row_version: number;
      values: Record<string, { data: unknown }>;
    }[];
    const copy = (id: string) => listed.find((one) => one.id === id)!;
    for (const one of big) {
      expect(copy(one.id).values[completed.id]?.data).toBe(today());
      expect(copy(one.id).values[owner.id]?.data).toEqual([s.admin.id, s.owner.id]);
      expect(copy(one.id).row_version).toBe(2);
    }
    expect(copy(small.id).values[completed.id]).toBeUndefined();
    // The item run on twice: once in the batch (one write), then alone after it (a write per action).
    expect(copy(twice.id).row_version).toBe(4);

    // Each change by Autobot via the automation.
    const activity = await t.app.ctx.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.teamId, s.team.id),
          inArray(
            activityLog.itemId,
            big.map((one) => one.id),
          ),
          eq(activityLog.event, 'value.created'),
        ),
      );
    expect(activity).toHaveLength(3);
    for (const row of activity) {
      expect(row.userId).toBe(t.app.ctx.autobotId);
      expect(row.changes).toMatchObject({ automation: { id: automation.id } });
    }

    // Told: the owners (the admin named, and the owner the run added), about each item once.
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.teamId, s.team.id),
          eq(notifications.notificationType, 'AutomationItemNotification'),
        ),
      );
    const about = (userId: number) =>
      told
        .filter((row) => row.userId === userId && row.boardId === board.id)
        .map((row) => (row.data as { body: string }).body)
        .sort();
    const expected = ['One counted', 'Three counted', 'Twice counted', 'Twice counted', 'Two counted'];
    expect(about(s.admin.id)).toEqual(expected);
    expect(about(s.owner.id)).toEqual(expected);
    expect(told.filter((row) => row.boardId === board.id)[0]?.data).toMatchObject({
      created_by_name: 'Autobot',
      board_name: 'Batch',
    });

    const listedAutomation = (await a.list(s.owner.token, board.id)).body[0];
    expect(listedAutomation).toMatchObject({ runs_total: 5, runs_this_month: 5 });
  });
});
