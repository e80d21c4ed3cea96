import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard, seedView } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { caretToEnd, editorOf, handbook, openSaved, textOf } from './documents-setup';
import { apiCall, signedInPage, type Token } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The history address of the Onboarding page's document. */
async function onboardingVersions(token: Token, teamId: number, folderId: string): Promise<string> {
  const items = await apiCall<{ id: string; values: Record<string, { data: unknown }> }[]>(
    baseUrl,
    token,
    'GET',
    `/api/${teamId}/folders/${folderId}/items`,
  );
  const page = items.find((item) => Object.values(item.values).some((value) => value.data === 'Onboarding'));
  return `/api/${teamId}/items/${page!.id}/document/versions`;
}

test('two people write on one page at once and both see the whole text, which a reload keeps', async () => {
  const { ada, ben, path } = await handbook(['Ada Pages', 'Ben Pages']);
  const first = await signedInPage(browser, ada.token);
  const second = await signedInPage(browser, ben.token);
  for (const { page } of [first, second]) {
    await page.goto(path);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: 'Onboarding' })
      .waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count())
      .toBe(1);
  }
  // The first page opens by itself; both are on it.
  await expect
    .poll(() => first.page.getByRole('textbox', { name: 'Page title' }).inputValue())
    .toBe('Onboarding');

  await editorOf(first.page).click();
  await first.page.keyboard.type('Welcome aboard.');
  // The second writes after the first's words, once they have reached him.
  await expect.poll(() => textOf(second.page)).toBe('Welcome aboard.');
  await caretToEnd(second.page);
  await second.page.keyboard.type(' Ask Ben anything.');
  for (const { page } of [first, second])
    await expect.poll(() => textOf(page)).toBe('Welcome aboard. Ask Ben anything.');
  // The item's other values show above the page.
  expect(await first.page.getByRole('term').filter({ hasText: 'Contact' }).count()).toBe(1);
  expect(await first.page.getByRole('definition').filter({ hasText: 'people@example.com' }).count()).toBe(1);
  // Ada sees where Ben's cursor is, with his name.
  await expect.poll(() => first.page.getByText('Ben Pages', { exact: true }).count()).toBeGreaterThan(0);

  // Two headings make a table of contents, for both of them.
  await caretToEnd(first.page);
  await first.page.keyboard.press('Enter');
  await first.page.keyboard.type('## Week one');
  await first.page.keyboard.press('Enter');
  await first.page.keyboard.type('## Week two');
  const contents = second.page.getByRole('navigation', { name: 'On this page' });
  // The second heading reaches the other browser through the server: allow for a busy machine.
  await expect
    .poll(() => contents.getByRole('button').allInnerTexts(), { timeout: 10_000 })
    .toEqual(['Week one', 'Week two']);
  await contents.getByRole('button', { name: 'Week one' }).click();
  // The caret is put at the heading's end once the editor has focus (a frame later): typed then.
  await expect
    .poll(() => second.page.evaluate(() => document.activeElement?.getAttribute('role')))
    .toBe('textbox');
  await second.page.keyboard.type(' begins');
  await expect.poll(() => first.page.getByRole('heading', { name: 'Week one begins' }).count()).toBe(1);

  await second.context.close();
  await first.page.reload();
  await expect
    .poll(() => textOf(first.page))
    .toBe('Welcome aboard. Ask Ben anything.Week one beginsWeek two');
  expect(first.problems).toEqual([]);
  await first.context.close();
});

test('a new page is added, titled and written; in Arabic and dark mode the view reads right to left', async () => {
  const { ada, path } = await handbook(['Ada Arabic', 'Ben Arabic']);
  await apiCall(baseUrl, ada.token, 'PUT', '/api/me', { locale: 'ar' });
  const { context, page, problems } = await signedInPage(browser, ada.token, { colorScheme: 'dark' });
  await page.goto(path);
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const pages = page.getByRole('navigation', { name: 'الصفحات' });
  await pages.getByRole('button', { name: 'Holidays' }).click();
  await expect.poll(() => page.getByRole('textbox', { name: 'عنوان الصفحة' }).inputValue()).toBe('Holidays');
  await pages.getByRole('button', { name: 'صفحة جديدة' }).click();
  const title = page.getByRole('textbox', { name: 'عنوان الصفحة' });
  await expect.poll(() => title.inputValue()).toBe('');
  await title.fill('العطلات الرسمية');
  await title.press('Enter');
  await expect.poll(() => pages.getByRole('button', { name: 'العطلات الرسمية' }).count()).toBe(1);
  const editor = page.getByRole('textbox', { name: /محتوى الصفحة$/ });
  await editor.click();
  await page.keyboard.type('عطلة نهاية السنة');
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'تم حفظ كل التغييرات' }).count())
    .toBe(1);
  // The tree sits on the right in right-to-left.
  const tree = await pages.boundingBox();
  const article = await page.getByRole('article').boundingBox();
  expect(tree!.x).toBeGreaterThan(article!.x);
  await screenshot(page, 'documents-ar-dark');
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('a published site opens in a clean browser without signing in or scripts, and is gone once unpublished', async () => {
  const { ada, path } = await handbook(['Ada Publish', 'Ben Publish']);
  const writer = await signedInPage(browser, ada.token);
  await writer.page.goto(path);
  await editorOf(writer.page).click();
  await writer.page.keyboard.type('Everyone starts with a buddy.');
  await writer.page.getByRole('switch', { name: 'Publish to the web' }).check();
  const link = await writer.page.getByRole('textbox', { name: 'Public link' }).inputValue();
  expect(link).toMatch(/\/p\/e\d+-[0-9a-f-]{36}$/);

  const reader = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    javaScriptEnabled: false,
  });
  const page = await reader.newPage();
  // The switch and the page's text reach the server a moment after they show.
  await expect
    .poll(
      async () => {
        const response = await page.goto(link);
        return response?.status() === 200 ? page.locator('main').innerText() : response?.status();
      },
      { timeout: 15_000 },
    )
    .toContain('Everyone starts with a buddy.');
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Onboarding');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Holidays' }).click();
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Holidays');
  expect(page.url()).toMatch(/\/holidays-[0-9a-f-]{36}$/);
  // The same page with scripts on, for the accessibility check (axe runs as a script).
  const checker = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const checked = await checker.newPage();
  await checked.goto(page.url());
  await screenshot(checked, 'published-page');
  expect(await seriousViolations(checked)).toEqual([]);
  await checker.close();

  await writer.page.getByRole('switch', { name: 'Publish to the web' }).uncheck();
  await expect.poll(async () => (await page.goto(link))?.status(), { timeout: 10_000 }).toBe(404);
  expect(writer.problems).toEqual([]);
  await reader.close();
  await writer.context.close();
});

test('one page shared alone opens by itself, without the site, in dark mode and right to left in Arabic; unshared, it is gone', async () => {
  const { ada, path } = await handbook(['Ada Alone', 'Ben Alone']);
  const writer = await signedInPage(browser, ada.token);
  await writer.page.goto(path);
  await editorOf(writer.page).click();
  await writer.page.keyboard.type('Bring your laptop.');
  await writer.page.getByRole('switch', { name: 'Share this page alone' }).check();
  const link = await writer.page.getByRole('textbox', { name: 'Page link' }).inputValue();
  expect(link).toMatch(/\/p\/i\d+-[0-9a-f-]{36}\/onboarding-[0-9a-f-]{36}$/);
  // The site itself stays unpublished.
  expect(await writer.page.getByRole('switch', { name: 'Publish to the web' }).isChecked()).toBe(false);

  const reader = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const page = await reader.newPage();
  await expect
    .poll(
      async () => {
        const response = await page.goto(link);
        return response?.status() === 200 ? page.locator('main').innerText() : response?.status();
      },
      { timeout: 15_000 },
    )
    .toContain('Bring your laptop.');
  expect(await page.getByRole('navigation').count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The page speaks its sharer's language: in Arabic it reads right to left.
  await apiCall(baseUrl, ada.token, 'PUT', '/api/me', { locale: 'ar' });
  await expect
    .poll(async () => {
      await page.goto(link);
      return page.evaluate(() => document.documentElement.dir);
    })
    .toBe('rtl');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'published-page-alone-ar-dark');
  await writer.page.getByRole('switch', { name: /Share this page alone|مشاركة هذه الصفحة وحدها/ }).uncheck();
  await expect.poll(async () => (await page.goto(link))?.status(), { timeout: 10_000 }).toBe(404);
  expect(writer.problems).toEqual([]);
  await reader.close();
  await writer.context.close();
});

test('a page’s history shows its earlier version, and restoring it brings it back for everyone', async () => {
  const { ada, ben, path, teamId, folderId } = await handbook(['Ada History', 'Ben History']);
  const versions = await onboardingVersions(ada.token, teamId, folderId);
  // The reader reads in Arabic, in dark mode.
  await apiCall(baseUrl, ben.token, 'PUT', '/api/me', { locale: 'ar' });
  const writer = await signedInPage(browser, ada.token);
  const reader = await signedInPage(browser, ben.token, { colorScheme: 'dark' });
  await writer.page.goto(path);
  await reader.page.goto(path);
  await expect
    .poll(() => writer.page.getByRole('status').filter({ hasText: 'All changes saved' }).count())
    .toBe(1);
  await editorOf(reader.page).waitFor();
  await editorOf(writer.page).click();
  await writer.page.keyboard.type('First words.');
  // The first save keeps a version; what follows within ten minutes is saved without a new one.
  await expect
    .poll(async () => (await apiCall<{ data: unknown[] }>(baseUrl, ada.token, 'GET', versions)).data.length, {
      timeout: 15_000,
    })
    .toBe(1);
  await writer.page.keyboard.type(' Then a mistake.');
  await expect.poll(() => textOf(reader.page)).toBe('First words. Then a mistake.');

  await writer.page.getByRole('button', { name: 'Page history' }).click();
  const dialog = writer.page.getByRole('dialog', { name: 'Page history' });
  await dialog.getByRole('button', { name: /by Ada History/ }).waitFor();
  await dialog.getByText('First words.').waitFor();
  expect(await seriousViolations(writer.page)).toEqual([]);
  await screenshot(writer.page, 'page-history');
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await writer.page
    .getByRole('dialog', { name: 'Restore this version?' })
    .getByRole('button', { name: 'Restore this version' })
    .click();
  await writer.page.getByRole('status').filter({ hasText: 'The version was restored.' }).waitFor();
  for (const { page } of [writer, reader]) await expect.poll(() => textOf(page)).toBe('First words.');
  // The reader's history: the restore kept the text before it as a version too.
  await reader.page.getByRole('button', { name: 'سجل الصفحة' }).click();
  const readerDialog = reader.page.getByRole('dialog', { name: 'سجل الصفحة' });
  await readerDialog
    .getByRole('button', { name: /بواسطة Ada History/ })
    .first()
    .waitFor();
  expect(await reader.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await seriousViolations(reader.page)).toEqual([]);
  await screenshot(reader.page, 'page-history-ar-dark');
  expect(writer.problems).toEqual([]);
  expect(reader.problems).toEqual([]);
  await writer.context.close();
  await reader.context.close();
});

test('a table is inserted from the toolbar and filled in, live for the other reader; rows are added and the table removed', async () => {
  const { ada, ben, path } = await handbook(['Ada Tables', 'Ben Tables']);
  const writer = await signedInPage(browser, ada.token);
  const reader = await signedInPage(browser, ben.token);
  await openSaved(path, writer, reader);
  const toolbar = writer.page.getByRole('toolbar', { name: 'Formatting' });
  await editorOf(writer.page).click();
  await toolbar.getByRole('button', { name: 'Insert a table' }).click();
  await writer.page.keyboard.type('Task');
  await writer.page.keyboard.press('Tab');
  await writer.page.keyboard.type('Owner');
  const readerTable = editorOf(reader.page).getByRole('table');
  // The header cells' text as the reader hears it: without the writer's cursor (aria-hidden).
  const headers = () =>
    readerTable.evaluate((table) =>
      Array.from(table.querySelectorAll('th')).map((cell) => {
        const copy = cell.cloneNode(true) as HTMLElement;
        for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
        return copy.textContent;
      }),
    );
  await expect.poll(headers).toEqual(['Task', 'Owner', '']);
  expect(await readerTable.getByRole('row').count()).toBe(3);
  // Inside the table its tools show; adding a row reaches the reader too.
  await toolbar.getByRole('button', { name: 'Add a row below' }).click();
  await expect.poll(() => readerTable.getByRole('row').count()).toBe(4);
  await screenshot(writer.page, 'document-table');
  await toolbar.getByRole('button', { name: 'Delete the table' }).click();
  await expect.poll(() => editorOf(reader.page).getByRole('table').count()).toBe(0);
  expect(writer.problems).toEqual([]);
  await writer.context.close();
  await reader.context.close();
});

test('a callout sets lines apart, live for the other reader; its colour changes and it is taken away again', async () => {
  const { ada, ben, path } = await handbook(['Ada Callouts', 'Ben Callouts']);
  const writer = await signedInPage(browser, ada.token, { colorScheme: 'dark' });
  const reader = await signedInPage(browser, ben.token);
  await openSaved(path, writer, reader);
  const toolbar = writer.page.getByRole('toolbar', { name: 'Formatting' });
  await editorOf(writer.page).click();
  await writer.page.keyboard.press('End');
  await writer.page.keyboard.press('Enter');
  const button = toolbar.getByRole('button', { name: 'Callout', exact: true });
  await button.click();
  await writer.page.keyboard.type('Mind the gap');
  expect(await button.getAttribute('aria-pressed')).toBe('true');
  const callout = editorOf(reader.page).locator('[data-type="callout"]');
  await expect.poll(() => callout.textContent()).toContain('Mind the gap');
  expect(await callout.getAttribute('data-tone')).toBe('info');
  await toolbar.getByRole('button', { name: "Change the callout's colour" }).click();
  await expect.poll(() => callout.getAttribute('data-tone')).toBe('success');
  await screenshot(writer.page, 'document-callout-dark');
  expect(await seriousViolations(writer.page)).toEqual([]);
  await button.click();
  await expect.poll(() => callout.count()).toBe(0);
  await expect.poll(() => editorOf(reader.page).textContent()).toContain('Mind the gap');
  expect(writer.problems).toEqual([]);
  await writer.context.close();
  await reader.context.close();
});

test('written while the server cannot be reached, in a tab closed since, a page reaches the others once it can', async () => {
  const { ada, ben, path } = await handbook(['Ada Offline', 'Ben Offline']);
  const writer = await signedInPage(browser, ada.token);
  await writer.page.goto(path);
  await editorOf(writer.page).click();
  await writer.page.keyboard.type('Online words.');
  await expect
    .poll(() => writer.page.getByRole('status').filter({ hasText: 'All changes saved' }).count())
    .toBe(1);
  // Saved on the server; the device's copy is written a moment later: it is given that moment.
  await writer.page.waitForTimeout(500);
  await writer.page.close();

  // The co-editing server out of reach (the rest of the app still answers).
  let reachable = false;
  await writer.context.routeWebSocket(/\/collab$/, (socket) => {
    if (reachable) socket.connectToServer();
    else socket.close();
  });
  const offline = await writer.context.newPage();
  await offline.goto(path);
  // The page opens from the device, says it is offline, and takes more text.
  await expect.poll(() => textOf(offline)).toBe('Online words.');
  await expect
    .poll(() =>
      offline
        .getByRole('status')
        .filter({ hasText: /^Offline/ })
        .count(),
    )
    .toBe(1);
  await editorOf(offline).click();
  await offline.keyboard.press('End');
  await offline.keyboard.type(' Offline words.');
  await expect.poll(() => textOf(offline)).toBe('Online words. Offline words.');
  // Give the device's copy its moment to be written, then close the tab.
  await offline.waitForTimeout(500);
  await offline.close();

  reachable = true;
  const back = await writer.context.newPage();
  await back.goto(path);
  await expect.poll(() => back.getByRole('status').filter({ hasText: 'All changes saved' }).count()).toBe(1);
  const reader = await signedInPage(browser, ben.token);
  await reader.page.goto(path);
  await expect.poll(() => textOf(reader.page), { timeout: 10_000 }).toBe('Online words. Offline words.');
  await reader.context.close();
  await writer.context.close();
});

test('the shared links screen lists what the workspace shares, and Stop sharing closes a site at once', async () => {
  const ada = await createVerifiedAccount(baseUrl, 'Ada Links');
  const team = await apiCall<{ id: number }>(baseUrl, ada.token, 'POST', '/api/teams', { name: 'Atlas' });
  const board = await seedBoard(baseUrl, ada.token, team.id, {
    name: 'Wiki',
    folders: ['Handbook'],
    columns: [],
    items: [{ values: { Name: 'Onboarding' } }],
  });
  const folderId = board.folders.Handbook!;
  const site = await seedView(baseUrl, ada.token, team.id, {
    folderId,
    type: 'documents',
    name: 'Public handbook',
    settings: { published: true },
  });
  await seedView(baseUrl, ada.token, team.id, {
    folderId,
    type: 'form',
    name: 'Questions',
    settings: { shared: true },
  });
  const sitePath = `${baseUrl}/p/e${team.id}-${site.id}`;
  expect((await fetch(sitePath)).status).toBe(200);

  const { context, page, problems } = await signedInPage(browser, ada.token);
  await page.goto(`${baseUrl}/team/${team.id}`);
  await page
    .getByRole('navigation', { name: 'Workspace sections' })
    .getByRole('link', { name: 'Shared links' })
    .click();
  const list = page.getByRole('region', { name: 'Shared links' });
  await list.getByRole('link', { name: 'Public handbook' }).waitFor();
  await list.getByRole('link', { name: 'Questions' }).waitFor();
  expect(await list.getByRole('listitem').count()).toBe(2);
  await screenshot(page, 'shared-links');
  expect(await seriousViolations(page)).toEqual([]);

  await list
    .getByRole('listitem')
    .filter({ hasText: 'Public handbook' })
    .getByRole('button', { name: 'Stop sharing' })
    .click();
  await page
    .getByRole('dialog', { name: 'Stop sharing “Public handbook”?' })
    .getByRole('button', { name: 'Stop sharing' })
    .click();
  await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
  expect((await fetch(sitePath)).status).toBe(404);
  expect(problems).toEqual([]);
  await context.close();

  // The same screen in Arabic and dark mode: right to left, the remaining form listed, axe.
  await apiCall(baseUrl, ada.token, 'PUT', '/api/me', { locale: 'ar' });
  const arabic = await signedInPage(browser, ada.token, { colorScheme: 'dark' });
  await arabic.page.goto(`${baseUrl}/team/${team.id}/shared-links`);
  const arabicList = arabic.page.getByRole('region', { name: 'الروابط المشتركة' });
  await arabicList.getByRole('link', { name: 'Questions' }).waitFor();
  await expect.poll(() => arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await arabicList.getByRole('button', { name: 'إيقاف المشاركة' }).count()).toBe(1);
  await screenshot(arabic.page, 'shared-links-ar-dark');
  expect(await seriousViolations(arabic.page)).toEqual([]);
  expect(arabic.problems).toEqual([]);
  await arabic.context.close();
});
