import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { fromToday, seedBoard, seedView } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, type Token, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const bar = (page: Page, name: string) => page.locator(`[data-gantt-bar]`, { hasText: name }).first();

type Item = { id: string; row_version: number; values: Record<string, { data: unknown }> };

/** A board with a plan (Plan dates, After dependencies scheduling them) and a gantt view of it. */
async function plannedBoard(owner: { token: Token }, teamId: number) {
  const board = await seedBoard(baseUrl, owner.token, teamId, {
    name: 'Launch',
    folders: ['Work'],
    columns: [{ name: 'Plan', type: 'date_range' }],
    items: [
      { values: { Name: 'Design', Plan: { start: fromToday(1), end: fromToday(3) } } },
      { values: { Name: 'Build', Plan: { start: fromToday(4), end: fromToday(6) } } },
      { values: { Name: 'Ship', Plan: { start: fromToday(10), end: fromToday(10) } } },
    ],
  });
  const after = crypto.randomUUID();
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${teamId}/attributes/${after}`, {
    board_id: board.boardId,
    name: 'After',
    type: 'dependency',
    settings: { schedules: board.columns.Plan, workingWeekdays: null },
    row_version: 1,
  });
  const folderId = board.folders.Work!;
  const items = async () => {
    const list = await apiCall<Item[]>(
      baseUrl,
      owner.token,
      'GET',
      `/api/${teamId}/folders/${folderId}/items`,
    );
    return new Map(list.map((item) => [item.values[board.columns.Name!]?.data as string, item]));
  };
  const build = (await items()).get('Build')!;
  const design = (await items()).get('Design')!;
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${teamId}/items/${build.id}`, {
    values: { [after]: { data: [{ item_id: design.id, type: 'FS', lag_days: 0 }] } },
    row_version: build.row_version + 1,
  });
  const view = await seedView(baseUrl, owner.token, teamId, {
    folderId: folderId,
    type: 'gantt',
    name: 'Plan',
  });
  const planOf = async (name: string) => (await items()).get(name)?.values[board.columns.Plan!]?.data;
  return {
    board,
    folderId,
    after,
    view,
    items,
    planOf,
    url: `${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}`,
  };
}

test('a gantt bar dragged later pushes its dependent, live in a second browser; keyboard moves and resizes; a dot dragged onto a bar links them', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Gia Gantt');
  const member = await createVerifiedAccount(baseUrl, 'Max Member');
  const team = await workspaceWithMember(baseUrl, owner, member);
  const plan = await plannedBoard(owner, team.id);
  const ownerSide = await signedInPage(browser, owner.token, { viewport: { width: 1400, height: 900 } });
  const memberSide = await signedInPage(browser, member.token, { viewport: { width: 1400, height: 900 } });
  const page = ownerSide.page;
  await page.goto(plan.url);
  await memberSide.page.goto(plan.url);
  await bar(page, 'Design').waitFor();
  await bar(memberSide.page, 'Build').waitFor();
  // Week zoom: 18 px a day. Design dragged two days later.
  await page.getByRole('button', { name: 'Weeks', exact: true }).click();
  const box = (await bar(page, 'Design').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 36, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => plan.planOf('Design')).toEqual({ start: fromToday(3), end: fromToday(5) });
  // Build (FS) is pushed by the server to the day after Design's new end, keeping three days.
  await expect.poll(() => plan.planOf('Build')).toEqual({ start: fromToday(6), end: fromToday(8) });
  // The other browser redraws Build where the server put it.
  const buildLabel = () => bar(memberSide.page, 'Build').getAttribute('aria-label');
  const dayText = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  await expect.poll(buildLabel, { timeout: 10_000 }).toContain(dayText(fromToday(6)));

  // Keyboard: Shift+Right makes Ship a day longer; Right moves it a day later.
  await bar(page, 'Ship').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => plan.planOf('Ship')).toEqual({ start: fromToday(10), end: fromToday(11) });
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => plan.planOf('Ship')).toEqual({ start: fromToday(11), end: fromToday(12) });

  // Ship made to depend on Build by dragging Build's dot onto Ship.
  await bar(page, 'Build').hover();
  const dot = bar(page, 'Build').locator('[class*="linkDot"]');
  const from = (await dot.boundingBox())!;
  const to = (await bar(page, 'Ship').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  const build = (await plan.items()).get('Build')!;
  await expect
    .poll(async () => (await plan.items()).get('Ship')?.values[plan.after]?.data)
    .toEqual([{ item_id: build.id, type: 'FS', lag_days: 0 }]);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'gantt-view');
  await ownerSide.context.close();
  await memberSide.context.close();
});

test('the gantt in Arabic and dark runs from the right; a cycle is refused with its reason', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rami Gantt');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Orbit' });
  const plan = await plannedBoard(owner, team.id);
  // Design after Build closes a cycle: the server refuses it.
  const items = await plan.items();
  const design = items.get('Design')!;
  const refused = await fetch(`${baseUrl}/api/${team.id}/items/${design.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      values: { [plan.after]: { data: [{ item_id: items.get('Build')!.id }] } },
      row_version: design.row_version + 1,
    }),
  });
  expect(refused.status).toBe(422);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'These dependencies form a cycle: Design -> Build -> Design',
  );

  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar', preferences: { theme: 'dark' } });
  const { page, context } = await signedInPage(browser, owner.token, {
    viewport: { width: 1400, height: 900 },
  });
  await page.goto(plan.url);
  await bar(page, 'Build').waitFor();
  expect(
    await page.evaluate(() => [document.documentElement.dir, document.documentElement.dataset.theme]),
  ).toEqual(['rtl', 'dark']);
  // Right to left: the later bar is drawn further left.
  const design2 = (await bar(page, 'Design').boundingBox())!;
  const build2 = (await bar(page, 'Build').boundingBox())!;
  expect(build2.x).toBeLessThan(design2.x);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'gantt-view-ar-dark');
  // At 375 px the names' column narrows and the page itself never scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await bar(page, 'Build').waitFor();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'gantt-view-ar-dark-375');
  await context.close();
});
