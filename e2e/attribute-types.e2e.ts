import { ATTRIBUTE_TYPES } from '@strata/domain/attributes/attribute-types';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
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
const SET_UP_FIRST = new Set(['label', 'formula', 'button']);

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
