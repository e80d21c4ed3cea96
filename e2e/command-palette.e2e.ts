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

/**
 * A workspace with a board Launch (folder Plan, items Write the brief and Book the venue) and a
 * comment on Write the brief; answers the ids.
 */
async function seedDiscussedBoard(token: Token, comment: string) {
  const team = await apiCall<{ id: number }>(baseUrl, token, 'POST', '/api/teams', { name: 'Atlas' });
  const board = await seedBoard(baseUrl, token, team.id, {
    name: 'Launch',
    folders: ['Plan'],
    columns: [],
    items: [{ values: { Name: 'Write the brief' } }, { values: { Name: 'Book the venue' } }],
  });
  const folderId = board.folders.Plan!;
  const answer = await apiCall<{ data?: { id: string; values: Record<string, { data: unknown }> }[] }>(
    baseUrl,
    token,
    'GET',
    `/api/${team.id}/folders/${folderId}/items`,
  );
  const items = Array.isArray(answer) ? answer : (answer.data ?? []);
  const nameId = board.columns.Name!;
  const item = items.find((candidate) => candidate.values[nameId]?.data === 'Write the brief')!;
  const commentId = crypto.randomUUID();
  await apiCall(baseUrl, token, 'PUT', `/api/${team.id}/comments/${commentId}`, {
    text: { html: `<p>${comment}</p>` },
    board_id: board.boardId,
    item_id: item.id,
    row_version: 1,
  });
  return { teamId: team.id, boardId: board.boardId, folderId, itemId: item.id, commentId };
}

const palette = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

test('Ctrl+K opens the palette anywhere, a command runs, ? lists the shortcuts, a comment’s word finds its item', async () => {
  const ada = await createVerifiedAccount(baseUrl, 'Ada Palette');
  const seeded = await seedDiscussedBoard(ada.token as Token, 'Remember the zeppelin budget');
  const { page, context, problems } = await signedInPage(browser, ada.token as Token);
  await page.goto(`${baseUrl}/b/${seeded.boardId}/${seeded.folderId}`);
  await page.getByRole('grid').getByText('Write the brief').waitFor();

  // The header's button says how: Ctrl+K on this (non-Apple) keyboard.
  const button = page.getByRole('button', { name: 'Search or run a command' });
  expect(await button.getAttribute('aria-keyshortcuts')).toBe('Control+K');
  await page.getByRole('banner').getByText('Ctrl+K', { exact: true }).waitFor();

  // Ctrl+K opens it with the focus in its field; a theme command runs; the focus comes back.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+K');
  const dialog = palette(page, 'Command palette');
  await dialog.waitFor();
  const input = dialog.getByRole('combobox', { name: 'Search or run a command' });
  expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
  await dialog.getByRole('option', { name: 'Create an item' }).waitFor();
  await screenshot(page, 'command-palette');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.type('theme dark');
  await dialog.getByRole('option', { name: 'Dark' }).waitFor();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  // The account menu reads the same commands: Dark is the one ticked there.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).waitFor();
  expect(await page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  await page.keyboard.press('Escape');

  // ? shows the shortcuts sheet, the registry's shortcuts by group.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Shift+Slash');
  const sheet = palette(page, 'Keyboard shortcuts');
  await sheet.waitFor();
  for (const label of ['Search or run a command', 'Create an item', 'Show or hide the folder panel'])
    await sheet.getByText(label, { exact: true }).waitFor();
  expect(await sheet.getByText('Ctrl+Shift+\\').count()).toBe(1);
  await screenshot(page, 'command-palette-shortcuts');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });

  // The header's button opens it too; a word of a comment finds the item it is on.
  await button.click();
  await dialog.waitFor();
  await page.keyboard.type('zeppelin');
  const hit = dialog.getByRole('option', { name: /Write the brief/ });
  await hit.waitFor();
  expect(await hit.locator('mark').first().textContent()).toBe('zeppelin');
  expect(await hit.textContent()).toContain('Launch');
  await screenshot(page, 'command-palette-search');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(() => new URL(page.url()).pathname)
    .toBe(`/b/${seeded.boardId}/${seeded.folderId}/${seeded.itemId}`);
  const target = page.locator(`#comment-${seeded.commentId}`);
  await target.waitFor();
  expect(await target.getAttribute('class')).toMatch(/highlighted/);
  expect(await page.getByRole('tab', { name: 'Comments' }).getAttribute('aria-selected')).toBe('true');

  expect(problems).toEqual([]);
  await context.close();
});

test('the palette in Arabic and dark: right to left, translated, searching Arabic text', async () => {
  const rana = await createVerifiedAccount(baseUrl, 'Rana Palette');
  await apiCall(baseUrl, rana.token, 'PUT', '/api/me', { locale: 'ar' });
  const seeded = await seedDiscussedBoard(rana.token as Token, 'مراجعة الميزانية غدا');
  const { page, context, problems } = await signedInPage(browser, rana.token as Token, {
    colorScheme: 'dark',
  });
  await page.goto(`${baseUrl}/b/${seeded.boardId}/${seeded.folderId}`);
  await page.getByRole('grid').getByText('Write the brief').waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

  await page.keyboard.press('Control+K');
  const dialog = palette(page, 'لوحة الأوامر');
  await dialog.waitFor();
  await dialog.getByRole('option', { name: 'إنشاء عنصر' }).waitFor();
  await page.keyboard.type('الميزانية');
  const hit = dialog.getByRole('option', { name: /Write the brief/ });
  await hit.waitFor();
  expect(await hit.locator('mark').first().textContent()).toBe('الميزانية');
  await screenshot(page, 'command-palette-ar-dark');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await page.keyboard.press('Shift+Slash');
  const sheet = palette(page, 'اختصارات لوحة المفاتيح');
  await sheet.waitFor();
  await screenshot(page, 'command-palette-shortcuts-ar-dark');
  expect(await seriousViolations(page)).toEqual([]);

  expect(problems).toEqual([]);
  await context.close();
});
