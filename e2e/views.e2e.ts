import type { Browser, Locator, Page } from 'playwright-core';
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

/** A board with a folder, a Name and a Status (label) column, and three items, made through the API. */
async function seedBoard(token: Token, teamId: number) {
  const label = (n: number) => [LABELS[n]!.id];
  const board = await seedBoardThroughApi(baseUrl, token, teamId, {
    name: 'Launch',
    folders: ['Plan'],
    columns: [{ name: 'Status', type: 'label', settings: { labels: LABELS } }],
    items: [
      { values: { Name: 'Write the brief', Status: label(0) } },
      { values: { Name: 'Book the venue', Status: label(0) } },
      { values: { Name: 'Print the posters', Status: label(1) } },
    ],
  });
  return { boardId: board.boardId, folderId: board.folders.Plan! };
}

const lane = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const cardIn = (column: Locator, name: string) => column.getByRole('button', { name, exact: true });

/**
 * Drags with the mouse as a person does: press, move past the 2 px threshold in steps, and release
 * once the page tells that the card is over the target column (a person releases when they see
 * it there; on a busy machine the page may take a while to follow the pointer).
 */
async function drag(page: Page, from: Locator, to: Locator, column: string) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 6, a.y + a.height / 2 + 6, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  // The drag's announcements (views.columns.over) go to dnd-kit's live region, DndLiveRegion-{n}.
  await expect
    .poll(() => page.locator('[id^="DndLiveRegion"]').textContent())
    .toContain(`is over the column ${column}.`);
  await page.mouse.up();
}

test('a columns view is added as a tab; a card dragged to another column lands there, live in a second browser and after a reload', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Cora Columns');
  const member = await createVerifiedAccount(baseUrl, 'Ned Next');
  const team = await workspaceWithMember(baseUrl, owner, member);
  const { boardId, folderId } = await seedBoard(owner.token, team.id);
  // Wide enough for every column: a drag near the board's edge scrolls it (autoscroll).
  const wide = { viewport: { width: 1800, height: 900 } };
  const ownerSide = await signedInPage(browser, owner.token, wide);
  const memberSide = await signedInPage(browser, member.token, wide);
  const { page } = ownerSide;
  const other = memberSide.page;

  await page.goto(`${baseUrl}/b/${boardId}/${folderId}`);
  await page.getByRole('tab', { name: 'Table', selected: true }).waitFor();
  await page.getByRole('button', { name: 'Add view' }).click();
  await page.getByRole('menuitem', { name: 'Columns' }).click();
  await page.getByRole('tab', { name: 'Columns', selected: true }).waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('view')).toMatch(/^[0-9a-f-]{36}$/);
  const viewUrl = page.url();
  await cardIn(lane(page, 'To do'), 'Write the brief').waitFor();
  await expect.poll(() => lane(page, 'Doing').textContent()).toContain('1 item');
  // The labels the columns come from are edited from the view itself.
  await page.getByRole('button', { name: 'Edit labels' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit column' });
  await expect.poll(() => edit.getByLabel('Column name').inputValue()).toBe('Status');
  expect(await edit.getByLabel('Label 1').inputValue()).toBe('To do');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await edit.waitFor({ state: 'hidden' });

  await other.goto(viewUrl);
  await other.getByRole('tab', { name: 'Columns', selected: true }).waitFor();
  await cardIn(lane(other, 'To do'), 'Write the brief').waitFor();
  // The member's channel authorisation goes out after the 2 s batch window.
  await other.waitForTimeout(3_000);

  await drag(page, cardIn(lane(page, 'To do'), 'Write the brief'), lane(page, 'Done'), 'Done');
  await cardIn(lane(page, 'Done'), 'Write the brief').waitFor();
  expect(await cardIn(lane(page, 'To do'), 'Write the brief').count()).toBe(0);
  await cardIn(lane(other, 'Done'), 'Write the brief').waitFor({ timeout: 10_000 });

  // Within a column: Book the venue goes before Print the posters in Doing, then to the top of To do is empty.
  await drag(
    page,
    cardIn(lane(page, 'To do'), 'Book the venue'),
    cardIn(lane(page, 'Doing'), 'Print the posters'),
    'Doing',
  );
  await expect
    .poll(() => lane(page, 'Doing').getByRole('button', { name: /the/ }).allTextContents())
    .toEqual(['Book the venue', 'Print the posters']);

  // Keyboard: pick up with Space, move with the arrows, drop with Space.
  const card = cardIn(lane(page, 'Doing'), 'Print the posters');
  await card.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(200);
  await page.keyboard.press('Space');
  await cardIn(lane(page, 'Done'), 'Print the posters').waitFor();

  await screenshot(page, 'columns-view');
  await page.reload();
  await cardIn(lane(page, 'Done'), 'Write the brief').waitFor();
  await cardIn(lane(page, 'Done'), 'Print the posters').waitFor();

  // Collapsing a column is saved to the view.
  await lane(page, 'To do').getByRole('button', { name: 'Collapse To do' }).click();
  await lane(page, 'To do').getByRole('button', { name: 'Expand To do' }).waitFor();
  await other.reload();
  await lane(other, 'To do').getByRole('button', { name: 'Expand To do' }).waitFor();

  expect(ownerSide.problems).toEqual([]);
  expect(memberSide.problems).toEqual([]);
  await ownerSide.context.close();
  await memberSide.context.close();
});

test('the columns view in Arabic and dark mode is mirrored and themed', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rana Rtl');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Nour' });
  const { boardId, folderId } = await seedBoard(owner.token, team.id);
  const viewId = crypto.randomUUID();
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/views/${viewId}`, {
    folder_id: folderId,
    type: 'columns',
    name: 'Kanban',
    row_version: 1,
  });
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const side = await signedInPage(browser, owner.token, { colorScheme: 'dark' });
  const { page } = side;
  await page.goto(`${baseUrl}/b/${boardId}/${folderId}?view=${viewId}`);
  await lane(page, 'To do').waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const first = (await lane(page, 'To do').boundingBox())!;
  const second = (await lane(page, 'Doing').boundingBox())!;
  expect(second.x).toBeLessThan(first.x);
  await screenshot(page, 'columns-view-ar-dark');
  expect(side.problems).toEqual([]);
  await side.context.close();
});
