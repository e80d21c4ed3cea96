import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { launchChromium, screenshot } from './browser';
import { roadmap, visitorPage } from './public-board-setup';
import { apiCall, signedInPage } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const grid = (page: Page) => page.getByRole('grid');
const row = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name }).first();

async function addItem(page: Page, name: string) {
  const input = grid(page).getByLabel('New item name').first();
  if (!(await input.isVisible()))
    await grid(page).getByRole('gridcell', { name: 'Add item' }).first().click();
  await input.fill(name);
  await input.press('Enter');
  await row(page, name).waitFor();
}

/** Types into the cell of `item` under the column named `column`, and saves with Enter. */
async function editCell(page: Page, item: string, column: string, text: string) {
  await row(page, item).waitFor();
  const headers = await grid(page).getByRole('columnheader').allTextContents();
  const cell = row(page, item)
    .getByRole('gridcell')
    .nth(headers.findIndex((header) => header.includes(column)));
  await cell.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  return cell;
}

test('visitors add items to a public board and edit their own; the team sees them live, told as a visitor’s', async () => {
  const { owner, team, board, now } = await roadmap('Vera Owner');
  const ownerSide = await signedInPage(browser, owner.token);
  await ownerSide.page.goto(`${baseUrl}/team/${team.id}/boards/${board.boardId}/edit`);
  const sharing = ownerSide.page.getByRole('region', { name: 'Sharing' });
  await sharing.getByRole('switch', { name: 'Public board' }).click();
  const rights = sharing.getByRole('group', { name: 'What visitors can do' });
  expect(await rights.getByRole('radio', { name: 'Only view' }).isChecked()).toBe(true);
  await rights.getByRole('radio', { name: 'Add items and edit the ones they added' }).check();
  await ownerSide.page.getByRole('status').filter({ hasText: 'Sharing was saved.' }).last().waitFor();
  expect(await seriousViolations(ownerSide.page)).toEqual([]);
  await screenshot(ownerSide.page, 'public-board-visitor-rights');
  // The same section in Arabic and dark mode, right to left.
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const arabicOwner = await signedInPage(browser, owner.token, { colorScheme: 'dark' });
  await arabicOwner.page.goto(`${baseUrl}/team/${team.id}/boards/${board.boardId}/edit`);
  await arabicOwner.page.getByRole('radio', { name: 'إضافة عناصر وتعديل ما أضافوه' }).waitFor();
  expect(await arabicOwner.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await seriousViolations(arabicOwner.page)).toEqual([]);
  await screenshot(arabicOwner.page, 'public-board-visitor-rights-ar-dark');
  await arabicOwner.context.close();
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'en-US' });
  // The team's own view of the folder, to see the visitor's item arrive.
  await ownerSide.page.goto(`${baseUrl}/b/${board.boardId}/${now}`);
  await row(ownerSide.page, 'Dark mode').waitFor();

  const visitor = await visitorPage(browser);
  await visitor.page.goto(`${baseUrl}/b/${board.boardId}/${now}`);
  await visitor.page.getByText('You can add items').waitFor();
  await row(visitor.page, 'Dark mode').waitFor();
  expect(await grid(visitor.page).getAttribute('aria-readonly')).toBeNull();
  await addItem(visitor.page, 'Passkey sign-in');
  await row(ownerSide.page, 'Passkey sign-in').waitFor();

  // Their own item takes their edits; the team's does not.
  await editCell(visitor.page, 'Passkey sign-in', 'Estimate', '3');
  await row(ownerSide.page, 'Passkey sign-in').getByText('3', { exact: true }).waitFor();
  await editCell(visitor.page, 'Dark mode', 'Estimate', '1');
  await visitor.page.getByText('You can change only the items you added.').waitFor();
  await row(visitor.page, 'Dark mode').getByText('5', { exact: true }).waitFor();

  // Coming back on the same device, the item is still theirs.
  await visitor.page.reload();
  await editCell(visitor.page, 'Passkey sign-in', 'Estimate', '13');
  await row(ownerSide.page, 'Passkey sign-in').getByText('13', { exact: true }).waitFor();
  expect(visitor.problems).toEqual([]);

  // The board's activity tells the visitor's work as a visitor's.
  const activity = await apiCall<{ data: { user: unknown; changes: { visitor?: boolean } }[] }>(
    baseUrl,
    owner.token,
    'GET',
    `/api/${team.id}/boards/${board.boardId}/activity`,
  );
  const byVisitor = activity.data.filter((entry) => entry.changes.visitor === true);
  expect(byVisitor.length).toBeGreaterThanOrEqual(3);
  expect(byVisitor.every((entry) => entry.user === null)).toBe(true);
  await visitor.context.close();

  // In Arabic and dark mode, right to left, a second visitor adds one of their own.
  const arabic = await visitorPage(browser, { locale: 'ar', colorScheme: 'dark' });
  await arabic.page.goto(`${baseUrl}/b/${board.boardId}/${now}`);
  await arabic.page.getByText('يمكنك إضافة عناصر').waitFor();
  expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const input = grid(arabic.page).getByRole('textbox').last();
  if (!(await input.isVisible())) await grid(arabic.page).getByRole('gridcell').last().click();
  await input.fill('وضع القراءة');
  await input.press('Enter');
  await row(arabic.page, 'وضع القراءة').waitFor();
  await row(ownerSide.page, 'وضع القراءة').waitFor();
  // The first visitor's item is not theirs.
  await editCell(arabic.page, 'Passkey sign-in', 'Estimate', '2');
  await arabic.page.getByText('يمكنك تغيير العناصر التي أضفتها فقط.').waitFor();
  expect(await seriousViolations(arabic.page)).toEqual([]);
  await screenshot(arabic.page, 'public-board-visitor-ar-dark');
  expect(arabic.problems).toEqual([]);
  await arabic.context.close();
  await ownerSide.context.close();
});

test('visitors read an item’s comments and add theirs under a name; the team sees them as a visitor’s', async () => {
  const { owner, team, board, now } = await roadmap('Cora Owner');
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/boards/${board.boardId}/sharing`, {
    is_public: true,
  });
  const ownerSide = await signedInPage(browser, owner.token);
  await ownerSide.page.goto(`${baseUrl}/team/${team.id}/boards/${board.boardId}/edit`);
  const sharing = ownerSide.page.getByRole('region', { name: 'Sharing' });
  await sharing.getByRole('checkbox', { name: /Visitors can comment/ }).check();
  await ownerSide.page.getByRole('status').filter({ hasText: 'Sharing was saved.' }).last().waitFor();
  // The team's own comment on the item, which visitors will read.
  await ownerSide.page.goto(`${baseUrl}/b/${board.boardId}/${now}`);
  await grid(ownerSide.page).getByRole('button', { name: 'Open Dark mode' }).click();
  const ownerPanel = ownerSide.page.getByRole('dialog', { name: 'Dark mode' });
  await ownerPanel.getByRole('tab', { name: 'Comments' }).click();
  const composer = ownerPanel.getByRole('textbox', { name: 'Write a comment' });
  await composer.click();
  await ownerSide.page.keyboard.type('Planned for the spring release');
  await ownerSide.page.keyboard.press('Control+Enter');
  await ownerPanel.getByRole('article', { name: 'Comment by Cora Owner' }).waitFor();

  const visitor = await visitorPage(browser, { locale: 'ar', colorScheme: 'dark' });
  await visitor.page.goto(`${baseUrl}/b/${board.boardId}/${now}`);
  await grid(visitor.page)
    .getByRole('button', { name: /Dark mode/ })
    .first()
    .click();
  const panel = visitor.page.getByRole('dialog', { name: 'Dark mode' });
  await panel
    .getByRole('article', { name: /Cora Owner/ })
    .getByText('Planned for the spring release')
    .waitFor();
  // Both are asked for: a name and the text.
  await panel.getByRole('button', { name: 'تعليق' }).click();
  await panel.getByText('اسمك مطلوب.').waitFor();
  await panel.getByRole('textbox', { name: 'اسمك' }).fill('Lena');
  await panel.getByRole('textbox', { name: 'اكتب تعليقًا' }).fill('Please add a high-contrast theme too');
  await panel.getByRole('button', { name: 'تعليق' }).click();
  await panel
    .getByRole('article', { name: /Lena/ })
    .getByText('Please add a high-contrast theme too')
    .waitFor();
  // A reply under the team's comment, the name kept from the first.
  const teams = panel.getByRole('article', { name: /Cora Owner/ });
  await teams.getByRole('button', { name: 'رد', exact: true }).click();
  const reply = teams.getByRole('textbox', { name: 'اكتب ردًا' });
  expect(await teams.getByRole('textbox', { name: 'اسمك' }).inputValue()).toBe('Lena');
  await reply.fill('Spring works for us');
  await teams.getByRole('button', { name: 'رد', exact: true }).last().click();
  await teams.getByRole('article', { name: /Lena/ }).getByText('Spring works for us').waitFor();
  expect(await seriousViolations(visitor.page)).toEqual([]);
  await screenshot(visitor.page, 'public-board-visitor-comments-ar-dark');
  expect(visitor.problems).toEqual([]);

  // The team sees it live, as the visitor's.
  const theirs = ownerPanel.getByRole('article', { name: 'Comment by Lena (visitor)' });
  await theirs.getByText('Please add a high-contrast theme too').waitFor({ timeout: 15_000 });

  // The workspace's shared links say what visitors may do on the board.
  await ownerSide.page.goto(`${baseUrl}/team/${team.id}`);
  await ownerSide.page
    .getByRole('navigation', { name: 'Workspace sections' })
    .getByRole('link', { name: 'Shared links' })
    .click();
  const list = ownerSide.page.getByRole('region', { name: 'Shared links' });
  await list
    .getByRole('listitem')
    .filter({ hasText: 'Product roadmap' })
    .getByText('Visitors: Only view · Visitors can comment')
    .waitFor();
  await visitor.context.close();
  await ownerSide.context.close();
});
