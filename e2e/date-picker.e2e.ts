import type { Browser, Page } from 'playwright-core';
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

/** The cell of an item's line under the column whose header reads `column`. */
async function cell(page: Page, item: string, column: string) {
  const headers = await grid(page).getByRole('columnheader').allTextContents();
  const index = headers.findIndex((text) => text.trim() === column);
  return grid(page).getByRole('row').filter({ hasText: item }).first().getByRole('gridcell').nth(index);
}

/** The browser's today plus `days`, as a calendar date (the calendar counts in the browser's days). */
async function browserDay(page: Page, days: number): Promise<{ iso: string; ms: number }> {
  const [y, m, d] = await page.evaluate(() => {
    const now = new Date();
    return [now.getFullYear(), now.getMonth(), now.getDate()];
  });
  const ms = Date.UTC(y!, m!, d! + days);
  return { iso: new Date(ms).toISOString().slice(0, 10), ms };
}

/** A calendar date as the app shows it in `locale` (Arabic with Arabic-Indic digits). */
function shown(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
    numberingSystem: locale === 'ar' ? 'arab' : undefined,
  }).format(ms);
}

const focusedDay = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-day]')?.getAttribute('data-day') ?? null);
const focusIsOnGrid = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('role'));

async function seedDateBoard(
  owner: { token: Token },
  teamId: number,
  names: { column: string; item: string },
) {
  const board = await seedBoard(baseUrl, owner.token, teamId, {
    name: 'Launch',
    folders: ['Plan'],
    columns: [{ name: names.column, type: 'date' }],
    items: [{ values: { Name: names.item } }],
  });
  return `${baseUrl}/b/${board.boardId}/${board.folders.Plan}`;
}

test('a date is set in a table cell by keyboard alone, shown in English and kept after a reload', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Dana Dates');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Atlas' });
  const url = await seedDateBoard(owner, team.id, { column: 'Due', item: 'Print the posters' });
  const { page, context, problems } = await signedInPage(browser, owner.token);
  await page.goto(url);
  await (await cell(page, 'Print the posters', 'Name')).click();

  // Enter on the empty cell opens the calendar on today; arrows move a day and a week; Enter picks.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Due' });
  await expect.poll(() => focusedDay(page)).toBe((await browserDay(page, 0)).iso);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const target = await browserDay(page, 8);
  expect(await focusedDay(page)).toBe(target.iso);
  await screenshot(page, 'date-picker-en');
  await page.keyboard.press('Enter');
  await calendar.waitFor({ state: 'hidden' });
  await expect
    .poll(async () => (await cell(page, 'Print the posters', 'Due')).textContent())
    .toBe(shown(target.ms, 'en-US'));
  await expect.poll(() => focusIsOnGrid(page)).toBe('grid');

  // Escape closes without a change and gives the keyboard back to the grid.
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedDay(page)).toBe(target.iso);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await calendar.waitFor({ state: 'hidden' });
  await expect.poll(() => focusIsOnGrid(page)).toBe('grid');
  expect(await (await cell(page, 'Print the posters', 'Due')).textContent()).toBe(shown(target.ms, 'en-US'));

  // Typed in the locale's own order (month first in English).
  await page.keyboard.type('12/25/2026');
  await page.keyboard.press('Enter');
  const christmas = shown(Date.UTC(2026, 11, 25), 'en-US');
  await expect.poll(async () => (await cell(page, 'Print the posters', 'Due')).textContent()).toBe(christmas);

  // Saved on the server: a reload shows it.
  await expect
    .poll(async () => {
      const items = await apiCall<{ values: Record<string, { data: unknown }> }[]>(
        baseUrl,
        owner.token,
        'GET',
        `/api/${team.id}/folders/${url.split('/').pop()}/items`,
      );
      return Object.values(items[0]!.values).map((value) => value.data);
    })
    .toContain('2026-12-25');
  await page.reload();
  await expect.poll(async () => (await cell(page, 'Print the posters', 'Due')).textContent()).toBe(christmas);

  expect(problems).toEqual([]);
  await context.close();
});

test('in Arabic and dark mode the calendar is mirrored, in Arabic digits, dark, and passes axe', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rami Dates');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Nour' });
  const url = await seedDateBoard(owner, team.id, { column: 'الموعد', item: 'طباعة الملصقات' });
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const { page, context, problems } = await signedInPage(browser, owner.token, { colorScheme: 'dark' });
  await page.goto(url);
  await (await cell(page, 'طباعة الملصقات', 'الموعد')).click();
  await page.keyboard.press('Enter');

  const calendar = page.getByRole('dialog', { name: 'الموعد' });
  await expect.poll(async () => (await focusedDay(page)) !== null).toBe(true);
  expect(await calendar.locator('[dir]').first().getAttribute('dir')).toBe('rtl');
  // Right-to-left: the left arrow goes on to the next day.
  const before = await page.evaluate(() => document.activeElement?.textContent ?? '');
  expect(before).toMatch(/^[٠-٩]+$/);
  await page.keyboard.press('ArrowLeft');
  const target = await browserDay(page, 1);
  // The calendar is dark with our tokens.
  const surface = await calendar.evaluate((element) => getComputedStyle(element).backgroundColor);
  const [r, g, b] = surface.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(3 * 96);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'date-picker-ar-dark');

  await page.keyboard.press('Enter');
  await calendar.waitFor({ state: 'hidden' });
  const text = shown(target.ms, 'ar');
  await expect.poll(async () => (await cell(page, 'طباعة الملصقات', 'الموعد')).textContent()).toBe(text);
  await page.reload();
  await expect.poll(async () => (await cell(page, 'طباعة الملصقات', 'الموعد')).textContent()).toBe(text);
  expect(await seriousViolations(page)).toEqual([]);

  expect(problems).toEqual([]);
  await context.close();
});

test('the item panel and a date filter pick days with the same calendar', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Fay Filters');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Atlas' });
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Launch',
    folders: ['Plan'],
    columns: [{ name: 'Due', type: 'date' }],
    items: [
      { values: { Name: 'Print the posters', Due: '2026-03-10' } },
      { values: { Name: 'Book the venue', Due: '2026-03-20' } },
    ],
  });
  const { page, context, problems } = await signedInPage(browser, owner.token);
  await page.goto(`${baseUrl}/b/${board.boardId}/${board.folders.Plan}`);

  // The item panel: its value's editor opens on the value's day; a week later is picked by keyboard.
  await grid(page).getByRole('button', { name: 'Open Print the posters' }).click();
  const panel = page.getByRole('dialog', { name: 'Print the posters' });
  await panel.getByRole('button', { name: 'Edit Due' }).click();
  await expect.poll(() => focusedDay(page)).toBe('2026-03-10');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => panel.getByRole('definition').allTextContents()).toContain('Mar 17, 2026');
  // The keyboard goes on from the value's Edit button.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Edit Due');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  await expect
    .poll(async () => (await cell(page, 'Print the posters', 'Due')).textContent())
    .toBe('Mar 17, 2026');

  // A filter on an exact day: typed in the English order, then changed in its calendar.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('button', { name: 'Add filter' }).click();
  const rule = page.getByRole('listitem', { name: 'Condition 1' });
  await rule.getByLabel('Attribute').selectOption({ label: 'Due' });
  await rule.getByLabel('Day').selectOption('exact');
  await rule.getByRole('textbox', { name: 'Value' }).fill('3/20/2026');
  await expect
    .poll(() => grid(page).getByRole('row').allTextContents())
    .not.toContainEqual(expect.stringContaining('Print the posters'));
  const choose = rule.getByRole('button', { name: 'Choose a date' });
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedDay(page)).toBe('2026-03-20');
  expect(await seriousViolations(page, '[role="dialog"][aria-label="Calendar"]')).toEqual([]);
  await screenshot(page, 'date-picker-filter');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect.poll(() => rule.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('03/17/2026');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Choose a date');
  await expect
    .poll(() => grid(page).getByRole('row').allTextContents())
    .toContainEqual(expect.stringContaining('Print the posters'));
  expect(await grid(page).getByRole('row').allTextContents()).not.toContainEqual(
    expect.stringContaining('Book the venue'),
  );

  expect(problems).toEqual([]);
  await context.close();
});
