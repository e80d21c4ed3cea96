import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { networkOf } from './network';
import { apiCall, signedInPage, type Token, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** Browser errors that going offline causes on purpose (failed fetches, the socket dropping). */
const isOfflineNoise = (problem: string) =>
  /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|WebSocket|Failed to load resource/.test(problem);

/** Opens the board's item Write the brief on its Comments tab; answers the panel. */
async function openComments(page: Page, path: string) {
  await page.goto(path);
  await page
    .getByRole('grid')
    .getByRole('button', { name: /Write the brief/ })
    .first()
    .click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('tab', { name: /Comments|التعليقات/ }).click();
  return panel;
}

/** Writes a comment in the composer; `mention` is typed after "@" and chosen from the list. */
async function writeComment(page: Page, text: string, mention?: { typed: string; name: string }) {
  const editor = page.getByRole('textbox', { name: /Write a comment|اكتب تعليقًا/ });
  await editor.click();
  if (mention) {
    await page.keyboard.type(`@${mention.typed}`);
    await page.getByRole('option', { name: mention.name }).waitFor();
    await page.keyboard.press('Enter');
  }
  await page.keyboard.type(text);
  await page.keyboard.press('Control+Enter');
}

test('two people discuss an item: a mention, live comments, a reply and a reaction; a link to a comment lands on it', async () => {
  const ada = await createVerifiedAccount(baseUrl, 'Ada Author');
  const milo = await createVerifiedAccount(baseUrl, 'Milo Member');
  const team = await workspaceWithMember(baseUrl, ada, milo);
  const board = await seedBoard(baseUrl, ada.token, team.id, {
    name: 'Launch',
    folders: ['Plan'],
    columns: [],
    items: [{ values: { Name: 'Write the brief' } }],
  });
  const path = `${baseUrl}/b/${board.boardId}/${board.folders.Plan}`;

  const reader = await signedInPage(browser, milo.token);
  const readerPanel = await openComments(reader.page, path);
  await readerPanel.getByText('No comments yet. Start the conversation.').waitFor();
  // The board channel's authorisation goes out after the 2 s batch window.
  await reader.page.waitForTimeout(3_000);

  const writer = await signedInPage(browser, ada.token);
  const writerPanel = await openComments(writer.page, path);
  await writeComment(writer.page, 'please review the brief', { typed: 'Mil', name: 'Milo Member' });
  const written = writerPanel.getByRole('article', { name: 'Comment by Ada Author' });
  await written.getByText('please review the brief').waitFor();
  expect(await written.locator('[data-type="mention"]').textContent()).toBe('@Milo Member');

  // Milo sees it arrive without a reload, with his name in the mention.
  const arrived = readerPanel.getByRole('article', { name: 'Comment by Ada Author' });
  await arrived.getByText('please review the brief').waitFor({ timeout: 10_000 });
  expect(await arrived.locator('[data-type="mention"]').textContent()).toBe('@Milo Member');

  // He replies and reacts; Ada sees both live.
  await arrived.getByRole('button', { name: 'Reply' }).click();
  const replyBox = reader.page.getByRole('textbox', { name: 'Write a reply' });
  await replyBox.waitFor();
  // The reply editor takes the focus once it is ready: typing before that would lose keys.
  await expect
    .poll(() =>
      replyBox.evaluate((box) => box === document.activeElement || box.contains(document.activeElement)),
    )
    .toBe(true);
  await reader.page.keyboard.type('on it today');
  await reader.page.keyboard.press('Control+Enter');
  await arrived.getByRole('button', { name: 'Add a reaction' }).click();
  await reader.page.getByRole('button', { name: '🎉' }).click();
  await writerPanel
    .getByRole('article', { name: 'Comment by Milo Member' })
    .getByText('on it today')
    .waitFor({
      timeout: 10_000,
    });
  const reaction = written.getByRole('button', { name: /🎉 1: Milo Member/ });
  await reaction.waitFor({ timeout: 10_000 });
  expect(await reaction.getAttribute('aria-pressed')).toBe('false');
  await screenshot(writer.page, 'comments-thread');
  // The item's row behind the panel counts both comments, live.
  await expect
    .poll(() => writer.page.locator('[role="grid"] span[title="2 comments"]').count(), { timeout: 10_000 })
    .toBe(1);
  expect(await seriousViolations(writer.page)).toEqual([]);

  // Milo's bell counted the mention meanwhile; he opens the notification from it: it leads to the
  // comment, highlighted, and is read.
  await reader.page.keyboard.press('Escape');
  await reader.page.getByRole('dialog').waitFor({ state: 'detached' });
  await reader.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const list = reader.page.getByRole('dialog', { name: 'Notifications' });
  const entry = list.getByRole('link', { name: /Ada Author mentioned you in Write the brief/ });
  await entry.waitFor();
  await screenshot(reader.page, 'notifications-panel');
  expect(await seriousViolations(reader.page)).toEqual([]);
  await entry.click();
  await reader.page
    .locator('[id^="comment-"][class*="highlighted"]')
    .getByText('please review the brief')
    .waitFor();
  await reader.page.keyboard.press('Escape');
  await reader.page.getByRole('dialog').waitFor({ state: 'detached' });
  await reader.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 10_000 });
  expect(new URL(reader.page.url()).searchParams.get('notification')).toBeNull();

  // A link to the reply opens the item on its comments, the reply highlighted.
  const itemId = new URL(writer.page.url()).pathname.split('/')[4]!;
  const page = await apiCall<{ data: { id: string; replies: { id: string }[] }[] }>(
    baseUrl,
    milo.token,
    'GET',
    `/api/${team.id}/comments/multiple?item_ids=${itemId}`,
  );
  const replyId = page.data[0]!.replies[0]!.id;
  await reader.page.goto(`${path}/${itemId}?comment=${replyId}`);
  const target = reader.page.locator(`#comment-${replyId}`);
  await target.waitFor();
  expect(await target.getAttribute('class')).toMatch(/highlighted/);
  expect(await reader.page.getByRole('tab', { name: 'Comments' }).getAttribute('aria-selected')).toBe('true');
  await screenshot(reader.page, 'comments-linked');

  expect(reader.problems).toEqual([]);
  expect(writer.problems).toEqual([]);
  await reader.context.close();
  await writer.context.close();
});

test('comments read right to left in Arabic and dark mode, and one written offline is sent once', async () => {
  const rana = await createVerifiedAccount(baseUrl, 'Rana Remote');
  const sami = await createVerifiedAccount(baseUrl, 'Sami Second');
  await apiCall(baseUrl, rana.token, 'PUT', '/api/me', { locale: 'ar' });
  const team = await workspaceWithMember(baseUrl, rana, sami);
  const board = await seedBoard(baseUrl, rana.token, team.id, {
    name: 'Launch',
    folders: ['Plan'],
    columns: [],
    items: [{ values: { Name: 'Write the brief' } }],
  });
  const path = `${baseUrl}/b/${board.boardId}/${board.folders.Plan}`;
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'dark',
    serviceWorkers: 'block',
  });
  const { signInContext } = await import('./accounts');
  await signInContext(context, rana.token as Token);
  const network = await networkOf(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const panel = await openComments(page, path);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await writeComment(page, 'مرحبا بالجميع');
  await panel.getByText('مرحبا بالجميع').waitFor();
  await screenshot(page, 'comments-ar-dark');
  expect(await seriousViolations(page)).toEqual([]);

  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/comments\//.test(new URL(request.url()).pathname))
      sent.push(request.headers()['x-idempotency-key'] ?? '');
  });
  await network.cut();
  await writeComment(page, 'written offline');
  // Shown at once as sending; not on the server yet.
  await panel.getByText('written offline').waitFor();
  const itemId = new URL(page.url()).pathname.split('/')[4]!;
  const read = () =>
    apiCall<{ counts: Record<string, number> }>(
      baseUrl,
      rana.token,
      'GET',
      `/api/${team.id}/comments/multiple?item_ids=${itemId}`,
    );
  expect((await read()).counts[itemId]).toBe(1);
  await network.restore();
  await expect.poll(async () => (await read()).counts[itemId], { timeout: 15_000 }).toBe(2);
  await expect.poll(() => panel.getByText('written offline').count(), { timeout: 10_000 }).toBe(1);
  expect(new Set(sent.filter(Boolean)).size).toBe(1);
  // The row counts two comments, in Arabic's dual.
  await expect
    .poll(() => page.locator('[role="grid"] span[title="تعليقان"]').count(), { timeout: 10_000 })
    .toBe(1);

  // A teammate's comment reaches Rana's bell (she made the item); its panel reads right to left.
  await apiCall(baseUrl, sami.token, 'PUT', `/api/${team.id}/comments/${crypto.randomUUID()}`, {
    board_id: board.boardId,
    item_id: itemId,
    text: { html: '<p>تمت المراجعة</p>' },
    row_version: 1,
  });
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const bell = page.getByRole('button', { name: 'الإشعارات، 1 غير مقروء' });
  await bell.waitFor({ timeout: 15_000 });
  await bell.click();
  const list = page.getByRole('dialog', { name: 'الإشعارات' });
  await list
    .getByText(/Sami Second/)
    .first()
    .waitFor();
  expect(await list.evaluate((node) => getComputedStyle(node).direction)).toBe('rtl');
  await screenshot(page, 'notifications-panel-ar-dark');
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems.filter((problem) => !isOfflineNoise(problem))).toEqual([]);
  await context.close();
});

test('notification settings: which kinds also come by email, kept after a reload, in English and in Arabic dark', async () => {
  const nora = await createVerifiedAccount(baseUrl, 'Nora Notified');
  const { page, context, problems } = await signedInPage(browser, nora.token);
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('navigation').getByRole('link', { name: 'Notifications' }).click();
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  const mentions = page.getByRole('checkbox', { name: 'Mentions of you in comments', exact: true });
  expect(await mentions.isChecked()).toBe(true);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/me/notification-preferences') && response.request().method() === 'PUT',
  );
  await mentions.uncheck();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await page.getByRole('checkbox', { name: 'Mentions of you in comments', exact: true }).waitFor();
  expect(
    await page.getByRole('checkbox', { name: 'Mentions of you in comments', exact: true }).isChecked(),
  ).toBe(false);
  expect(
    await page.getByRole('checkbox', { name: 'Comments on items you follow', exact: true }).isChecked(),
  ).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'notification-settings');
  expect(problems).toEqual([]);
  await context.close();

  await apiCall(baseUrl, nora.token, 'PUT', '/api/me', { locale: 'ar' });
  const arabic = await signedInPage(browser, nora.token, { colorScheme: 'dark' });
  await arabic.page.goto(`${baseUrl}/profile/notifications`);
  await arabic.page.getByRole('checkbox').first().waitFor();
  expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await arabic.page.getByRole('checkbox', { checked: false }).count()).toBe(1);
  expect(await seriousViolations(arabic.page)).toEqual([]);
  await screenshot(arabic.page, 'notification-settings-ar-dark');
  expect(arabic.problems).toEqual([]);
  await arabic.context.close();
});
