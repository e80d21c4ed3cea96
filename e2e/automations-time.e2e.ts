import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { STATUS_LABELS, seedAutomationBoard } from './automations-setup';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  // The server is shared by every browser test: its clock goes back to the real time.
  await fetch(`${baseUrl}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reset: true }),
  });
});

const DAY_MS = 86_400_000;
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

/** The first Monday 09:00 UTC after `from` (the schedule's time for a profile without a zone). */
function nextMondayNine(from: Date): number {
  const day = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let offset = 0; offset <= 7; offset++) {
    const at = day + offset * DAY_MS + 9 * 3_600_000;
    if (new Date(at).getUTCDay() === 1 && at > from.getTime()) return at;
  }
  throw new Error('no Monday within a week');
}

test('a button runs the automation it names; a weekly schedule from the gallery adds its item once the clock passes Monday 09:00', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Tess Timer');
  const { path, teamId, board } = await seedAutomationBoard(baseUrl, owner.token, [
    { name: 'Go', type: 'button', settings: { label: 'Go', action: null } },
  ]);
  // What the button will run: set Status to Done (its own trigger, a comment, does not happen here).
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${teamId}/automations/${crypto.randomUUID()}`, {
    board_id: board.boardId,
    name: 'Finish the item',
    enabled: true,
    recipe: {
      version: 1,
      trigger: { kind: 'comment_added', folder_id: null },
      actions: [{ kind: 'add_label', attribute_id: board.columns.Status, label_id: STATUS_LABELS[2]!.id }],
    },
    row_version: 1,
  });
  const { page, context, problems } = await signedInPage(browser, owner.token);
  await page.goto(path);
  await grid(page).getByText('Write the brief').waitFor();
  // The board channel's authorisation goes out after the 2 s batch window.
  await page.waitForTimeout(3_000);

  // The button "Go" is set to run "Finish the item" in Edit column; a click runs it on the row.
  await grid(page).getByRole('button', { name: 'Go column options' }).click();
  await page.getByRole('menuitem', { name: 'Edit column' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit column' });
  await edit.getByRole('button', { name: /^When clicked/ }).click();
  await page.getByRole('option', { name: 'Run an automation' }).click();
  await edit.getByRole('button', { name: /^Automation/ }).click();
  await page.getByRole('option', { name: 'Finish the item' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'automations-time-button-settings');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'hidden' });

  const status = await cell(page, 'Write the brief', 'Status');
  expect((await status.textContent())?.trim()).toBe('To do');
  await (await cell(page, 'Write the brief', 'Go')).getByRole('button', { name: 'Go' }).click();
  await expect.poll(async () => (await status.textContent())?.trim(), { timeout: 30_000 }).toBe('Done');
  await screenshot(page, 'automations-time-button-ran');

  await page.getByRole('button', { name: 'Automations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Automations' });
  // Time and button triggers have recipes of their own.
  await dialog
    .getByRole('button', { name: /^1 day before \[date\], at 9:00 AM, notify \[people\]/ })
    .waitFor();
  await dialog
    .getByRole('button', { name: /^When \[button\] is clicked, set \[status\] to \[label\]/ })
    .waitFor();
  await dialog
    .getByRole('button', { name: /^Every Monday at 9:00 AM, create an item in \[folder\]/ })
    .click();

  const builder = page.getByRole('dialog', { name: 'New automation' });
  const when = builder.getByRole('region', { name: 'When' });
  const then = builder.getByRole('region', { name: 'Then' });
  expect(await when.getByLabel('Trigger').inputValue()).toBe('schedule');
  expect(await when.getByLabel('Repeats').inputValue()).toBe('week');
  expect(await when.getByLabel('At', { exact: true }).inputValue()).toBe('09:00');
  await when.getByText(/Next run: Monday/).waitFor();
  // The weekdays are toggle buttons a keyboard presses: Friday on, then off again.
  const days = when.getByRole('group', { name: 'On these days' });
  expect(await days.getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe('true');
  const friday = days.getByRole('button', { name: 'Friday' });
  await friday.focus();
  await page.keyboard.press('Space');
  expect(await friday.getAttribute('aria-pressed')).toBe('true');
  await page.keyboard.press('Enter');
  expect(await friday.getAttribute('aria-pressed')).toBe('false');
  // A custom rule the server cannot read is told in words, then the weekly schedule comes back.
  await when.getByLabel('Repeats').selectOption('rrule');
  expect(await when.getByLabel('Rule (RRULE)').inputValue()).toBe('FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0');
  await when.getByLabel('Rule (RRULE)').fill('every monday');
  await when.getByText('This rule cannot be read: compare it with the example.').waitFor();
  await screenshot(page, 'automations-time-rrule');
  await when.getByLabel('Repeats').selectOption('day');
  await when.getByLabel('Repeats').selectOption('week');

  const action = then.getByRole('listitem', { name: 'Action 1' });
  await action.getByLabel('Folder').selectOption({ label: 'Plan' });
  await action.getByLabel('Name of the new item').fill('Weekly report');
  await builder.getByLabel('Name', { exact: true }).fill('Weekly report');
  await expect
    .poll(() => builder.locator('[aria-live] p').textContent())
    .toBe('Every Monday at 9:00 AM, create an item in Plan');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'automations-time-builder');
  await builder.getByRole('button', { name: 'Save and turn on' }).click();
  const card = dialog.getByRole('listitem', { name: 'Weekly report' });
  await card.getByText('Every Monday at 9:00 AM, create an item in Plan').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  expect(problems).toEqual([]);

  // The server's clock, moved once, past the next Monday 09:00 UTC after the save (its own time).
  // The page's session expires with it: from here it only watches the table, live.
  const saved = await apiCall<{ name: string; updated_at: string }[]>(
    baseUrl,
    owner.token,
    'GET',
    `/api/${teamId}/boards/${board.boardId}/automations`,
  );
  const savedAt = new Date(saved.find((one) => one.name === 'Weekly report')!.updated_at);
  const advance = nextMondayNine(savedAt) - savedAt.getTime() + 60_000;
  expect(advance).toBeLessThanOrEqual(8 * DAY_MS);
  const moved = await fetch(`${baseUrl}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: advance }),
  });
  expect(moved.status).toBe(200);
  expect(((await moved.json()) as { runs: number }).runs).toBeGreaterThanOrEqual(1);
  // The new item arrives live, as any change.
  await grid(page).getByText('Weekly report').waitFor({ timeout: 30_000 });
  await screenshot(page, 'automations-time-created');

  expect(problems).toEqual([]);
  await context.close();
});

test('the schedule builder reads right to left in Arabic and dark mode, and fits a 375 px screen', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rami Rota');
  const { path } = await seedAutomationBoard(baseUrl, owner.token);
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const { page, context, problems } = await signedInPage(browser, owner.token, { colorScheme: 'dark' });
  await page.goto(path);
  await page.getByRole('grid').getByText('Write the brief').waitFor();
  await page.getByRole('button', { name: 'الأتمتة' }).click();
  const dialog = page.getByRole('dialog', { name: 'الأتمتة' });
  await dialog.getByRole('tab', { selected: true }).waitFor();
  // The weekly recipe: "every week on Monday at 9:00" in Arabic words.
  await dialog.getByRole('button', { name: /^كل أسبوع يوم الاثنين/ }).click();
  const builder = page.getByRole('dialog', { name: 'أتمتة جديدة' });
  const when = builder.getByRole('region', { name: 'عندما' });
  await when.getByRole('group', { name: 'في هذه الأيام' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'automations-time-builder-ar-dark');

  await page.setViewportSize({ width: 375, height: 740 });
  await when.getByRole('group', { name: 'في هذه الأيام' }).scrollIntoViewIfNeeded();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'automations-time-builder-ar-375');
  expect(problems).toEqual([]);
  await context.close();
});
