import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount } from './accounts';
import { seedBoard as seedBoardThroughApi } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, type Token, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const LABELS = [
  { id: crypto.randomUUID(), name: 'To do', color: '#64748b' },
  { id: crypto.randomUUID(), name: 'Doing', color: '#2563eb' },
  { id: crypto.randomUUID(), name: 'Done', color: '#16a34a' },
];

/** A board "Launch" with the folders Plan and Later, Name, Status (label) and Points (number), four items in Plan. */
async function seedBoard(token: Token, teamId: number) {
  const item = (title: string, label: number, score: number) => ({
    values: { Name: title, Status: [LABELS[label]!.id], Points: score },
  });
  const board = await seedBoardThroughApi(baseUrl, token, teamId, {
    name: 'Launch',
    folders: ['Plan', 'Later'],
    columns: [
      { name: 'Status', type: 'label', settings: { labels: LABELS } },
      { name: 'Points', type: 'number' },
    ],
    items: [
      item('Write the brief', 0, 1),
      item('Book the venue', 0, 2),
      item('Print the posters', 1, 3),
      item('Order the badges', 2, 4),
    ],
  });
  return {
    boardId: board.boardId,
    planId: board.folders.Plan!,
    laterId: board.folders.Later!,
    points: board.columns.Points!,
  };
}

const grid = (page: Page, folder: string) => page.getByRole('grid', { name: folder, exact: true });
const row = (page: Page, folder: string, title: string) =>
  grid(page, folder).getByRole('row').filter({ hasText: title });
const rowCount = (page: Page, folder: string, title: string) => row(page, folder, title).count();

/** The cell of `column` in the row of `title`: the header's aria-colindex names the column. */
async function cell(page: Page, folder: string, title: string, column: string) {
  const header = grid(page, folder).getByRole('columnheader', { name: new RegExp(`^${column}`) });
  const index = await header.getAttribute('aria-colindex');
  return row(page, folder, title).first().locator(`[role="gridcell"][aria-colindex="${index}"]`);
}
const cellText = async (page: Page, folder: string, title: string, column: string) =>
  (await (await cell(page, folder, title, column)).textContent())?.trim();

/** A toast of the app (role status) saying `text`. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** From the trash or the activity back to the board, then to the folder Plan in its tree. */
async function backToPlan(page: Page) {
  await page.getByRole('link', { name: 'Back to Launch' }).click();
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'Plan' }).click();
  await grid(page, 'Plan').waitFor();
}

test('selected items move to another folder and are edited together, live in a second browser', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Bea Bulk');
  const member = await createVerifiedAccount(baseUrl, 'Max Member');
  const team = await workspaceWithMember(baseUrl, owner, member);
  const { boardId, planId, laterId } = await seedBoard(owner.token, team.id);
  const ownerSide = await signedInPage(browser, owner.token);
  const memberSide = await signedInPage(browser, member.token);
  const { page } = ownerSide;
  const other = memberSide.page;

  await page.goto(`${baseUrl}/b/${boardId}/${planId}`);
  await row(page, 'Plan', 'Write the brief').waitFor();
  await other.goto(`${baseUrl}/b/${boardId}/${laterId}`);
  await grid(other, 'Later')
    .getByRole('columnheader', { name: /^Points/ })
    .waitFor();
  // The member's channel authorisation goes out after the 2 s batch window.
  await other.waitForTimeout(3_000);

  await grid(page, 'Plan').getByRole('checkbox', { name: 'Select Write the brief' }).check();
  await grid(page, 'Plan').getByRole('checkbox', { name: 'Select Book the venue' }).check();
  await page.getByRole('button', { name: 'Move to… (2)' }).click();
  await page.getByRole('menuitem', { name: 'Later' }).click();
  await toast(page, '2 items moved to Later.').waitFor();
  await expect.poll(() => rowCount(page, 'Plan', 'Write the brief')).toBe(0);
  await expect.poll(() => rowCount(page, 'Plan', 'Book the venue')).toBe(0);
  expect(await rowCount(page, 'Plan', 'Print the posters')).toBe(1);
  // The selection went with them: no selection bar is left.
  expect(await page.getByRole('button', { name: /^Move to…/ }).count()).toBe(0);
  await row(other, 'Later', 'Write the brief').first().waitFor({ timeout: 10_000 });
  await row(other, 'Later', 'Book the venue').first().waitFor({ timeout: 10_000 });

  // In Later: both selected, "Edit…", Points set to 13 on both.
  await page.goto(`${baseUrl}/b/${boardId}/${laterId}`);
  await row(page, 'Later', 'Write the brief').first().waitFor();
  await row(page, 'Later', 'Book the venue').first().waitFor();
  await grid(page, 'Later').getByRole('checkbox', { name: 'Select Write the brief' }).check();
  await grid(page, 'Later').getByRole('checkbox', { name: 'Select Book the venue' }).check();
  await page.getByRole('button', { name: 'Edit… (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 2 items' });
  await dialog.getByRole('button', { name: /^Column/ }).click();
  await page.getByRole('listbox', { name: 'Column' }).getByRole('option', { name: 'Points' }).click();
  const value = dialog.getByRole('textbox', { name: 'Points' });
  await value.fill('13');
  await value.press('Enter');
  await dialog.getByRole('button', { name: 'Apply to 2 items' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await toast(page, '2 items updated.').waitFor();
  await expect.poll(() => cellText(page, 'Later', 'Write the brief', 'Points')).toBe('13');
  await expect.poll(() => cellText(page, 'Later', 'Book the venue', 'Points')).toBe('13');
  await expect
    .poll(() => cellText(other, 'Later', 'Write the brief', 'Points'), { timeout: 10_000 })
    .toBe('13');
  await expect
    .poll(() => cellText(other, 'Later', 'Book the venue', 'Points'), { timeout: 10_000 })
    .toBe('13');

  // A label too: Status set to Done on both, chosen from the label editor.
  await page.getByRole('button', { name: 'Edit… (2)' }).click();
  await dialog.getByRole('button', { name: /^Column/ }).click();
  await page.getByRole('listbox', { name: 'Column' }).getByRole('option', { name: 'Status' }).click();
  await page.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: 'Done' }).click();
  await dialog.getByRole('button', { name: 'Apply to 2 items' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => cellText(page, 'Later', 'Write the brief', 'Status')).toBe('Done');
  await expect.poll(() => cellText(page, 'Later', 'Book the venue', 'Status')).toBe('Done');
  await expect
    .poll(() => cellText(other, 'Later', 'Book the venue', 'Status'), { timeout: 10_000 })
    .toBe('Done');

  expect(ownerSide.problems).toEqual([]);
  expect(memberSide.problems).toEqual([]);
  await ownerSide.context.close();
  await memberSide.context.close();
});

test('Ctrl+Z undoes a cell edit; a deleted item is restored from the trash (live in a second browser), another deleted forever; the activity tells what happened', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Tess Trash');
  const member = await createVerifiedAccount(baseUrl, 'Rex Restore');
  const team = await workspaceWithMember(baseUrl, owner, member);
  const { boardId, planId } = await seedBoard(owner.token, team.id);
  const ownerSide = await signedInPage(browser, owner.token);
  const memberSide = await signedInPage(browser, member.token);
  const { page } = ownerSide;
  const other = memberSide.page;
  const folderUrl = `${baseUrl}/b/${boardId}/${planId}`;

  await page.goto(folderUrl);
  await row(page, 'Plan', 'Print the posters').waitFor();
  await other.goto(folderUrl);
  await row(other, 'Plan', 'Print the posters').waitFor();
  // The member's channel authorisation goes out after the 2 s batch window.
  await other.waitForTimeout(3_000);

  // Undo: Points of Print the posters 3 → 8, then Ctrl+Z on the grid (not in a field) → 3.
  await (await cell(page, 'Plan', 'Print the posters', 'Points')).click();
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  await expect.poll(() => cellText(page, 'Plan', 'Print the posters', 'Points')).toBe('8');
  await expect
    .poll(() => cellText(other, 'Plan', 'Print the posters', 'Points'), { timeout: 10_000 })
    .toBe('8');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
  await page.keyboard.press('Control+z');
  await toast(page, 'Undone: change to 1 item').waitFor();
  await expect.poll(() => cellText(page, 'Plan', 'Print the posters', 'Points')).toBe('3');
  await expect
    .poll(() => cellText(other, 'Plan', 'Print the posters', 'Points'), { timeout: 10_000 })
    .toBe('3');
  await page.reload();
  await row(page, 'Plan', 'Print the posters').waitFor();
  expect(await cellText(page, 'Plan', 'Print the posters', 'Points')).toBe('3');

  // Trash: Book the venue deleted (confirmed), then restored from the board's trash.
  await grid(page, 'Plan').getByRole('checkbox', { name: 'Select Book the venue' }).check();
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete the selected items?' });
  await confirmDelete.getByRole('button', { name: 'Delete 1 item' }).click();
  await toast(page, 'The selected items were deleted.').waitFor();
  await expect.poll(() => rowCount(page, 'Plan', 'Book the venue')).toBe(0);
  await expect.poll(() => rowCount(other, 'Plan', 'Book the venue'), { timeout: 10_000 }).toBe(0);

  await page.getByRole('navigation', { name: 'Board actions' }).getByRole('link', { name: 'Trash' }).click();
  await page.getByRole('heading', { level: 2, name: 'Trash' }).waitFor();
  const trash = page.getByRole('list', { name: 'Deleted records' });
  await trash.getByRole('listitem').filter({ hasText: 'Book the venue' }).waitFor();
  expect(await trash.getByRole('listitem').filter({ hasText: 'Book the venue' }).textContent()).toContain(
    'in Plan',
  );
  await trash.getByRole('checkbox', { name: 'Select Book the venue' }).check();
  await page.getByRole('button', { name: 'Restore' }).click();
  await toast(page, 'The record was restored.').waitFor();
  await page.getByText('The trash is empty').waitFor();
  await row(other, 'Plan', 'Book the venue').first().waitFor({ timeout: 10_000 });
  await backToPlan(page);
  await row(page, 'Plan', 'Book the venue').first().waitFor();

  // Delete forever: Order the badges deleted, then purged from the trash after 'Are you sure?'.
  await grid(page, 'Plan').getByRole('checkbox', { name: 'Select Order the badges' }).check();
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  await confirmDelete.getByRole('button', { name: 'Delete 1 item' }).click();
  await expect.poll(() => rowCount(page, 'Plan', 'Order the badges')).toBe(0);
  await page.getByRole('navigation', { name: 'Board actions' }).getByRole('link', { name: 'Trash' }).click();
  await trash.getByRole('checkbox', { name: 'Select Order the badges' }).check();
  await page.getByRole('button', { name: 'Delete forever' }).click();
  const sure = page.getByRole('dialog', { name: 'Are you sure?' });
  await sure.getByText('The selected record will be deleted forever. This cannot be undone.').waitFor();
  await sure.getByRole('button', { name: 'Delete 1 record forever' }).click();
  await toast(page, 'The record was deleted forever.').waitFor();
  await page.getByText('The trash is empty').waitFor();
  expect(await page.getByText('Order the badges').count()).toBe(0);
  await page.reload();
  await page.getByText('The trash is empty').waitFor();

  // Activity: the board's log tells the value changes and the items created.
  await backToPlan(page);
  await page
    .getByRole('navigation', { name: 'Board actions' })
    .getByRole('link', { name: 'Activity' })
    .click();
  await page.getByRole('heading', { level: 2, name: 'Activity' }).waitFor();
  const log = page.getByRole('region', { name: 'Activity', exact: true });
  await log.getByText('Tess Trash changed Points from 3 to 8').waitFor();
  await log.getByText('Tess Trash changed Points from 8 to 3').waitFor();
  await log.getByText('Tess Trash created Print the posters in Plan').waitFor();
  await log.getByText('Tess Trash deleted Book the venue').first().waitFor();

  // The item's panel has its own activity section.
  await backToPlan(page);
  await grid(page, 'Plan').getByRole('button', { name: 'Open Print the posters' }).click();
  const panel = page.getByRole('dialog', { name: 'Print the posters' });
  const itemLog = panel.getByRole('region', { name: 'Activity' });
  await itemLog.getByText('Tess Trash changed Points from 3 to 8').waitFor();
  await itemLog.getByText('Tess Trash created Print the posters in Plan').waitFor();
  expect(await itemLog.getByText('Book the venue').count()).toBe(0);

  expect(ownerSide.problems).toEqual([]);
  expect(memberSide.problems).toEqual([]);
  await ownerSide.context.close();
  await memberSide.context.close();
});

test('a list view is added as a tab; an item renamed in the list shows renamed in the table', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Lena List');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Lumen' });
  const { boardId, planId } = await seedBoard(owner.token, team.id);
  const side = await signedInPage(browser, owner.token);
  const { page } = side;

  await page.goto(`${baseUrl}/b/${boardId}/${planId}`);
  await page.getByRole('tab', { name: 'Table', selected: true }).waitFor();
  await page.getByRole('button', { name: 'Add view' }).click();
  await page.getByRole('menuitem', { name: 'List' }).click();
  await page.getByRole('tab', { name: 'List', selected: true }).waitFor();
  // The folder's table, not stored until then, keeps its tab before the new one.
  expect(await page.getByRole('tablist', { name: 'Views' }).getByRole('tab').allTextContents()).toEqual([
    'Table',
    'List',
  ]);
  const list = page.getByRole('treegrid', { name: 'Plan' });
  const lines = list.getByRole('row');
  await lines.filter({ hasText: 'Order the badges' }).waitFor();
  await expect
    .poll(() => lines.evaluateAll((rows) => rows.map((line) => line.getAttribute('aria-label'))))
    .toEqual(['Write the brief', 'Book the venue', 'Print the posters', 'Order the badges', 'New item name']);

  await list.getByRole('button', { name: 'Rename Book the venue' }).click();
  const title = list.getByRole('textbox', { name: 'Name', exact: true });
  await title.fill('Book the hall');
  await title.press('Enter');
  await list.getByRole('row', { name: 'Book the hall' }).waitFor();
  expect(await list.getByRole('row', { name: 'Book the venue' }).count()).toBe(0);

  await page.getByRole('tab', { name: 'Table' }).click();
  await row(page, 'Plan', 'Book the hall').first().waitFor();
  expect(await rowCount(page, 'Plan', 'Book the venue')).toBe(0);
  await page.reload();
  await row(page, 'Plan', 'Book the hall').first().waitFor();

  expect(side.problems).toEqual([]);
  await side.context.close();
});

test('the trash and the list view in Arabic and dark mode are mirrored', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rana Rtl');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Nour' });
  const { boardId, planId } = await seedBoard(owner.token, team.id);
  const viewId = crypto.randomUUID();
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/views/${viewId}`, {
    folder_id: planId,
    type: 'list',
    name: 'قائمة',
    row_version: 1,
  });
  // Two items in the trash, one of them selected in the screenshot.
  const items = await apiCall<{ id: string }[]>(
    baseUrl,
    owner.token,
    'GET',
    `/api/${team.id}/folders/${planId}/items`,
  );
  await apiCall(
    baseUrl,
    owner.token,
    'POST',
    `/api/${team.id}/save-multiple`,
    items.slice(2).map((item) => ({ type: 'item', op: 'delete', id: item.id })),
  );
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const side = await signedInPage(browser, owner.token, { colorScheme: 'dark' });
  const { page } = side;

  await page.goto(`${baseUrl}/team/${team.id}/boards/${boardId}/trash`);
  const trash = page.getByRole('list').filter({ has: page.getByRole('checkbox') });
  await trash.getByRole('listitem').nth(1).waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await trash.getByRole('checkbox').first().check();
  // Mirrored: a row's checkbox is at its right end, its date at its left end.
  const entry = trash.getByRole('listitem').first();
  const box = (await entry.getByRole('checkbox').boundingBox())!;
  const when = (await entry.locator('time').boundingBox())!;
  expect(when.x).toBeLessThan(box.x);
  // The back arrow points the way back: mirrored in right-to-left text.
  const arrow = page.getByRole('link', { name: /Launch/ }).locator('svg');
  expect(await arrow.evaluate((icon) => getComputedStyle(icon).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  await screenshot(page, 'board-trash-ar-dark');

  await page.goto(`${baseUrl}/b/${boardId}/${planId}?view=${viewId}`);
  const list = page.getByRole('treegrid');
  await list.getByRole('row', { name: 'Book the venue' }).waitFor();
  const line = list.getByRole('row', { name: 'Write the brief' });
  const check = (await line.getByRole('checkbox').boundingBox())!;
  const name = (await line.getByRole('button').first().boundingBox())!;
  expect(name.x).toBeLessThan(check.x);
  await line.getByRole('checkbox').check();
  await screenshot(page, 'list-view-ar-dark');

  expect(side.problems).toEqual([]);
  await side.context.close();
});
