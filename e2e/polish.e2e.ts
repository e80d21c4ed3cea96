import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import arabic from '../apps/web/src/i18n/locales/ar.json';
import english from '../apps/web/src/i18n/locales/en-US.json';
import { seriousViolations } from './a11y';
import { createVerifiedAccount, signInContext } from './accounts';
import { seedBoard } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { networkOf } from './network';
import { apiCall, signedInPage, type Token } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const grid = (page: Page) => page.getByRole('grid');
const row = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name });
/** The connection status in the header: empty while connected with nothing waiting. */
const connectionStatus = (page: Page) => page.getByRole('banner').getByRole('status');
/** The toasts on screen, leaving ones included. */
const toastRegion = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** A workspace with one board "Launch plan": folder "Plan", a Points column, two items. */
async function boardOf(name: string) {
  const owner = await createVerifiedAccount(baseUrl, name);
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Harbour' });
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Launch plan',
    folders: ['Plan'],
    columns: [{ name: 'Points', type: 'number' }],
    items: [
      { values: { Name: 'Print the posters', Points: 1 } },
      { values: { Name: 'Book the venue', Points: 2 } },
    ],
  });
  const folderPath = `/b/${board.boardId}/${board.folders.Plan}`;
  return { owner, team, board, folderPath };
}

type ServerItem = { id: string; row_version: number; values: Record<string, { data: unknown }> };
const itemsOf = (token: Token, teamId: number, folderId: string) =>
  apiCall<ServerItem[]>(baseUrl, token, 'GET', `/api/${teamId}/folders/${folderId}/items`);

test('no page load warns that React Router has no HydrateFallback', async () => {
  const { owner, folderPath } = await boardOf('Hal Hydrate');
  const warnings: string[] = [];
  const collect = (message: ConsoleMessage) => {
    if (['warning', 'error'].includes(message.type())) warnings.push(message.text());
  };
  const signedOut = await browser.newPage();
  signedOut.on('console', collect);
  await signedOut.goto(`${baseUrl}/login`);
  await signedOut.getByRole('heading', { name: 'Sign in' }).waitFor();
  await signedOut.close();

  const { context, page } = await signedInPage(browser, owner.token);
  page.on('console', collect);
  for (const path of ['/home', folderPath]) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('banner').waitFor();
  }
  await row(page, 'Print the posters').first().waitFor();
  expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
  await context.close();
});

test("the tab's title names the board, then the open item; it goes back when they close", async () => {
  const { owner, folderPath } = await boardOf('Tia Title');
  const { context, page, problems } = await signedInPage(browser, owner.token);
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('banner').waitFor();
  expect(await page.title()).toBe('Strata');

  await page.goto(`${baseUrl}${folderPath}`);
  await expect.poll(() => page.title()).toBe('Launch plan · Strata');
  await grid(page).getByRole('button', { name: 'Open Print the posters' }).click();
  await page.getByRole('dialog', { name: 'Print the posters' }).waitFor();
  await expect.poll(() => page.title()).toBe('Print the posters · Launch plan · Strata');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.title()).toBe('Launch plan · Strata');
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect.poll(() => page.title()).toBe('Strata');
  expect(problems).toEqual([]);
  await context.close();
});

test.each([
  { locale: 'ar', theme: 'dark', dir: 'rtl', menu: arabic.shell.userMenu, signOut: arabic.shell.signOut },
  {
    locale: 'en-US',
    theme: 'light',
    dir: 'ltr',
    menu: english.shell.userMenu,
    signOut: english.shell.signOut,
  },
])(
  'signing out keeps the $locale language and $theme theme on the sign-in page',
  async ({ locale, theme, dir, menu, signOut }) => {
    const account = await createVerifiedAccount(baseUrl, 'Sina Signout');
    await apiCall(baseUrl, account.token, 'PUT', '/api/me', { locale, preferences: { theme } });
    // Signed in through the form (no token put back at each load), as a person does.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: menu }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);

    await page.getByRole('button', { name: menu }).click();
    await page.getByRole('menuitem', { name: signOut }).click();
    await page.waitForURL(/\/login$/);
    const catalogue = locale === 'ar' ? arabic : english;
    await page.getByRole('heading', { name: catalogue.auth.login.title }).waitFor();
    // The session's storage is cleared once the server has answered the sign-out.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('strata.token'))).toBeNull();
    await page.waitForTimeout(300);
    const html = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      theme: document.documentElement.dataset.theme,
      token: localStorage.getItem('strata.token'),
    }));
    expect(html).toEqual({ lang: locale, dir, theme, token: null });
    // A reload of the sign-in page paints it the same way from the first frame.
    await page.reload();
    await page.getByRole('heading', { name: catalogue.auth.login.title }).waitFor();
    expect(
      await page.evaluate(() => [document.documentElement.dir, document.documentElement.dataset.theme]),
    ).toEqual([dir, theme]);
    await screenshot(page, `signed-out-${locale}-${theme}`);
    expect(await seriousViolations(page)).toEqual([]);

    // Signed in again without a reload, after signing out once more: the account menu still
    // lists its entries (its commands register anew).
    const signIn = async () => {
      await page.locator('input[type="email"]').fill(account.email);
      await page.locator('input[type="password"]').fill(account.password);
      await page.locator('form button[type="submit"]').click();
      await page.getByRole('button', { name: menu }).waitFor();
    };
    await signIn();
    await page.getByRole('button', { name: menu }).click();
    await page.getByRole('menuitem', { name: signOut }).click();
    await page.waitForURL(/\/login$/);
    await signIn();
    await page.getByRole('button', { name: menu }).click();
    await page.getByRole('menuitem', { name: signOut }).waitFor();
    await screenshot(page, `account-menu-after-signing-in-again-${locale}-${theme}`);
    await context.close();
  },
);

test('an offline edit overwritten meanwhile is told in one toast, in plain words', async () => {
  const { owner, team, board, folderPath } = await boardOf('Cora Conflict');
  const { context, page } = await signedInPage(browser, owner.token, { serviceWorkers: 'block' });
  const network = await networkOf(context);
  await page.goto(`${baseUrl}${folderPath}`);
  await row(page, 'Print the posters').first().waitFor();
  await connectionStatus(page).waitFor({ state: 'attached' });
  const headers = await grid(page).getByRole('columnheader').allTextContents();
  const pointsCell = () =>
    row(page, 'Print the posters')
      .first()
      .getByRole('gridcell')
      .nth(headers.findIndex((text) => text.includes('Points')));

  await network.cut();
  await expect.poll(() => connectionStatus(page).textContent()).toContain('Offline');
  await pointsCell().click();
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect.poll(() => connectionStatus(page).textContent()).toBe('Offline — 1 change waiting');

  // Meanwhile someone else changes the same item.
  const [item] = (await itemsOf(owner.token, team.id, board.folders.Plan!)).filter(
    (candidate) => candidate.values[board.columns.Name!]?.data === 'Print the posters',
  );
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/items/${item!.id}`, {
    values: { [board.columns.Points!]: { data: 9 } },
    row_version: item!.row_version + 1,
  });

  await network.restore();
  const conflict = toastRegion(page).getByText(english.records.conflict);
  await conflict.waitFor({ timeout: 20_000 });
  await expect.poll(() => pointsCell().textContent()).toContain('9');
  // Every notice of it has had its chance to show.
  await page.waitForTimeout(1_500);
  expect(await toastRegion(page).getByRole('alert').allTextContents()).toEqual([english.records.conflict]);
  expect(english.records.conflict).not.toMatch(/hiccup|overlapped/);
  await screenshot(page, 'offline-conflict-toast');
  await context.close();
});

test.each([
  { how: "the browser goes offline while the socket stays open (DevTools' offline mode)", cut: 'browser' },
  { how: 'the real-time socket drops while HTTP still answers', cut: 'socket' },
] as const)('the offline badge shows within 6 s when $how, before any change', async ({ cut }) => {
  const account = await createVerifiedAccount(baseUrl, 'Bo Badge');
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  await signInContext(context, account.token);
  const network = cut === 'socket' ? await networkOf(context) : undefined;
  const page = await context.newPage();
  // Connected means the hub said so on the socket, not only that a socket was opened.
  let isEstablished = false;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      // Subscribed: the channel authorisation (a POST, itself a sign of life) is answered.
      if (String(payload).includes('pusher_internal:subscription_succeeded')) isEstablished = true;
    }),
  );
  await page.goto(`${baseUrl}/home`);
  await connectionStatus(page).waitFor({ state: 'attached' });
  await expect.poll(() => isEstablished, { timeout: 15_000 }).toBe(true);
  await page.waitForTimeout(500);
  expect(await connectionStatus(page).textContent()).toBe('');

  const started = Date.now();
  if (cut === 'browser') await context.setOffline(true);
  else await network!.dropSockets();
  await expect.poll(() => connectionStatus(page).textContent(), { timeout: 8_000 }).toBe('Offline');
  // 3 s that absorb flaps, after pusher-js's own 1 s before it tries again (socket) or at once (browser).
  expect(Date.now() - started).toBeLessThan(6_000);
  await screenshot(page, `offline-badge-${cut}`);

  if (cut === 'browser') await context.setOffline(false);
  else network!.allowSockets();
  await page.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
  await expect.poll(() => connectionStatus(page).textContent()).toBe('');
  await context.close();
});

test('an item name past 255 characters is told before anything is sent', async () => {
  const { owner, team, board, folderPath } = await boardOf('Nia Name');
  const { context, page } = await signedInPage(browser, owner.token);
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/items\//.test(request.url())) puts.push(request.url());
  });
  await page.goto(`${baseUrl}${folderPath}`);
  await row(page, 'Print the posters').first().waitFor();
  await grid(page).getByRole('gridcell', { name: 'Add item' }).first().click();
  const input = grid(page).getByLabel('New item name').first();
  await input.fill('x'.repeat(256));
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  await input.press('Enter');
  const message = english.views.errors.ITEM_NAME_TOO_LONG.replace('{{max}}', '255');
  await toastRegion(page).getByRole('alert').filter({ hasText: message }).waitFor();
  expect(await input.inputValue()).toBe('x'.repeat(256));
  expect(puts).toEqual([]);
  await screenshot(page, 'item-name-too-long');

  await input.press('Backspace');
  expect(await input.getAttribute('aria-invalid')).toBeNull();
  await input.press('Enter');
  await expect.poll(() => puts.length).toBe(1);
  await expect
    .poll(async () =>
      (await itemsOf(owner.token, team.id, board.folders.Plan!)).some(
        (item) => item.values[board.columns.Name!]?.data === 'x'.repeat(255),
      ),
    )
    .toBe(true);
  await context.close();
});

test('redo: Ctrl+Shift+Z and Ctrl+Y make an undone cell edit again, and the server ends with it', async () => {
  const { owner, team, board, folderPath } = await boardOf('Reda Redo');
  const { context, page, problems } = await signedInPage(browser, owner.token);
  await page.goto(`${baseUrl}${folderPath}`);
  await row(page, 'Print the posters').first().waitFor();
  const headers = await grid(page).getByRole('columnheader').allTextContents();
  const pointsCell = () =>
    row(page, 'Print the posters')
      .first()
      .getByRole('gridcell')
      .nth(headers.findIndex((text) => text.includes('Points')));
  const points = () => pointsCell().textContent();

  await pointsCell().click();
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect.poll(points).toContain('5');
  for (const redo of ['Control+Shift+Z', 'Control+y']) {
    await page.keyboard.press('Control+z');
    await expect.poll(points).toContain('1');
    await page.keyboard.press(redo);
    await expect.poll(points).toContain('5');
    await toastRegion(page).getByText('Redone: change to 1 item').first().waitFor();
  }
  await page.keyboard.press('Control+y');
  await toastRegion(page).getByText('Nothing to redo.').waitFor();
  await expect
    .poll(async () => {
      const items = await itemsOf(owner.token, team.id, board.folders.Plan!);
      const item = items.find(
        (candidate) => candidate.values[board.columns.Name!]?.data === 'Print the posters',
      );
      return item?.values[board.columns.Points!]?.data;
    })
    .toBe(5);
  expect(problems).toEqual([]);
  await context.close();
});

test('in Arabic and dark mode the delete confirmation names what it deletes, mirrored, and passes axe', async () => {
  const { owner, folderPath } = await boardOf('Lina Layla');
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar', preferences: { theme: 'dark' } });
  const { context, page, problems } = await signedInPage(browser, owner.token);
  await page.goto(`${baseUrl}${folderPath}`);
  await row(page, 'Print the posters').first().waitFor();
  for (const name of ['Print the posters', 'Book the venue'])
    await grid(page)
      .getByRole('checkbox', { name: arabic.views.table.selectItem.replace('{{name}}', name) })
      .check();
  await page.getByRole('button', { name: arabic.items.deleteSelected.replace('{{count}}', '2') }).click();
  const sure = page.getByRole('dialog', { name: arabic.items.deleteSelectedTitle });
  const action = sure.getByRole('button', { name: arabic.items.deleteSelectedAction_two });
  await action.waitFor();
  expect(
    await page.evaluate(() => [document.documentElement.dir, document.documentElement.dataset.theme]),
  ).toEqual(['rtl', 'dark']);
  // The action closes the row at its start: on the left in right-to-left text.
  const [cancelBox, actionBox] = await Promise.all([
    sure.getByRole('button', { name: arabic.common.cancel }).boundingBox(),
    action.boundingBox(),
  ]);
  expect(actionBox!.x).toBeLessThan(cancelBox!.x);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'confirm-delete-arabic-dark');
  await action.click();
  await expect.poll(() => row(page, 'Print the posters').count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});
