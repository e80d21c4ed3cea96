import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium, screenshot, watchConsole } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

type Token = Record<string, unknown>;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(11)), (byte) => BASE62[byte % 62]).join('');

async function api(token: Token, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

test("a board's permissions: picked from the screen, edited against the workspace, saved for that board only", async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Bea Boardowner');
  const team = (await api(owner.token, 'POST', '/api/teams', { name: 'Quarry' })) as { id: number };
  const boardId = newId();
  await api(owner.token, 'PUT', `/api/${team.id}/boards/${boardId}`, {
    name: 'Launch',
    is_private: true,
    row_version: 1,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, owner.token);
  const page = await context.newPage();
  const problems = watchConsole(page);

  await page.goto(`${baseUrl}/team/${team.id}/permissions`);
  await page.getByRole('table').waitFor();
  await page.getByRole('button', { name: /^Permissions for/ }).click();
  await page.getByRole('option', { name: 'Launch' }).click();
  await page.waitForURL(`${baseUrl}/team/${team.id}/boards/${boardId}/permissions`);
  await page.getByText('This board is private').waitFor();
  await screenshot(page, 'board-permissions');

  const exportCell = page.getByRole('checkbox', { name: 'Member: Export', exact: true });
  expect(await exportCell.isChecked()).toBe(true);
  await exportCell.uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'The permissions were saved.' }).waitFor();
  const record = await api(owner.token, 'GET', `/api/${team.id}/permissions/boards/${boardId}`);
  expect(record).toMatchObject({ permissions: ['EXPORT:deny:role:full-member'], row_version: 1 });

  // Back to the workspace: its record is untouched.
  await page.getByRole('button', { name: /^Permissions for/ }).click();
  await page.getByRole('option', { name: 'The whole workspace' }).click();
  await page.waitForURL(`${baseUrl}/team/${team.id}/permissions`);
  await expect
    .poll(() => page.getByRole('checkbox', { name: 'Member: Export', exact: true }).isChecked())
    .toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

test('the permissions screen reads right to left in Arabic and dark mode, its texts from the catalogue', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rana Rights');
  await api(owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const team = (await api(owner.token, 'POST', '/api/teams', { name: 'Quarry' })) as { id: number };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  await signInContext(context, owner.token);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/team/${team.id}/permissions`);
  await page.getByRole('table').waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  // No catalogue key shows through as text (the permissions part loads apart from the first one).
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/permissions\.[a-zA-Z]/);
  expect(text).toMatch(/[\u0600-\u06FF]/);
  await screenshot(page, 'workspace-permissions-ar-dark');
  const { seriousViolations } = await import('./a11y');
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
