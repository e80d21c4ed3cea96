import type { Browser } from 'playwright-core';
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

test('a form’s answer runs an automation built from scratch: a new item with its values', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Fern Owner');
  const { teamId, board, path } = await seedAutomationBoard(baseUrl, owner.token);
  const form = await apiCall<{ id: string }>(
    baseUrl,
    owner.token,
    'PUT',
    `/api/${teamId}/views/${crypto.randomUUID()}`,
    {
      folder_id: board.folders.Archive,
      type: 'form',
      name: 'Bug report',
      settings: {
        shared: true,
        title: 'Report a bug',
        fields: [{ attribute_id: board.columns.Name, required: true }],
      },
      row_version: 1,
    },
  );
  const { page, context, problems } = await signedInPage(browser, owner.token);
  await page.goto(path);
  const grid = page.getByRole('grid', { name: 'Plan', exact: true });
  await grid.getByText('Write the brief').waitFor();
  // The board channel's authorisation goes out after the 2 s batch window.
  await page.waitForTimeout(3_000);

  await page.getByRole('button', { name: 'Automations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Automations' });
  await dialog.getByRole('button', { name: 'Start from scratch' }).click();
  const builder = page.getByRole('dialog', { name: 'New automation' });
  const when = builder.getByRole('region', { name: 'When' });
  const then = builder.getByRole('region', { name: 'Then' });
  await when.getByLabel('Trigger').selectOption('form_submitted');
  // The forms are a folder's: the form choice comes with the folder.
  expect(await when.getByLabel('Form').count()).toBe(0);
  await when.getByLabel('In folder').selectOption({ label: 'Archive' });
  await when.getByLabel('Form').selectOption({ label: 'Bug report' });

  await then.getByLabel('Kind of the new action').selectOption('create_item');
  await then.getByRole('button', { name: 'Add action' }).click();
  const action = then.getByRole('listitem', { name: 'Action 1' });
  await action.getByLabel('Folder').selectOption({ label: 'Plan' });
  await action.getByLabel('Name of the new item').fill('Triage the report');
  await screenshot(page, 'automations-forms-new-item');
  await action.getByRole('button', { name: 'Add a value' }).click();
  await action.getByLabel('Column').last().selectOption({ label: 'Completed' });
  await action.getByLabel('Set to').last().selectOption('today');
  await builder.getByLabel('Name', { exact: true }).fill('Triage bugs');
  await expect
    .poll(() => builder.locator('[aria-live] p').textContent())
    .toMatch(/^When the form Bug report is submitted in Archive, create an item in Plan/);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'automations-forms-builder');
  await builder.getByRole('button', { name: 'Save and turn on' }).click();
  await dialog.getByRole('listitem', { name: 'Triage bugs' }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // A visitor answers the form: the automation creates the item, dated today.
  const visitor = await browser.newContext();
  const answer = await visitor.newPage();
  await answer.goto(`${baseUrl}/form/${form.id}`);
  await answer.getByRole('textbox', { name: /^Name/ }).fill('The export button does nothing');
  await answer.getByRole('button', { name: /Submit/ }).click();
  // The new item arrives in the table live.
  await grid.getByText('Triage the report').waitFor({ timeout: 30_000 });
  await screenshot(page, 'automations-forms-ran');
  const today = new Date().toISOString().slice(0, 10);
  await expect
    .poll(
      async () => {
        const items = await apiCall<{ values: Record<string, { data: unknown }> }[]>(
          baseUrl,
          owner.token,
          'GET',
          `/api/${teamId}/folders/${board.folders.Plan}/items`,
        );
        return items.map((item) => [
          item.values[board.columns.Name]?.data,
          item.values[board.columns.Completed]?.data,
        ]);
      },
      { timeout: 30_000 },
    )
    .toEqual([
      ['Write the brief', undefined],
      ['Triage the report', today],
    ]);
  await visitor.close();
  expect(problems).toEqual([]);
  await context.close();
});
