import { ATTRIBUTE_TYPES } from '@strata/domain/attributes/attribute-types';
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

/** Each type's name in the "Add column" dialog (en-US), as users pick it. */
const TYPE_NAMES: Record<(typeof ATTRIBUTE_TYPES)[number], string> = {
  text: 'Text',
  longtext: 'Long text',
  number: 'Number',
  checkbox: 'Checkbox',
  label: 'Label',
  members: 'Members',
  date: 'Date',
  date_range: 'Start and end date',
  email: 'Email',
  phone: 'Phone',
  links: 'Links',
  checklist: 'Checklist',
  attachments: 'Attachments',
  progress: 'Progress',
  rating: 'Rating',
  reference: 'Reference',
  dependency: 'Dependency',
  button: 'Button',
  custom_id: 'Custom ID',
  formula: 'Formula',
  time_tracking: 'Time tracking',
  created_at: 'Created at',
  created_by: 'Created by',
  updated_at: 'Updated at',
  source_folder: 'Source folder',
};
/** Types that open "Edit column" as soon as they are added (they do nothing until set up). */
const SET_UP_FIRST = new Set(['label', 'formula', 'button', 'dependency']);

test('a column of every attribute type is added in the browser; the item panel shows them all', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Tia Types');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Types' });
  const { page, context, problems } = await signedInPage(browser, owner.token);

  await page.goto(`${baseUrl}/team/${team.id}/boards/create?name=Every type`);
  await page.getByRole('button', { name: 'Create board' }).click();
  await grid(page).getByRole('columnheader', { name: /Name/ }).waitFor();
  const [, , boardId] = new URL(page.url()).pathname.split('/');
  await grid(page).getByRole('gridcell', { name: 'Add item' }).first().click();
  const input = grid(page).getByLabel('New item name').first();
  await input.fill('Launch plan');
  await input.press('Enter');
  await row(page, 'Launch plan').first().waitFor();

  for (const type of ATTRIBUTE_TYPES) {
    const name = `${TYPE_NAMES[type]} column`;
    await page.getByRole('button', { name: 'Add column' }).click();
    const dialog = page.getByRole('dialog', { name: 'New column' });
    await dialog.getByRole('button', { name: /^Type/ }).click();
    await page.getByRole('option', { name: TYPE_NAMES[type], exact: true }).click();
    await dialog.getByLabel('Column name').fill(name);
    await dialog.getByRole('button', { name: 'Add' }).click();
    if (SET_UP_FIRST.has(type)) {
      const edit = page.getByRole('dialog', { name: 'Edit column' });
      await edit.waitFor();
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'hidden' });
    } else await dialog.waitFor({ state: 'hidden' });
  }

  // Kept by the server, one of each type, under the names given.
  await expect
    .poll(async () => {
      const attributes = await apiCall<{ type: string; name: string }[]>(
        baseUrl,
        owner.token,
        'GET',
        `/api/${team.id}/boards/${boardId}/attributes`,
      );
      return attributes
        .filter((attribute) => attribute.name.endsWith(' column'))
        .map((attribute) => attribute.type)
        .sort();
    })
    .toEqual([...ATTRIBUTE_TYPES].sort());

  // The item's panel lists every column with its value (or none yet).
  await grid(page).getByRole('button', { name: 'Open Launch plan' }).click();
  const panel = page.getByRole('dialog', { name: 'Launch plan' });
  await panel.waitFor();
  for (const type of ATTRIBUTE_TYPES) {
    // Each is reached by scrolling the panel (one scroll for the whole panel, none inside it).
    const term = panel.getByRole('term').filter({ hasText: new RegExp(`^${TYPE_NAMES[type]} column$`) });
    await term.scrollIntoViewIfNeeded();
    expect(await term.isVisible(), type).toBe(true);
  }
  const values = await panel.locator('dl').evaluate((list) => getComputedStyle(list).overflowY);
  expect(values).toBe('visible');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'item-panel-every-type');

  expect(problems).toEqual([]);
  await context.close();
});

test('a dependency links another item of the board with its type and lag; Arabic and dark read right to left', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Dee Pendency');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Plans' });
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Launch',
    folders: ['Work'],
    columns: [
      { name: 'Depends on', type: 'dependency' },
      { name: 'When', type: 'date_range' },
      { name: 'Cost', type: 'number' },
    ],
    items: [{ values: { Name: 'Design' } }, { values: { Name: 'Build' } }],
  });
  const folderId = board.folders.Work!;
  const dependsOn = board.columns['Depends on']!;
  const items = () =>
    apiCall<{ id: string; values: Record<string, { data: unknown }> }[]>(
      baseUrl,
      owner.token,
      'GET',
      `/api/${team.id}/folders/${folderId}/items`,
    );
  const itemNamed = async (name: string) =>
    (await items()).find((item) => item.values[board.columns.Name!]?.data === name)!;
  const design = await itemNamed('Design');
  const { page, context, problems } = await signedInPage(browser, owner.token);
  /** The Depends on cell of the row of Build: the header's aria-colindex names the column. */
  const buildCell = async (on: Page) => {
    const header = grid(on).getByRole('columnheader', { name: /Depends on/ });
    const index = await header.getAttribute('aria-colindex');
    return row(on, 'Build').first().locator(`[role="gridcell"][aria-colindex="${index}"]`);
  };

  await page.goto(`${baseUrl}/b/${board.boardId}/${folderId}`);
  await row(page, 'Build').first().waitFor();
  await (await buildCell(page)).dblclick();
  const editor = page.getByRole('dialog', { name: 'Depends on' });
  await editor.getByRole('combobox', { name: 'Search items to add as predecessors' }).fill('D');
  const results = editor.getByRole('listbox', { name: 'Items to add' });
  await results.getByRole('option', { name: 'Design' }).waitFor();
  // The item itself is never offered.
  expect(await results.getByRole('option', { name: 'Build' }).count()).toBe(0);
  await results.getByRole('option', { name: 'Design' }).click();
  await editor.getByRole('combobox', { name: 'Type of the link to Design' }).selectOption('SS');
  const lag = editor.getByRole('spinbutton', { name: 'Lag in days for Design' });
  await lag.fill('2');
  await lag.press('Enter');
  await expect
    .poll(async () => (await itemNamed('Build')).values[dependsOn]?.data)
    .toEqual([{ item_id: design.id, type: 'SS', lag_days: 2 }]);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'dependency-editor');
  await page.keyboard.press('Escape');
  await editor.waitFor({ state: 'hidden' });
  await expect
    .poll(async () => (await (await buildCell(page)).textContent())?.trim())
    .toBe('Design · SS +2d');

  // "Edit column": what it schedules (a date column of the board) and its working days.
  await grid(page).getByRole('button', { name: 'Depends on column options' }).click();
  await page.getByRole('menuitem', { name: 'Edit column' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit column' });
  await edit.getByRole('button', { name: /^Schedules/ }).click();
  const schedules = page.getByRole('listbox', { name: 'Schedules' });
  expect(await schedules.getByRole('option').allTextContents()).toEqual(['None', 'When']);
  await schedules.getByRole('option', { name: 'When' }).click();
  const days = edit.getByRole('group', { name: 'Working days' });
  await days.getByRole('checkbox', { name: 'Saturday' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'dependency-settings');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'hidden' });
  await expect
    .poll(async () => {
      const attributes = await apiCall<{ id: string; settings: unknown }[]>(
        baseUrl,
        owner.token,
        'GET',
        `/api/${team.id}/boards/${board.boardId}/attributes`,
      );
      return attributes.find((attribute) => attribute.id === dependsOn)?.settings;
    })
    .toEqual({ schedules: board.columns.When, workingWeekdays: [1, 2, 3, 4, 5, 6] });
  expect(problems).toEqual([]);
  await context.close();

  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar', preferences: { theme: 'dark' } });
  const rtl = await signedInPage(browser, owner.token);
  await rtl.page.goto(`${baseUrl}/b/${board.boardId}/${folderId}`);
  await row(rtl.page, 'Build').first().waitFor();
  expect(
    await rtl.page.evaluate(() => [document.documentElement.dir, document.documentElement.dataset.theme]),
  ).toEqual(['rtl', 'dark']);
  await (await buildCell(rtl.page)).dblclick();
  const arabic = rtl.page.getByRole('dialog', { name: 'Depends on' });
  const chip = arabic.getByRole('list').getByText('Design', { exact: true });
  const detail = arabic.getByRole('list').getByText(/SS/);
  // Right to left: the link's type and lag follow its title on the left.
  expect((await detail.boundingBox())!.x).toBeLessThan((await chip.boundingBox())!.x);
  expect(await seriousViolations(rtl.page)).toEqual([]);
  await screenshot(rtl.page, 'dependency-editor-ar-dark');
  await rtl.page.keyboard.press('Escape');
  await arabic.waitFor({ state: 'hidden' });
  await grid(rtl.page).getByRole('button', { name: 'خيارات عمود Depends on' }).click();
  await rtl.page.getByRole('menuitem', { name: 'تعديل العمود' }).click();
  // The week in Arabic starts on Saturday, each day named in Arabic.
  const week = rtl.page.getByRole('dialog').getByRole('group', { name: 'أيام العمل' });
  await week.waitFor();
  expect(await week.locator('label').allTextContents()).toEqual([
    'كل الأيام محتسبة',
    'السبت',
    'الأحد',
    'الاثنين',
    'الثلاثاء',
    'الأربعاء',
    'الخميس',
    'الجمعة',
  ]);
  expect(await seriousViolations(rtl.page)).toEqual([]);
  await screenshot(rtl.page, 'dependency-settings-ar-dark');
  expect(rtl.problems).toEqual([]);
  await rtl.context.close();
});
