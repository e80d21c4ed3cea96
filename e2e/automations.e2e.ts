import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedAutomationBoard } from './automations-setup';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const grid = (page: Page) => page.getByRole('grid', { name: 'Plan', exact: true });

/** The cell of `column` in the row of `title`: the header's aria-colindex names the column. */
async function cell(page: Page, title: string, column: string) {
  const header = grid(page).getByRole('columnheader', { name: new RegExp(`^${column}`) });
  const index = await header.getAttribute('aria-colindex');
  return grid(page)
    .getByRole('row')
    .filter({ hasText: title })
    .first()
    .locator(`[role="gridcell"][aria-colindex="${index}"]`);
}

test('an automation built from the gallery sets the date and notifies the owner when the status becomes Done', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Olga Owner');
  const { path } = await seedAutomationBoard(baseUrl, owner.token);
  const { page, context, problems } = await signedInPage(browser, owner.token);
  await page.goto(path);
  await grid(page).getByText('Write the brief').waitFor();
  // The board channel's authorisation goes out after the 2 s batch window.
  await page.waitForTimeout(3_000);

  await page.getByRole('button', { name: 'Automations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Automations' });
  await dialog.getByRole('tab', { name: 'Browse', selected: true }).waitFor();
  await screenshot(page, 'automations-browse');
  await dialog
    .getByRole('button', {
      name: /^When \[status\] changes to \[label\], set \[column\] to today and notify/,
    })
    .click();

  const builder = page.getByRole('dialog', { name: 'New automation' });
  const when = builder.getByRole('region', { name: 'When' });
  const then = builder.getByRole('region', { name: 'Then' });
  const turnOn = builder.getByRole('button', { name: 'Save and turn on' });
  // Blanks empty: marked, and the automation cannot be turned on yet.
  expect(await turnOn.isDisabled()).toBe(true);
  expect(await when.getByText('Fill this in').count()).toBeGreaterThan(0);
  await screenshot(page, 'automations-builder-blank');

  await when.getByLabel('Column').selectOption({ label: 'Status' });
  await when.getByLabel('Label').selectOption({ label: 'Done' });
  const first = then.getByRole('listitem', { name: 'Action 1' });
  await first.getByLabel('Column').selectOption({ label: 'Completed' });
  const second = then.getByRole('listitem', { name: 'Action 2' });
  await second.getByRole('checkbox', { name: 'People in Owner' }).check();
  await builder.getByLabel('Name', { exact: true }).fill('Close done items');
  await expect
    .poll(() => builder.locator('[aria-live] p').textContent())
    .toBe('When Status changes to Done, set Completed to today and notify Owner');
  expect(await turnOn.isDisabled()).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'automations-builder-filled');
  await turnOn.click();

  const card = dialog.getByRole('listitem', { name: 'Close done items' });
  await card.waitFor();
  expect(await card.getByRole('switch', { name: 'Close done items' }).isChecked()).toBe(true);
  await screenshot(page, 'automations-manage');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // A person sets the status to Done in the table: the date appears, the owner's bell counts it.
  const status = await cell(page, 'Write the brief', 'Status');
  await status.click();
  await page.keyboard.press('Enter');
  await page.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: 'Done' }).click();
  await page.keyboard.press('Escape');
  const completed = await cell(page, 'Write the brief', 'Completed');
  await expect.poll(async () => (await completed.textContent())?.trim(), { timeout: 20_000 }).not.toBe('');
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 20_000 });
  await screenshot(page, 'automations-ran');

  // Its run is listed: when, on which item, what it did.
  await page.getByRole('button', { name: 'Automations' }).click();
  await dialog.getByRole('tab', { name: 'Manage' }).click();
  await card.getByText('Runs this month: 1 · in total: 1').waitFor();
  await card.getByRole('button', { name: 'Last runs' }).click();
  await card.getByText('Write the brief').waitFor();
  await card.getByText(/^Done: Set a value \(Completed\)/).waitFor();
  await dialog.getByRole('tab', { name: 'Usage' }).click();
  await dialog.getByText('1 of 250 runs used').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'automations-usage');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // Where the runs' limit notifications lead: the board's address with usage=automations opens
  // the screen on its usage, and the query leaves the address.
  await page.goto(`${path.replace(/\/[^/]+$/, '')}?usage=automations`);
  await dialog.getByRole('tab', { name: 'Usage', selected: true }).waitFor();
  await dialog.getByText('1 of 250 runs used').waitFor();
  expect(new URL(page.url()).search).toBe('');
  // The board's address opened one of its folders.
  expect(new URL(page.url()).pathname.startsWith(new URL(path).pathname.replace(/[^/]+$/, ''))).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

test('the screen reads right to left in Arabic and dark mode, and fits a 375 px screen', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rana Rules');
  const { path } = await seedAutomationBoard(baseUrl, owner.token);
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const { page, context, problems } = await signedInPage(browser, owner.token, { colorScheme: 'dark' });
  await page.goto(path);
  await page.getByRole('grid').getByText('Write the brief').waitFor();
  await page.getByRole('button', { name: 'الأتمتة' }).click();
  const dialog = page.getByRole('dialog', { name: 'الأتمتة' });
  await dialog.getByRole('tab', { selected: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'automations-browse-ar-dark');
  await dialog.getByRole('listitem').first().getByRole('button').click();
  await page.getByRole('dialog', { name: 'أتمتة جديدة' }).getByRole('region', { name: 'عندما' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'automations-builder-ar-dark');
  await context.close();

  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'en-US' });
  const small = await signedInPage(browser, owner.token, { viewport: { width: 375, height: 740 } });
  await small.page.goto(path);
  await small.page.getByRole('button', { name: 'Automations' }).click();
  const narrow = small.page.getByRole('dialog', { name: 'Automations' });
  await narrow.getByRole('listitem').first().getByRole('button').click();
  const builder = small.page.getByRole('dialog', { name: 'New automation' });
  await builder.getByRole('button', { name: 'Add action' }).waitFor();
  // Nothing wider than the screen.
  expect(await small.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(small.page)).toEqual([]);
  await screenshot(small.page, 'automations-builder-375');
  expect([...problems, ...small.problems]).toEqual([]);
  await small.context.close();
});
