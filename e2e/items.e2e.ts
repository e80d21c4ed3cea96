import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { launchChromium, screenshot } from './browser';
import { networkOf } from './network';
import { apiCall, signedInPage, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const grid = (page: Page) => page.getByRole('grid');
const row = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name });

async function addItem(page: Page, name: string) {
  const input = grid(page).getByLabel('New item name').first();
  if (!(await input.isVisible()))
    await grid(page).getByRole('gridcell', { name: 'Add item' }).first().click();
  await input.fill(name);
  await input.press('Enter');
  await row(page, name).first().waitFor();
}

test('a new board has a Name column; items are added, a Number column is added and a cell edited, live in a second browser and offline', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Tara Table');
  const member = await createVerifiedAccount(baseUrl, 'Milo Mate');
  const team = await workspaceWithMember(baseUrl, owner, member);
  const ownerSide = await signedInPage(browser, owner.token);
  const memberSide = await signedInPage(browser, member.token);
  const { page } = ownerSide;
  const other = memberSide.page;

  await page.goto(`${baseUrl}/team/${team.id}/boards/create?name=Sprint`);
  await page.getByRole('button', { name: 'Create board' }).click();
  await page.getByRole('heading', { level: 2, name: 'General' }).waitFor();
  await grid(page).getByRole('columnheader', { name: /Name/ }).waitFor();
  const path = new URL(page.url()).pathname;
  const [, , boardId, folderId] = path.split('/');

  await other.goto(`${baseUrl}${path}`);
  await grid(other).getByRole('columnheader', { name: /Name/ }).waitFor();
  // The member's channel authorisation goes out after the 2 s batch window.
  await other.waitForTimeout(3_000);

  await addItem(page, 'Write the brief');
  await addItem(page, 'Book the venue');
  await row(other, 'Write the brief').first().waitFor({ timeout: 10_000 });
  await row(other, 'Book the venue').first().waitFor({ timeout: 10_000 });

  // A Number column, then a cell of it edited by typing.
  await page.getByRole('button', { name: 'Add column' }).click();
  const dialog = page.getByRole('dialog', { name: 'New column' });
  await dialog.getByRole('button', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Number' }).click();
  await dialog.getByLabel('Column name').fill('Points');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await grid(page)
    .getByRole('columnheader', { name: /Points/ })
    .waitFor();
  await grid(other)
    .getByRole('columnheader', { name: /Points/ })
    .waitFor({ timeout: 10_000 });

  const pointsIndex = async (p: Page) => {
    const headers = await grid(p).getByRole('columnheader').allTextContents();
    return headers.findIndex((text) => text.includes('Points'));
  };
  const pointsCell = async (p: Page, name: string) =>
    row(p, name)
      .first()
      .getByRole('gridcell')
      .nth((await pointsIndex(p)) - 0);
  const cell = await pointsCell(page, 'Write the brief');
  await cell.click();
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await pointsCell(page, 'Write the brief')).textContent()).toContain('8');
  await expect
    .poll(async () => (await pointsCell(other, 'Write the brief')).textContent(), { timeout: 10_000 })
    .toContain('8');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'folder-table');

  // Offline: the edit shows at once, waits in the queue, and lands once the network is back.
  const network = await networkOf(ownerSide.context);
  await network.cut();
  const venue = await pointsCell(page, 'Book the venue');
  await venue.click();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await pointsCell(page, 'Book the venue')).textContent()).toContain('3');
  await network.restore();
  await expect
    .poll(async () => (await pointsCell(other, 'Book the venue')).textContent(), { timeout: 20_000 })
    .toContain('3');
  const items = await apiCall<{ values: Record<string, { data: unknown }> }[]>(
    baseUrl,
    owner.token,
    'GET',
    `/api/${team.id}/folders/${folderId}/items`,
  );
  const numbers = items.flatMap((item) => Object.values(item.values).map((value) => value.data));
  expect(numbers).toEqual(expect.arrayContaining([8, 3]));
  expect(boardId).toMatch(/^[0-9A-Za-z]{11}$/);

  // The item opens in its panel (deep link with t=attributes): its values, a subitem added there.
  await grid(page).getByRole('button', { name: 'Open Write the brief' }).click();
  const panel = page.getByRole('dialog', { name: 'Write the brief' });
  await panel.waitFor();
  expect(new URL(page.url()).searchParams.get('t')).toBe('attributes');
  await expect.poll(() => panel.getByRole('definition').allTextContents()).toContain('8');
  await panel.getByLabel('New subitem name').fill('Draft outline');
  await panel.getByLabel('New subitem name').press('Enter');
  await panel.getByRole('button', { name: 'Draft outline' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'item-panel');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toBe(path);
  await grid(page).getByRole('button', { name: 'Show 1 subitem' }).click();
  await row(page, 'Draft outline').first().waitFor();

  // Selected items go to the trash together, after a confirmation; the other browser follows.
  await grid(page).getByRole('checkbox', { name: 'Select Book the venue' }).check();
  await page.getByRole('button', { name: 'Delete selected (1)' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the selected items?' })
    .getByRole('button', { name: 'Delete 1 item' })
    .click();
  await page.getByRole('status').filter({ hasText: 'The selected items were deleted.' }).waitFor();
  await expect.poll(() => row(page, 'Book the venue').count()).toBe(0);
  await expect.poll(() => row(other, 'Book the venue').count(), { timeout: 10_000 }).toBe(0);

  expect(
    ownerSide.problems.filter(
      (problem) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(problem),
    ),
  ).toEqual([]);
  expect(memberSide.problems).toEqual([]);
  await ownerSide.context.close();
  await memberSide.context.close();
});
