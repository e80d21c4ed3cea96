import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { launchChromium, screenshot } from './browser';
import { roadmap, visitorPage as visitorOf } from './public-board-setup';
import { apiCall, signedInPage, type Token } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
const visitorPage = (options: Parameters<Browser['newContext']>[0] = {}) => visitorOf(browser, options);

const share = (token: Token, teamId: number, boardId: string, isPublic: boolean) =>
  apiCall(baseUrl, token, 'PUT', `/api/${teamId}/boards/${boardId}/sharing`, { is_public: isPublic });

test('the owner makes a board public in its settings; a visitor reads it without signing in, read only, and loses it when it stops', async () => {
  const { owner, team, board, now } = await roadmap('Olga Owner');
  const ownerSide = await signedInPage(browser, owner.token);
  await ownerSide.page.goto(`${baseUrl}/team/${team.id}/boards/${board.boardId}/edit`);
  const sharing = ownerSide.page.getByRole('region', { name: 'Sharing' });
  await sharing.getByRole('switch', { name: 'Public board' }).click();
  await ownerSide.page.getByRole('status').filter({ hasText: 'Sharing was saved.' }).waitFor();
  expect(await sharing.getByRole('textbox', { name: 'Public link' }).inputValue()).toBe(
    `${baseUrl}/b/${board.boardId}`,
  );
  await sharing.getByText('Made public by Olga Owner').waitFor();
  // A feature image must be an https address.
  const image = sharing.getByRole('textbox', { name: 'Feature image' });
  await image.fill('http://images.example.test/roadmap.png');
  await sharing.getByRole('button', { name: 'Save' }).click();
  await sharing.getByText('Not a valid URL format').waitFor();
  await image.fill('');

  const visitor = await visitorPage();
  await visitor.page.goto(`${baseUrl}/b/${board.boardId}`);
  // The board opens on its first folder (the board's order); Now opens in its first shared view.
  await visitor.page.waitForURL(new RegExp(`/b/${board.boardId}/[0-9A-Za-z]{11}$`));
  await visitor.page.getByRole('heading', { name: 'Product roadmap' }).waitFor();
  await visitor.page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'Now' }).click();
  await visitor.page.waitForURL(`${baseUrl}/b/${board.boardId}/${now}`);
  const grid = visitor.page.getByRole('grid', { name: 'Plan' });
  await grid.getByRole('row').filter({ hasText: 'Dark mode' }).waitFor();
  expect(await grid.getAttribute('aria-readonly')).toBe('true');
  // The owner's name shows in the members column; there is no way to add or edit anything.
  expect(await grid.getByText('Olga Owner').count()).toBeGreaterThan(0);
  expect(await visitor.page.getByRole('textbox', { name: 'New item name' }).count()).toBe(0);
  expect(await visitor.page.getByRole('link', { name: 'Sign in' }).count()).toBe(1);
  expect(await visitor.page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
  // The private folder is not listed.
  const folders = visitor.page.getByRole('navigation', { name: 'Folders' });
  expect((await folders.getByRole('link').allTextContents()).sort()).toEqual(['Later', 'Now']);
  expect(await seriousViolations(visitor.page)).toEqual([]);
  await screenshot(visitor.page, 'public-board');

  // An item opens read only, without the workspace's comments or activity.
  await grid.getByRole('button', { name: 'Open Dark mode' }).click();
  const panel = visitor.page.getByRole('dialog', { name: 'Dark mode' });
  await panel.getByText('Estimate').waitFor();
  expect(await panel.getByRole('tab').count()).toBe(0);
  expect(await panel.getByRole('button', { name: /^Edit / }).count()).toBe(0);
  await visitor.page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });

  // The second view and the second folder.
  await visitor.page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Overview' })
    .click();
  await visitor.page.waitForURL(/view=/);
  await visitor.page.getByText('Offline search').waitFor();
  await folders.getByRole('link', { name: 'Later' }).click();
  await visitor.page.getByText('Public API').waitFor();
  expect(visitor.problems).toEqual([]);

  // Stopped: the next visit finds nothing.
  await share(owner.token, team.id, board.boardId, false);
  await visitor.page.reload();
  await visitor.page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await visitor.context.close();
  await ownerSide.context.close();
});

test('a password-protected public board in Arabic and dark mode asks visitors for the password, right to left', async () => {
  const { owner, team, board } = await roadmap('Rami Owner');
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/boards/${board.boardId}/sharing`, {
    is_public: true,
    feature_image: 'https://images.example.test/roadmap.png',
  });
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/boards/${board.boardId}`, {
    name: 'Product roadmap',
    password: 'vault door 42',
    row_version: 2,
  });
  const visitor = await visitorPage({ locale: 'ar', colorScheme: 'dark' });
  await visitor.page.goto(`${baseUrl}/b/${board.boardId}/${board.folders.Now}`);
  const password = visitor.page.getByLabel('كلمة مرور اللوحة');
  await password.waitFor();
  expect(await visitor.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await password.fill('guess');
  await password.press('Enter');
  await visitor.page.getByRole('alert').waitFor();
  await password.fill('vault door 42');
  await password.press('Enter');
  await visitor.page.getByRole('heading', { name: 'Product roadmap' }).waitFor();
  await visitor.page.getByRole('grid').getByRole('row').filter({ hasText: 'Dark mode' }).waitFor();
  await visitor.page.getByText('عرض فقط').waitFor();
  // The feature image sits above the board's name, as decoration.
  expect(
    await visitor.page.locator('img[src="https://images.example.test/roadmap.png"]').getAttribute('alt'),
  ).toBe('');
  const folders = visitor.page.getByRole('navigation', { name: 'المجلدات' });
  // The folder list sits at the start of the line: on the right in Arabic.
  const [list, main] = await Promise.all([
    folders.boundingBox(),
    visitor.page.getByRole('heading', { name: 'Now' }).boundingBox(),
  ]);
  expect(list!.x).toBeGreaterThan(main!.x);
  expect(await seriousViolations(visitor.page)).toEqual([]);
  await screenshot(visitor.page, 'public-board-ar-dark');
  await visitor.context.close();
});

test('the embed code shows the board in another page, read only, without the session of the device; the app’s other pages refuse to be framed', async () => {
  const { owner, team, board } = await roadmap('Edda Embed');
  const ownerSide = await signedInPage(browser, owner.token);
  await ownerSide.page.goto(`${baseUrl}/team/${team.id}/boards/${board.boardId}/edit`);
  const sharing = ownerSide.page.getByRole('region', { name: 'Sharing' });
  await sharing.getByRole('switch', { name: 'Public board' }).click();
  const code = await sharing.getByRole('textbox', { name: 'Embed code' }).inputValue();
  const src = `${baseUrl}/b/${board.boardId}?embed=1&hide_header=1`;
  expect(code).toContain(`src="${src.replace(/&/g, '&amp;')}"`);
  expect(code).toContain('title="Product roadmap"');

  // Opened where the owner is signed in, the embed address still shows what anyone sees.
  await ownerSide.page.goto(src);
  await ownerSide.page.getByText('View only').waitFor();
  expect(await ownerSide.page.getByRole('banner').filter({ hasText: 'Strata' }).count()).toBe(0);
  expect(await ownerSide.page.getByRole('grid').getAttribute('aria-readonly')).toBe('true');

  // Pasted into a page of another site (a small server on another port), the snippet shows the board.
  let hostHtml = `<!doctype html><title>Our site</title><main><h1>Our roadmap</h1>${code}</main>`;
  const site = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(hostHtml);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  const host = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await host.newPage();
  await page.goto(siteUrl);
  const frame = page.frameLocator('iframe');
  await frame.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'Now' }).click();
  await frame.getByRole('row').filter({ hasText: 'Dark mode' }).waitFor();
  // Moving inside the frame keeps it an embed (a reload there stays framable).
  await frame.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'Later' }).click();
  await frame.getByText('Public API').waitFor();
  expect(page.frames()[1]!.url()).toContain('embed=1');
  // The board's own address, or any other page of the app, is refused in a frame.
  hostHtml = `<!doctype html><title>Our site</title><iframe src="${baseUrl}/b/${board.boardId}" title="plain"></iframe>`;
  const refused = new Promise<string>((resolve) =>
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) resolve(message.text());
    }),
  );
  await page.goto(siteUrl);
  expect(await refused).toContain("frame-ancestors 'none'");
  expect(await frame.getByRole('heading', { name: 'Product roadmap' }).count()).toBe(0);
  await host.close();
  await new Promise((resolve) => site.close(resolve));
  await ownerSide.context.close();
});
