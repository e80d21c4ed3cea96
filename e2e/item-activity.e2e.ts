import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, type Token } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const grid = (page: Page) => page.getByRole('grid');

/** A workspace with the board Launch: folder Plan, a Points (number) column, one item. */
async function seedLaunch(token: Token) {
  const team = await apiCall<{ id: number }>(baseUrl, token, 'POST', '/api/teams', { name: 'Atlas' });
  const board = await seedBoard(baseUrl, token, team.id, {
    name: 'Launch',
    folders: ['Plan'],
    columns: [{ name: 'Points', type: 'number' }],
    items: [{ values: { Name: 'Write the brief', Points: 1 } }],
  });
  return `${baseUrl}/b/${board.boardId}/${board.folders.Plan}`;
}

/** Whether a message is on screen and not covered: inside the viewport, and what is drawn at its centre. */
async function isReadable(message: Locator): Promise<boolean> {
  return message.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside =
      box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return inside && box.width > 0 && top !== null && element.contains(top);
  });
}

test('an edit and a subitem made in the item panel show in its activity without a reload', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Ada Activity');
  const path = await seedLaunch(owner.token);
  const { page, context, problems } = await signedInPage(browser, owner.token);
  await page.goto(path);
  await grid(page).getByText('Write the brief').waitFor();
  // The board channel's authorisation goes out after the 2 s batch window.
  await page.waitForTimeout(3_000);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await grid(page).getByRole('button', { name: 'Open Write the brief' }).click();
  const panel = page.getByRole('dialog', { name: 'Write the brief' });
  const activity = panel.getByRole('region', { name: 'Activity' });
  await activity.getByText('Ada Activity created Write the brief', { exact: false }).waitFor();

  // A wrong number first: the message sits in a popover at the field, readable, named by the input.
  await panel.getByRole('button', { name: 'Edit Points' }).click();
  const input = panel.getByRole('textbox', { name: 'Points' });
  await input.fill('lots');
  await input.press('Enter');
  const message = page.getByRole('alert').filter({ hasText: 'Enter a number.' });
  await message.waitFor();
  expect(await isReadable(message)).toBe(true);
  expect(await input.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
  await screenshot(page, 'item-panel-number-error');

  await input.fill('5');
  await input.press('Enter');
  await activity
    .getByText('Ada Activity changed Points from 1 to 5', { exact: false })
    .waitFor({ timeout: 10_000 });

  await panel.getByLabel('New subitem name').fill('Draft outline');
  await panel.getByLabel('New subitem name').press('Enter');
  await activity
    .getByText('Ada Activity created Draft outline as a subitem of Write the brief', { exact: false })
    .waitFor({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await screenshot(page, 'item-panel-activity-live');
  expect(problems).toEqual([]);
  await context.close();
});

test('a wrong number in a table cell shows its message at the cell, readable, in Arabic and dark mode too', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rana Rows');
  const path = await seedLaunch(owner.token);
  for (const setup of [
    { locale: 'en-US', scheme: 'light', height: 800, text: 'Enter a number.', name: 'table-number-error' },
    { locale: 'ar', scheme: 'dark', height: 800, text: 'أدخل رقمًا.', name: 'table-number-error-ar-dark' },
    // The row at the bottom edge: no room below the cell, so the message opens above it.
    {
      locale: 'en-US',
      scheme: 'light',
      height: 410,
      text: 'Enter a number.',
      name: 'table-number-error-above',
    },
  ] as const) {
    await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: setup.locale });
    const { page, context, problems } = await signedInPage(browser, owner.token, {
      colorScheme: setup.scheme,
      viewport: { width: 1280, height: setup.height },
    });
    await page.goto(path);
    const row = grid(page).getByRole('row').filter({ hasText: 'Write the brief' }).first();
    await row.waitFor();
    const headers = await grid(page).getByRole('columnheader').allTextContents();
    const points = row.getByRole('gridcell').nth(headers.findIndex((text) => text.includes('Points')));
    await points.click();
    await page.keyboard.type('lots');
    await page.keyboard.press('Enter');
    const message = page.getByRole('alert').filter({ hasText: setup.text });
    await message.waitFor();
    expect(await isReadable(message)).toBe(true);
    const cell = (await points.boundingBox())!;
    const shown = (await message.boundingBox())!;
    // Anchored to the editor inside the cell: the message lies wholly on one side of its middle.
    const middle = cell.y + cell.height / 2;
    if (cell.y + cell.height + shown.height > setup.height)
      expect(shown.y + shown.height).toBeLessThan(middle);
    else expect(shown.y).toBeGreaterThan(middle);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, setup.name);
    await page.keyboard.press('Escape');
    await message.waitFor({ state: 'detached' });

    // A paste the cell refuses (the grid has the focus back) shows its message at the cell too.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'lots');
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
      );
    });
    const pasted = page.getByRole('alert');
    await pasted.waitFor();
    expect(await points.getAttribute('aria-describedby')).toBe(await pasted.getAttribute('id'));
    expect(await isReadable(pasted)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `${setup.name}-paste`);
    await page.keyboard.press('ArrowDown');
    await pasted.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  }
});
