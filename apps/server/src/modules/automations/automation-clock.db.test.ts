import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { automationRuns, automationTimers } from '../../db/schema/automations';
import { notifications } from '../../db/schema/notifications';
import { fireDueTimers } from './automation-clock';
import { settledRuns } from './automation-runs.fixtures';
import { type AutomationSuite, openAutomationSuite } from './automations.fixtures';

let { t, api, s, a } = {} as AutomationSuite;
beforeAll(async () => {
  ({ t, api, s, a } = await openAutomationSuite());
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const MINUTE = 60_000;
/** The minute tick at a given time; answers the runs it wrote for `automationId`. */
async function fire(at: number, automationId: string) {
  const before = await runCount(automationId);
  await fireDueTimers(t.app.ctx, new Date(at));
  return (await runCount(automationId)) - before;
}
const runCount = async (automationId: string) =>
  (await t.app.ctx.db.select().from(automationRuns).where(eq(automationRuns.automationId, automationId)))
    .length;
/** A calendar date `days` from today (UTC). */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** 09:00 UTC of that date, as epoch milliseconds. */
const nineOn = (date: string) => Date.parse(`${date}T09:00:00Z`);

const folderItems = async (folderId: string) =>
  (await api.listItems(s, s.owner.token, folderId)).body as {
    id: string;
    values: Record<string, { data: unknown }>;
  }[];

describe('time triggers', () => {
  test('every day at 09:00, create the report item: once at its time, again the next day', async () => {
    const { board, folder, name } = await api.newPlace(s, { name: 'Reports' });
    const automation = await a.create(board.id, {
      trigger: { kind: 'schedule', schedule: { every: 'day', at: '09:00' } },
      actions: [
        {
          kind: 'create_item',
          folder_id: folder.id,
          values: [{ attribute_id: name.id, value: { kind: 'fixed', data: 'Daily report' } }],
        },
      ],
    });
    const [timer] = await t.app.ctx.db
      .select()
      .from(automationTimers)
      .where(eq(automationTimers.automationId, automation.id));
    const first = timer!.nextAt.getTime();
    // The next 09:00 (UTC: the creator has no zone in their profile).
    expect(first).toBeGreaterThan(Date.now());
    expect(first - Date.now()).toBeLessThanOrEqual(DAY);
    expect(new Date(first).toISOString().slice(11)).toBe('09:00:00.000Z');
    expect(await fire(first - MINUTE, automation.id)).toBe(0);
    // Two ticks at once (two processes): one run.
    const before = await runCount(automation.id);
    await Promise.all([
      fireDueTimers(t.app.ctx, new Date(first + 20_000)),
      fireDueTimers(t.app.ctx, new Date(first + 20_000)),
    ]);
    expect((await runCount(automation.id)) - before).toBe(1);
    expect(await fire(first + MINUTE, automation.id)).toBe(0);
    await settledRuns(t, s.team.id, automation.id, 1);
    expect((await folderItems(folder.id)).map((item) => item.values[name.id]?.data)).toEqual([
      'Daily report',
    ]);
    expect(await fire(first + DAY + 5_000, automation.id)).toBe(1);
    const runs = await settledRuns(t, s.team.id, automation.id, 2);
    expect(runs.map((run) => [run.runKey, run.state])).toEqual([
      [`schedule:${new Date(first).toISOString()}`, 'done'],
      [`schedule:${new Date(first + DAY).toISOString()}`, 'done'],
    ]);
    expect(await folderItems(folder.id)).toHaveLength(2);
  });

  test('a day before Due at 09:00, remind the owner; a moved date fires at its new time; switched off, nothing', async () => {
    const { board, folder, name } = await api.newPlace(s, { name: 'Deadlines' });
    const dueDay = dayFromToday(9);
    const due = await api.newAttribute(s, board.id, 'date', { name: 'Due' });
    const owner = await api.newAttribute(s, board.id, 'members', { name: 'Owner' });
    const item = await api.newItem(s, folder.id, {
      values: {
        [name.id]: { data: 'Contract' },
        [due.id]: { data: dueDay },
        [owner.id]: { data: [s.admin.id] },
      },
    });
    // A date already past when the automation is switched on does not fire.
    await api.newItem(s, folder.id, { values: { [due.id]: { data: dayFromToday(-2) } } });
    const automation = await a.create(board.id, {
      trigger: {
        kind: 'date_arrives',
        attribute_id: due.id,
        offset: { amount: 1, unit: 'days', direction: 'before' },
        at: '09:00',
      },
      actions: [{ kind: 'notify', to: { attribute_ids: [owner.id] }, message: '{item} is due tomorrow' }],
    });
    const reminder = nineOn(dueDay) - DAY;
    expect(await fire(Date.now() + MINUTE, automation.id)).toBe(0);
    expect(await fire(reminder - MINUTE, automation.id)).toBe(0);
    expect(await fire(reminder + 30_000, automation.id)).toBe(1);
    expect(await fire(reminder + 2 * MINUTE, automation.id)).toBe(0);
    await settledRuns(t, s.team.id, automation.id, 1);
    const told = await t.app.ctx.db
      .select({ userId: notifications.userId, data: notifications.data })
      .from(notifications)
      .where(
        and(
          eq(notifications.itemId, item.id),
          eq(notifications.notificationType, 'AutomationItemNotification'),
        ),
      );
    expect(told).toEqual([
      { userId: s.admin.id, data: expect.objectContaining({ body: 'Contract is due tomorrow' }) },
    ]);

    const later = dayFromToday(11);
    await api.putItem(s, s.owner.token, item.id, { values: { [due.id]: { data: later } }, row_version: 2 });
    expect(await fire(nineOn(later) - DAY + 10_000, automation.id)).toBe(1);
    await settledRuns(t, s.team.id, automation.id, 2);

    const listed = (await a.list(s.owner.token, board.id)).body[0];
    const off = await a.save(s.owner.token, automation.id, {
      board_id: board.id,
      name: listed.name,
      enabled: false,
      recipe: listed.recipe,
      row_version: listed.row_version + 1,
    });
    expect(off.status).toBe(200);
    const last = dayFromToday(20);
    await api.putItem(s, s.owner.token, item.id, { values: { [due.id]: { data: last } }, row_version: 3 });
    expect(await fire(nineOn(last) - DAY + 10_000, automation.id)).toBe(0);
    expect(
      await t.app.ctx.db
        .select()
        .from(automationTimers)
        .where(eq(automationTimers.automationId, automation.id)),
    ).toEqual([]);
  });
});
