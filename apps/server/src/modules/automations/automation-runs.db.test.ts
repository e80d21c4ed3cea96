import { dayNumberToIso, todayNumber } from '@strata/domain/attributes/date-values';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../db/schema/activity';
import { automationRuns, automationUsage } from '../../db/schema/automations';
import { notifications } from '../../db/schema/notifications';
import { seedWorkspace } from '../changes/changes.fixtures';
import { uuid } from '../items/items.fixtures';
import { runAutomation } from './automation-runner';
import { settledRuns } from './automation-runs.fixtures';
import { queueRuns } from './automation-trigger';
import { type AutomationSuite, automationApi, openAutomationSuite } from './automations.fixtures';
import { findAutomation } from './automations.repo';

let { t, api, s, a } = {} as AutomationSuite;
beforeAll(async () => {
  ({ t, api, s, a } = await openAutomationSuite());
});
afterAll(() => t?.close());

const today = () => dayNumberToIso(todayNumber(Date.now(), 'UTC'));

async function place() {
  const { board, folder, name } = await api.newPlace(s, { name: 'Launch' });
  const due = await api.newAttribute(s, board.id, 'date', { name: 'Completed' });
  const status = await api.newAttribute(s, board.id, 'label', {
    name: 'Status',
    settings: {
      labels: [
        { id: uuid(), name: 'Working' },
        { id: uuid(), name: 'Done' },
      ],
    },
  });
  const owner = await api.newAttribute(s, board.id, 'members', {
    name: 'Owner',
    settings: { multiple: true },
  });
  const count = await api.newAttribute(s, board.id, 'number', { name: 'Count' });
  const labels = (status.settings as { labels: { id: string }[] }).labels;
  return { board, folder, name, due, status, owner, count, working: labels[0]!.id, done: labels[1]!.id };
}

const itemCopy = async (folderId: string, itemId: string) =>
  (
    (await api.listItems(s, s.owner.token, folderId)).body as {
      id: string;
      row_version: number;
      values: Record<string, { data: unknown }>;
    }[]
  ).find((item) => item.id === itemId)!;

describe('runs', () => {
  test('when an item is created, set a date to today: done as Autobot, logged with what it changed', async () => {
    const p = await place();
    const automation = await a.create(p.board.id, {
      trigger: { kind: 'item_created', folder_id: p.folder.id },
      actions: [{ kind: 'set_value', attribute_id: p.due.id, value: { kind: 'today' } }],
    });
    const item = await api.newItem(s, p.folder.id, { values: { [p.name.id]: { data: 'Plan' } } });
    const [run] = await settledRuns(t, s.team.id, automation.id);
    expect(run).toMatchObject({ state: 'done', itemId: item.id, depth: 0, actorId: s.owner.id });
    expect(run!.result).toEqual({ changes: [{ action: 'set_value', detail: 'Completed' }] });
    const copy = await itemCopy(p.folder.id, item.id);
    expect(copy.values[p.due.id]?.data).toBe(today());
    expect(copy.row_version).toBe(2);
    // The activity says Autobot did it, through which automation.
    const rows = await t.app.ctx.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.teamId, s.team.id),
          eq(activityLog.itemId, item.id),
          eq(activityLog.event, 'value.created'),
        ),
      )
      .orderBy(activityLog.id);
    const byAutobot = rows.filter((row) => row.userId === t.app.ctx.autobotId);
    expect(byAutobot).toHaveLength(1);
    expect(byAutobot[0]!.changes).toMatchObject({ automation: { id: automation.id, name: 'An automation' } });
    const runs = await a.runs(s.owner.token, automation.id);
    expect(runs.body).toMatchObject([{ state: 'done', item_id: item.id }]);
    expect((await a.list(s.owner.token, p.board.id)).body[0]).toMatchObject({
      runs_total: 1,
      runs_this_month: 1,
    });
  });

  test('when Status becomes Done, set Completed to today and notify Owner; other changes do not fire', async () => {
    const p = await place();
    const automation = await a.create(p.board.id, {
      trigger: { kind: 'label_set', attribute_id: p.status.id, label_id: p.done },
      actions: [
        { kind: 'set_value', attribute_id: p.due.id, value: { kind: 'today' } },
        { kind: 'notify', to: { attribute_ids: [p.owner.id] }, message: '{item} is done' },
      ],
    });
    const item = await api.newItem(s, p.folder.id, {
      values: {
        [p.name.id]: { data: 'Ship it' },
        [p.owner.id]: { data: [s.admin.id] },
        [p.status.id]: { data: [p.working] },
      },
    });
    await api.putItem(s, s.owner.token, item.id, { values: { [p.count.id]: { data: 3 } }, row_version: 2 });
    await api.putItem(s, s.owner.token, item.id, {
      values: { [p.status.id]: { data: [p.done] } },
      row_version: 3,
    });
    const runs = await settledRuns(t, s.team.id, automation.id);
    expect(runs.map((run) => run.state)).toEqual(['done']);
    expect(runs[0]!.occurrence).toMatchObject({
      kind: 'value_changed',
      before: [p.working],
      after: [p.done],
    });
    expect((await itemCopy(p.folder.id, item.id)).values[p.due.id]?.data).toBe(today());
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.itemId, item.id),
          eq(notifications.notificationType, 'AutomationItemNotification'),
        ),
      );
    expect(told.map((row) => [row.userId, row.data])).toEqual([
      [
        s.admin.id,
        expect.objectContaining({
          body: 'Ship it is done',
          created_by_name: 'Autobot',
          item_name: 'Ship it',
        }),
      ],
    ]);
  });

  test('moved to a folder, add a comment; conditions that do not hold skip the run without counting it', async () => {
    const p = await place();
    const archive = await api.newFolder(s, p.board.id, { name: 'Archive' });
    const automation = await a.create(p.board.id, {
      trigger: { kind: 'item_moved', folder_id: archive.id },
      conditions: [{ attribute_id: p.count.id, operator: 'gt', operand: 5 }],
      actions: [{ kind: 'add_comment', text: 'Archived {item}' }],
    });
    const small = await api.newItem(s, p.folder.id, {
      values: { [p.name.id]: { data: 'Small' }, [p.count.id]: { data: 1 } },
    });
    const big = await api.newItem(s, p.folder.id, {
      values: { [p.name.id]: { data: 'Big' }, [p.count.id]: { data: 9 } },
    });
    const usage = async () => (await a.usage(s.owner.token)).body.runs as number;
    const before = await usage();
    await api.putItem(s, s.owner.token, small.id, { folder_id: archive.id, row_version: 2 });
    await api.putItem(s, s.owner.token, big.id, { folder_id: archive.id, row_version: 2 });
    const runs = await settledRuns(t, s.team.id, automation.id, 2);
    expect(runs.map((run) => [run.itemId, run.state, run.result])).toEqual([
      [small.id, 'skipped', { reason: 'conditions_not_met' }],
      [big.id, 'done', { changes: [{ action: 'add_comment' }] }],
    ]);
    expect(await usage()).toBe(before + 1);
    const comments = await api.send(
      'GET',
      `/api/${s.team.id}/comments/multiple?item_ids=${big.id}`,
      s.owner.token,
    );
    expect(comments.body.data.map((c: { text: { html: string } }) => c.text.html)).toEqual([
      '<p>Archived Big</p>',
    ]);
  });

  test('a run happens once however often its event or its job comes', async () => {
    const p = await place();
    const automation = await a.create(p.board.id, {
      trigger: { kind: 'item_created' },
      actions: [
        {
          kind: 'set_value',
          attribute_id: p.count.id,
          value: { kind: 'formula', expression: '{Count} + 1' },
        },
      ],
    });
    const item = await api.newItem(s, p.folder.id, { values: { [p.count.id]: { data: 1 } } });
    const [run] = await settledRuns(t, s.team.id, automation.id);
    const row = (await findAutomation(t.app.ctx.db, s.team.id, automation.id))!;
    // The same event handed out again, and the same job delivered again.
    await queueRuns(t.app.ctx, [
      {
        automation: row,
        runKey: run!.runKey,
        itemId: item.id,
        occurrence: run!.occurrence as never,
        depth: 0,
        actorId: s.owner.id,
      },
    ]);
    await runAutomation(t.app.ctx, s.team.id, run!.id);
    await settledRuns(t, s.team.id, automation.id);
    const rows = await t.app.ctx.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automationId, automation.id));
    expect(rows).toHaveLength(1);
    const copy = await itemCopy(p.folder.id, item.id);
    expect([copy.values[p.count.id]?.data, copy.row_version]).toEqual([2, 2]);
  });

  test('an automation that triggers itself stops with its reason', async () => {
    const p = await place();
    const automation = await a.create(p.board.id, {
      trigger: { kind: 'value_changed', attribute_id: p.count.id },
      actions: [
        {
          kind: 'set_value',
          attribute_id: p.count.id,
          value: { kind: 'formula', expression: '{Count} + 1' },
        },
      ],
    });
    const item = await api.newItem(s, p.folder.id, {});
    await api.putItem(s, s.owner.token, item.id, { values: { [p.count.id]: { data: 0 } }, row_version: 2 });
    const runs = await settledRuns(t, s.team.id, automation.id, 11);
    const stopped = runs.filter((run) => run.state === 'skipped');
    expect(stopped.map((run) => run.result)).toEqual([{ reason: 'chain_too_deep' }]);
    expect(runs.filter((run) => run.state === 'done')).toHaveLength(10);
    expect(runs.map((run) => run.depth)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await itemCopy(p.folder.id, item.id)).values[p.count.id]?.data).toBe(10);
  });

  test('a run whose action fails changes nothing; five failures in a row switch it off and tell its creator', async () => {
    const p = await place();
    const automation = await a.create(
      p.board.id,
      {
        trigger: { kind: 'item_created' },
        actions: [
          { kind: 'set_value', attribute_id: p.due.id, value: { kind: 'today' } },
          { kind: 'set_value', attribute_id: p.count.id, value: { kind: 'fixed', data: 'not a number' } },
        ],
      },
      { name: 'Broken' },
    );
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await api.newItem(s, p.folder.id, {}));
    const runs = await settledRuns(t, s.team.id, automation.id, 5);
    expect(runs.map((run) => run.state)).toEqual(Array(5).fill('failed'));
    expect(runs[0]!.result).toMatchObject({ reason: expect.any(String) });
    for (const item of created)
      expect((await itemCopy(p.folder.id, item.id)).values[p.due.id]).toBeUndefined();
    const listed = (await a.list(s.owner.token, p.board.id)).body[0];
    expect(listed).toMatchObject({ enabled: false, off_reason: 'failing' });
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, s.owner.id),
          eq(notifications.notificationType, 'AutomationBoardNotification'),
        ),
      );
    expect(
      told.some((row) => String((row.data as { body?: string }).body).startsWith('Broken: switched off')),
    ).toBe(true);
  });
});

describe('the workspace’s monthly runs', () => {
  test('80 % warns the owner and admins once, 100 % tells them it is exceeded, and runs stop', async () => {
    const p = await place();
    const automation = await a.create(p.board.id, {
      trigger: { kind: 'item_created' },
      actions: [{ kind: 'set_value', attribute_id: p.count.id, value: { kind: 'fixed', data: 1 } }],
    });
    const period = (await a.usage(s.owner.token)).body.period as string;
    const setRuns = (runs: number) =>
      t.app.ctx.db
        .insert(automationUsage)
        .values({ teamId: s.team.id, period, runs })
        .onConflictDoUpdate({ target: [automationUsage.teamId, automationUsage.period], set: { runs } });
    const told = async (type: string) =>
      (
        await t.app.ctx.db
          .select({ userId: notifications.userId, boardId: notifications.boardId })
          .from(notifications)
          .where(and(eq(notifications.teamId, s.team.id), eq(notifications.notificationType, type)))
      )
        .sort((x, y) => x.userId - y.userId)
        // Each names the board whose run crossed the level (its link opens that board's usage).
        .map((row) => [row.userId, row.boardId]);
    const everyone = () =>
      [s.owner.id, s.admin.id].sort((x, y) => x - y).map((userId) => [userId, p.board.id]);
    try {
      await setRuns(199);
      await api.newItem(s, p.folder.id, {});
      await api.newItem(s, p.folder.id, {});
      await settledRuns(t, s.team.id, automation.id, 2);
      expect(await told('AutomationRunsWarningNotification')).toEqual(everyone());
      await setRuns(249);
      await api.newItem(s, p.folder.id, {});
      await api.newItem(s, p.folder.id, {});
      const runs = await settledRuns(t, s.team.id, automation.id, 4);
      expect(runs.map((run) => run.state)).toEqual(['done', 'done', 'done', 'skipped']);
      expect(runs[3]!.result).toEqual({ reason: 'runs_exceeded' });
      expect(await told('AutomationRunsExceededNotification')).toEqual(everyone());
      expect(await told('AutomationRunsWarningNotification')).toHaveLength(2);
      expect((await a.usage(s.owner.token)).body).toMatchObject({ runs: 250, level: 'exceeded' });
    } finally {
      await setRuns(0);
    }
  });
});

describe('hidden and private folders', () => {
  test('a value changed on an item of a hidden or a private folder fires as anywhere else', async () => {
    const p = await place();
    const folderWith = async (settings: Record<string, unknown>) => {
      const folder = await api.newFolder(s, p.board.id);
      const saved = await api.send('PUT', `/api/${s.team.id}/folders/${folder.id}`, s.owner.token, {
        board_id: p.board.id,
        name: 'Folder',
        settings,
        row_version: 2,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return folder.id as string;
    };
    const automation = await a.create(p.board.id, {
      trigger: { kind: 'value_changed', attribute_id: p.count.id, to: { operator: 'gt', operand: 5 } },
      actions: [{ kind: 'set_value', attribute_id: p.due.id, value: { kind: 'today' } }],
    });
    const hidden = await folderWith({ hidden: true });
    const secret = await folderWith({ private: true, member_ids: [] });
    const items = [await api.newItem(s, hidden), await api.newItem(s, secret)];
    for (const item of items)
      await api.putItem(s, s.owner.token, item.id, { values: { [p.count.id]: { data: 9 } }, row_version: 2 });
    const runs = await settledRuns(t, s.team.id, automation.id, 2);
    expect(runs.map((run) => [run.itemId, run.state, run.occurrence])).toEqual(
      items.map((item, i) => [
        item.id,
        'done',
        expect.objectContaining({ folder_id: [hidden, secret][i], after: 9, before: null }),
      ]),
    );
  });
});

describe('the creator’s rights', () => {
  test('an automation whose creator left the workspace does not run: it is switched off', async () => {
    const own = await seedWorkspace(t);
    const ownApi = automationApi(api, own);
    const { board, folder } = await api.newPlace(own);
    const count = await api.newAttribute(own, board.id, 'number', { name: 'Count' });
    const id = uuid();
    const saved = await ownApi.save(own.admin.token, id, {
      board_id: board.id,
      name: 'By the admin',
      enabled: true,
      recipe: {
        trigger: { kind: 'item_created' },
        actions: [{ kind: 'set_value', attribute_id: count.id, value: { kind: 'fixed', data: 5 } }],
      },
      row_version: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const removed = await api.send(
      'DELETE',
      `/api/teams/${own.team.id}/members/${own.admin.id}`,
      own.owner.token,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const item = await api.newItem(own, folder.id, {});
    const [run] = await settledRuns(t, own.team.id, id, 1);
    expect([run!.state, run!.result]).toEqual(['failed', { reason: 'creator_left' }]);
    const items = (await api.listItems(own, own.owner.token, folder.id)).body as {
      id: string;
      values: Record<string, unknown>;
    }[];
    expect(items.find((one) => one.id === item.id)!.values[count.id]).toBeUndefined();
    expect((await ownApi.list(own.owner.token, board.id)).body[0]).toMatchObject({
      enabled: false,
      off_reason: 'creator_left',
    });
  });
});
