import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount } from './accounts';
import { seedBoard } from './board-seed';
import { launchChromium } from './browser';
import { apiCall, signedInPage } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The API calls the page makes (images, such as avatars, aside), as `METHOD path?query`, in order. */
function recordApiRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/') || !['fetch', 'xhr'].includes(request.resourceType())) return;
    requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return requests;
}

/** What the page's head script sent early and the app has not taken (head/early-reads.js). */
const untakenEarlyReads = (page: Page) =>
  page.evaluate(() =>
    Object.keys((window as { strataEarlyReads?: { reads: object } }).strataEarlyReads?.reads ?? {}),
  );

test("a board's reload reads each thing once, starts its reads before the app's code runs, and asks for changes once", async () => {
  const { token } = await createVerifiedAccount(baseUrl);
  const team = await apiCall<{ id: number }>(baseUrl, token, 'POST', '/api/teams', { name: 'First load' });
  const board = await seedBoard(baseUrl, token, team.id, {
    name: 'Launch',
    folders: ['Now'],
    columns: [{ name: 'Points', type: 'number' }],
    items: Array.from({ length: 12 }, (_, index) => ({ values: { Name: `Task ${index}`, Points: index } })),
  });
  const { context, page, problems } = await signedInPage(browser, token);
  // Chrome warns of a preload the page then asks for differently (its credentials mode).
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const url = `${baseUrl}/b/${board.boardId}/${board.folders.Now}`;
  const row = page.getByRole('gridcell', { name: 'Task 11 Open Task' });

  // The first visit: nothing kept on the device. The board's workspace is asked for by the head
  // script, and the board screen's code is asked for before the router has matched the address.
  const cold = recordApiRequests(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(url);
  await row.waitFor();
  expect(cold.slice(0, 3).sort()).toEqual(
    [`GET /api/boards/${board.boardId}`, 'GET /api/me', 'GET /api/me/workspaces'].sort(),
  );
  const boardScreen = scripts.findIndex((path) => /\/assets\/board-page-[\w-]+\.js$/.test(path));
  const shell = scripts.findIndex((path) => /\/assets\/index-[\w-]+\.js$/.test(path));
  expect(boardScreen).toBeGreaterThan(-1);
  // Preloaded from the head: asked for right after the first-load script, before the catalogue or
  // anything the app itself imports on demand.
  expect(boardScreen - shell).toBeLessThanOrEqual(3);
  expect(await untakenEarlyReads(page)).toEqual([]);
  // Each read of the first visit went out once.
  const coldReads = cold.filter((request) => request.startsWith('GET '));
  expect(coldReads.filter((request, index) => coldReads.indexOf(request) !== index)).toEqual([]);
  // The folder's first page holds all of its 12 items, and says so: it is not read again whole.
  expect(cold.filter((request) => request.includes(`/folders/${board.folders.Now}/items`))).toEqual([
    `GET /api/${team.id}/folders/${board.folders.Now}/items?limit=100`,
  ]);
  // Let the real-time subscription settle, so the device keeps every list with its cursor.
  await page.waitForTimeout(3_000);

  // The reload: the device has the board. Each read goes out once, and the changes since the
  // kept cursors are asked for once, after the subscription, instead of per store.
  cold.length = 0;
  const warm = recordApiRequests(page);
  await page.reload();
  await row.waitFor();
  await page.waitForTimeout(4_000);
  const reads = warm.filter((request) => request.startsWith('GET '));
  expect(reads.filter((request, index) => reads.indexOf(request) !== index)).toEqual([]);
  expect(warm.filter((request) => request.includes('/changes?')).length).toBe(1);
  expect(warm.filter((request) => /\/items\b/.test(request))).toEqual([]);
  expect(warm.length, warm.join('\n')).toBeLessThanOrEqual(8);
  expect(await untakenEarlyReads(page)).toEqual([]);
  expect(problems).toEqual([]);
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
  await context.close();
});
