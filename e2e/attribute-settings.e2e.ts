import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const grid = (page: Page) => page.getByRole('grid');
const row = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name });
const header = (page: Page, name: string) => grid(page).getByRole('columnheader', { name });

/** The cell of an item's line under the column whose header reads `column`. */
async function cell(page: Page, item: string, column: string) {
  const headers = await grid(page).getByRole('columnheader').allTextContents();
  const index = headers.findIndex((text) => text.trim() === column);
  return row(page, item).first().getByRole('gridcell').nth(index);
}

/**
 * A new column through "Add column". A type that needs setting up (label, formula, button) opens
 * "Edit column" on it at once (hiding the page behind it from the accessibility tree until it
 * closes); others start with their defaults.
 */
async function addColumn(page: Page, type: string, name: string, isSetUpNext = true) {
  await page.getByRole('button', { name: 'Add column' }).click();
  const dialog = page.getByRole('dialog', { name: 'New column' });
  await dialog.getByRole('button', { name: /^Type/ }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await dialog.getByLabel('Column name').fill(name);
  await dialog.getByRole('button', { name: 'Add' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit column' });
  if (!isSetUpNext) {
    await dialog.waitFor({ state: 'hidden' });
    expect(await edit.count()).toBe(0);
    return edit;
  }
  await edit.waitFor();
  expect(await edit.getByLabel('Column name').inputValue()).toBe(name);
  return edit;
}

test('a column is configured in "Edit column": labels, a rename, a formula over a number; and deleted', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Cora Columns');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Atlas' });
  const { page, context, problems } = await signedInPage(browser, owner.token);

  await page.goto(`${baseUrl}/team/${team.id}/boards/create?name=Sprint`);
  await page.getByRole('button', { name: 'Create board' }).click();
  await header(page, 'Name').waitFor();
  await grid(page).getByRole('gridcell', { name: 'Add item' }).first().click();
  const newItem = grid(page).getByLabel('New item name').first();
  await newItem.fill('Write the brief');
  await newItem.press('Enter');
  await row(page, 'Write the brief').first().waitFor();

  // A label column: "Edit column" opens on it at once, and its two labels are added there.
  const edit = await addColumn(page, 'Label', 'Status');
  await edit.getByRole('button', { name: 'Add label' }).click();
  await edit.getByLabel('Label 1').fill('Doing');
  await edit.getByRole('button', { name: 'Add label' }).click();
  await edit.getByLabel('Label 2').fill('Done');
  await edit.getByRole('radiogroup', { name: 'Color of Done' }).getByRole('radio', { name: 'Green' }).check();
  await screenshot(page, 'attribute-settings-labels');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'hidden' });
  await header(page, 'Status').waitFor();

  // The item's label is set in the table.
  await (await cell(page, 'Write the brief', 'Status')).click();
  await page.keyboard.press('Enter');
  await page.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: 'Done' }).click();
  await expect
    .poll(async () => (await cell(page, 'Write the brief', 'Status')).textContent())
    .toContain('Done');

  // Renamed from the header menu; the label stays.
  await grid(page).getByRole('button', { name: 'Status column options' }).click();
  await page.getByRole('menuitem', { name: 'Edit column' }).click();
  await edit.getByLabel('Column name').fill('Stage');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'hidden' });
  await header(page, 'Stage').waitFor();
  await expect
    .poll(async () => (await cell(page, 'Write the brief', 'Stage')).textContent())
    .toContain('Done');

  // A number (plain by default: no settings dialog) and a formula over it.
  await addColumn(page, 'Number', 'Number', false);
  await header(page, 'Number').waitFor();
  await (await cell(page, 'Write the brief', 'Number')).click();
  await page.keyboard.type('21');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await cell(page, 'Write the brief', 'Number')).textContent())
    .toContain('21');
  await addColumn(page, 'Formula', 'Double');
  await edit.getByLabel('Formula', { exact: true }).fill('{Number} * 2');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'hidden' });
  await expect
    .poll(async () => (await cell(page, 'Write the brief', 'Double')).textContent())
    .toContain('42');
  // Saved with the id, shown again with the name.
  await grid(page).getByRole('button', { name: 'Double column options' }).click();
  await page.getByRole('menuitem', { name: 'Edit column' }).click();
  await expect.poll(() => edit.getByLabel('Formula', { exact: true }).inputValue()).toBe('{Number} * 2');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await edit.waitFor({ state: 'hidden' });

  // Deleted after the confirmation; the name column offers no delete.
  await grid(page).getByRole('button', { name: 'Stage column options' }).click();
  await page.getByRole('menuitem', { name: 'Delete column' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the column Stage?' })
    .getByRole('button', { name: 'Delete column' })
    .click();
  await expect.poll(() => header(page, 'Stage').count()).toBe(0);
  await grid(page).getByRole('button', { name: 'Name column options' }).click();
  await page.getByRole('menuitem', { name: 'Edit column' }).waitFor();
  expect(await page.getByRole('menuitem', { name: 'Delete column' }).count()).toBe(0);
  await page.keyboard.press('Escape');

  expect(problems).toEqual([]);
  await context.close();
});

test('"Edit column" in Arabic and dark mode is mirrored and passes axe', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rami Columns');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Nour' });
  const plan = 'الخطة';
  const labels = [
    { id: crypto.randomUUID(), name: 'قيد العمل', color: '#2563eb' },
    { id: crypto.randomUUID(), name: 'تم', color: '#15803d' },
  ];
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'إطلاق',
    folders: [plan],
    nameColumn: 'الاسم',
    columns: [{ name: 'الحالة', type: 'label', settings: { labels } }],
    items: [],
  });
  const boardId = board.boardId;
  const folderId = board.folders[plan]!;
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const { page, context, problems } = await signedInPage(browser, owner.token, { colorScheme: 'dark' });

  await page.goto(`${baseUrl}/b/${boardId}/${folderId}`);
  await grid(page).getByRole('button', { name: 'خيارات عمود الحالة' }).click();
  await page.getByRole('menuitem', { name: 'تعديل العمود' }).click();
  const edit = page.getByRole('dialog', { name: 'تعديل العمود' });
  await edit.getByLabel('التسمية 2').waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  // Mirrored: a label's name field starts at the right, its move and remove buttons are on its left.
  const field = (await edit.getByLabel('التسمية 1').boundingBox())!;
  const remove = (await edit.getByRole('button', { name: 'إزالة قيد العمل' }).boundingBox())!;
  expect(remove.x).toBeLessThan(field.x);
  // Dark: the dialog is drawn on a dark surface.
  const surface = await edit.evaluate((element) => getComputedStyle(element).backgroundColor);
  const [r, g, b] = surface.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(3 * 96);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'attribute-settings-ar-dark');
  await edit.getByRole('button', { name: 'إلغاء' }).click();
  await edit.waitFor({ state: 'hidden' });

  expect(problems).toEqual([]);
  await context.close();
});
