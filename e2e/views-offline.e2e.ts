import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount } from './accounts';
import { fromToday, seedBoard, seedView, thisMonth } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { networkOf } from './network';
import { apiCall, signedInPage, type Token } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A board with one date and one date-range column, items dated this month, and a view of `type`. */
async function placeWithView(
  token: Token,
  type: 'calendar' | 'gantt',
  settings: (columns: Record<string, string>) => Record<string, unknown>,
) {
  const team = await apiCall<{ id: number }>(baseUrl, token, 'POST', '/api/teams', { name: 'Away' });
  const board = await seedBoard(baseUrl, token, team.id, {
    name: 'Plan',
    folders: ['Work'],
    columns: [
      { name: 'Due', type: 'date' },
      { name: 'Span', type: 'date_range' },
    ],
    items: [
      {
        values: {
          Name: 'Write the brief',
          Due: thisMonth(10),
          Span: { start: fromToday(2), end: fromToday(4) },
        },
      },
    ],
  });
  const folderId = board.folders.Work!;
  const view = await seedView(baseUrl, token, team.id, {
    folderId,
    type,
    name: type === 'calendar' ? 'Calendar' : 'Gantt',
    settings: settings(board.columns),
  });
  const value = async (column: string) => {
    const items = await apiCall<{ values: Record<string, { data: unknown }> }[]>(
      baseUrl,
      token,
      'GET',
      `/api/${team.id}/folders/${folderId}/items`,
    );
    return items[0]?.values[board.columns[column]!]?.data ?? null;
  };
  return { url: `${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}`, value };
}

/** The item writes a page sends (a save, or several in one), by their idempotency keys. */
function watchItemWrites(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/items\/[0-9a-f-]{36}$|\/save-multiple$/.test(path) && request.method() !== 'GET')
      sent.push(request.headers()['x-idempotency-key'] ?? '');
  });
  return sent;
}

const connectionStatus = (page: Page) => page.getByRole('banner').getByRole('status');

/** Offline: a change made in the view shows at once and waits; online it is sent, and saved, once. */
async function changeOffline(
  page: Page,
  change: () => Promise<void>,
  shown: Locator | (() => Promise<unknown>),
) {
  const network = await networkOf(page.context());
  await network.cut();
  await expect.poll(() => connectionStatus(page).textContent()).toMatch(/^Offline/);
  const sent = watchItemWrites(page);
  await change();
  if (typeof shown === 'function') await expect.poll(shown).toBeTruthy();
  else await shown.waitFor();
  await expect.poll(() => connectionStatus(page).textContent()).toMatch(/^Offline — 1 change/);
  await network.restore();
  await expect.poll(() => connectionStatus(page).textContent(), { timeout: 15_000 }).toBe('');
  return sent;
}

test('a calendar event dragged to another day while offline moves at once and is saved once back online', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Oona Offline');
  const place = await placeWithView(owner.token, 'calendar', (columns) => ({
    date_attribute_ids: [columns.Due],
  }));
  const { page, context } = await signedInPage(browser, owner.token, {
    viewport: { width: 1400, height: 900 },
  });
  await page.goto(place.url);
  const dayCell = (date: string) => page.locator(`[role="cell"][data-date="${date}"]`).first();
  const event = (date: string) => dayCell(date).getByRole('button', { name: 'Write the brief' }).first();
  await event(thisMonth(10)).waitFor();
  await connectionStatus(page).waitFor({ state: 'attached' });
  const sent = await changeOffline(
    page,
    async () => {
      const a = (await event(thisMonth(10)).boundingBox())!;
      const b = (await dayCell(thisMonth(17)).boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 4, { steps: 4 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
      await page.waitForTimeout(150);
      await page.mouse.up();
      // Not sent while offline: the server still has the old day.
      expect(await place.value('Due')).toBe(thisMonth(10));
    },
    event(thisMonth(17)),
  );
  await screenshot(page, 'calendar-offline-replayed');
  await expect.poll(() => place.value('Due')).toBe(thisMonth(17));
  expect(new Set(sent.filter(Boolean)).size).toBe(1);
  await context.close();
});

test('a gantt bar moved by keyboard while offline moves at once and is saved once back online', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Omar Offline');
  const place = await placeWithView(owner.token, 'gantt', () => ({}));
  const { page, context } = await signedInPage(browser, owner.token, {
    viewport: { width: 1400, height: 900 },
  });
  await page.goto(place.url);
  const bar = page.locator('[data-gantt-bar]', { hasText: 'Write the brief' }).first();
  await bar.waitFor();
  await connectionStatus(page).waitFor({ state: 'attached' });
  const before = await bar.getAttribute('aria-label');
  const sent = await changeOffline(
    page,
    async () => {
      await bar.focus();
      await page.keyboard.press('ArrowRight');
      expect(await place.value('Span')).toEqual({ start: fromToday(2), end: fromToday(4) });
    },
    async () => (await bar.getAttribute('aria-label')) !== before,
  );
  await expect.poll(() => place.value('Span')).toEqual({ start: fromToday(3), end: fromToday(5) });
  expect(new Set(sent.filter(Boolean)).size).toBe(1);
  await context.close();
});
