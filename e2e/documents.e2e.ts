import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard, seedView } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, type Token, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** Two people of one workspace and a Handbook folder of two pages (one with a subpage), shown as documents. */
async function handbook(names: [string, string]) {
  const ada = await createVerifiedAccount(baseUrl, names[0]);
  const ben = await createVerifiedAccount(baseUrl, names[1]);
  const team = await workspaceWithMember(baseUrl, ada, ben);
  const board = await seedBoard(baseUrl, ada.token, team.id, {
    name: 'Wiki',
    folders: ['Handbook'],
    columns: [{ name: 'Contact', type: 'email' }],
    items: [
      { values: { Name: 'Onboarding', Contact: 'people@example.com' } },
      { values: { Name: 'Holidays' } },
    ],
  });
  const folderId = board.folders.Handbook!;
  const view = await seedView(baseUrl, ada.token, team.id, { folderId, type: 'documents', name: 'Pages' });
  return {
    ada,
    ben,
    teamId: team.id,
    folderId,
    path: `${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}`,
  };
}

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

/** The page's body, by its name in English or in Arabic. */
const editorOf = (page: Page) => page.getByRole('textbox', { name: /(page content|محتوى الصفحة)$/ });
/** Opens the page in each browser and waits until its document is loaded and saved. */
async function openSaved(path: string, ...parties: { page: Page }[]) {
  for (const { page } of parties) {
    await page.goto(path);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count())
      .toBe(1);
  }
}

/**
 * Puts the caret at the end of the page's text, and waits until it is there: focus restores the
 * editor's own selection a moment later on a busy machine, which would undo a Ctrl+End pressed
 * too soon (a click's caret does the same). Nothing but the others' cursors may follow it.
 */
async function caretToEnd(page: Page) {
  await expect
    .poll(async () => {
      await editorOf(page).focus();
      await page.keyboard.press('Control+End');
      return editorOf(page).evaluate((editor) => {
        const selection = document.getSelection();
        if (!selection?.focusNode || !editor.contains(selection.focusNode)) return false;
        const after = document.createRange();
        after.setStart(selection.focusNode, selection.focusOffset);
        after.setEnd(editor, editor.childNodes.length);
        const rest = after.cloneContents();
        for (const hidden of Array.from(rest.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
        return rest.textContent === '';
      });
    })
    .toBe(true);
}

/** A handbook open on its first page for a writer in English and a reader in Arabic and dark mode, both loaded. */
async function writerAndArabicReader(names: [string, string]) {
  const { ada, ben, path } = await handbook(names);
  await apiCall(baseUrl, ben.token, 'PUT', '/api/me', { locale: 'ar' });
  const writer = await signedInPage(browser, ada.token);
  const reader = await signedInPage(browser, ben.token, { colorScheme: 'dark' });
  await openSaved(path, writer);
  await reader.page.goto(path);
  await expect
    .poll(() => reader.page.getByRole('status').filter({ hasText: 'تم حفظ كل التغييرات' }).count())
    .toBe(1);
  return { writer, reader, ben };
}

/** The page's text as its reader hears it: without the others' cursors (aria-hidden). */
const textOf = (page: Page) =>
  editorOf(page).evaluate((editor) => {
    const copy = editor.cloneNode(true) as HTMLElement;
    for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
    return copy.textContent;
  });

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

test('a link to another page and a mention are picked by keyboard; the link shows that page’s title as it is now, live in Arabic and dark for the other reader, and opens it', async () => {
  const { writer, reader, ben } = await writerAndArabicReader(['Ada Links', 'Ben Links']);
  await editorOf(writer.page).focus();
  await writer.page.keyboard.type('Before you leave, read ');
  await writer.page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Link to an item' })
    .click();
  const search = writer.page.getByRole('combobox', { name: 'Find an item to link' });
  await expect
    .poll(() => writer.page.evaluate(() => document.activeElement?.getAttribute('role')))
    .toBe('combobox');
  await search.pressSequentially('Holi');
  // The open page is not offered; the other is, once the search has answered.
  const options = writer.page.getByRole('listbox', { name: 'Items' }).getByRole('option');
  await expect.poll(() => options.allInnerTexts()).toEqual(['Holidays']);
  await search.press('Enter');
  await expect.poll(() => search.count()).toBe(0);
  await writer.page.keyboard.type('first. Ask @Be');
  // A member is mentioned from the list "@" opens, by keyboard.
  const mentionList = writer.page.getByRole('listbox', { name: 'People to mention' });
  await expect.poll(() => mentionList.getByRole('option').allInnerTexts()).toEqual(['Ben Links']);
  await writer.page.keyboard.press('Enter');
  await writer.page.keyboard.type('anything.');
  const writerLink = editorOf(writer.page).getByRole('link', { name: 'Holidays' });
  await writerLink.waitFor();
  await expect
    .poll(() => textOf(writer.page))
    .toBe('Before you leave, read Holidays first. Ask @Ben Links anything.');
  await expect
    .poll(() => editorOf(reader.page).locator('[data-type="mention"]').getAttribute('data-label'))
    .toBe('Ben Links');
  const readerLink = editorOf(reader.page).getByRole('link', { name: 'Holidays' });
  await readerLink.waitFor();

  // Renamed by the other reader, the link follows at once for both.
  await reader.page
    .getByRole('navigation', { name: 'الصفحات' })
    .getByRole('button', { name: 'Holidays' })
    .click();
  const title = reader.page.getByRole('textbox', { name: 'عنوان الصفحة' });
  await expect.poll(() => title.inputValue()).toBe('Holidays');
  await title.fill('العطلات الرسمية');
  await title.press('Enter');
  await editorOf(writer.page).getByRole('link', { name: 'العطلات الرسمية' }).waitFor();
  await reader.page
    .getByRole('navigation', { name: 'الصفحات' })
    .getByRole('button', { name: 'Onboarding' })
    .click();
  await editorOf(reader.page).getByRole('link', { name: 'العطلات الرسمية' }).waitFor();
  await screenshot(reader.page, 'document-item-link-ar-dark');
  expect(await seriousViolations(reader.page)).toEqual([]);

  // Followed, the link opens the page in the view.
  await editorOf(writer.page).getByRole('link', { name: 'العطلات الرسمية' }).click();
  await expect
    .poll(() => writer.page.getByRole('textbox', { name: 'Page title' }).inputValue())
    .toBe('العطلات الرسمية');
  expect(writer.page.url()).toMatch(/[?&]page=/);

  // A mention shows the member's name as it is now, as comments do.
  await apiCall(baseUrl, ben.token, 'PUT', '/api/me', { name: 'Benjamin Links' });
  await writer.page.reload();
  await writer.page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: 'Onboarding' })
    .click();
  await expect
    .poll(() => textOf(writer.page))
    .toBe('Before you leave, read العطلات الرسمية first. Ask @Benjamin Links anything.');
  expect(writer.problems).toEqual([]);
  expect(reader.problems).toEqual([]);
  await writer.context.close();
  await reader.context.close();
});

/** A real PNG of a coloured square, drawn by the browser (the server keeps images by their bytes). */
async function squarePng(page: Page): Promise<Buffer> {
  const url = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 32;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#4f46e5';
    context.fillRect(0, 0, 48, 32);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(url.split(',')[1]!, 'base64');
}

/** The image named `name` in the page's body has been drawn (its bytes were read and decoded). */
const imageShown = (page: Page, name: string) =>
  editorOf(page)
    .getByRole('img', { name })
    .evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth);

test('an image and a file are uploaded into a page, and images pasted and dropped: shown in place for both readers (Arabic and dark too), and on its published page to anyone', async () => {
  const { writer, reader } = await writerAndArabicReader(['Ada Images', 'Ben Images']);
  await editorOf(writer.page).focus();
  await writer.page.keyboard.type('Our logo and brief:');
  await writer.page.keyboard.press('Enter');
  await writer.page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Insert an image or a file' })
    .click();
  await writer.page.getByLabel('Upload from this device').setInputFiles([
    { name: 'logo.png', mimeType: 'image/png', buffer: await squarePng(writer.page) },
    { name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 brief') },
  ]);
  await expect.poll(() => imageShown(writer.page, 'logo.png'), { timeout: 10_000 }).toBe(48);
  await editorOf(writer.page).getByRole('button', { name: 'Download brief.pdf' }).waitFor();
  await expect.poll(() => imageShown(reader.page, 'logo.png'), { timeout: 10_000 }).toBe(48);
  await editorOf(reader.page)
    .getByRole('button', { name: /brief\.pdf/ })
    .waitFor();
  // Pasted and dropped from elsewhere, an image is uploaded and placed too.
  const png = (await squarePng(writer.page)).toString('base64');
  for (const [kind, name] of [
    ['paste', 'pasted.png'],
    ['drop', 'dropped.png'],
  ] as const)
    await editorOf(writer.page).evaluate(
      (editor, { kind, name, png }) => {
        const data = new DataTransfer();
        const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], name, { type: 'image/png' }));
        const box = editor.getBoundingClientRect();
        const event =
          kind === 'paste'
            ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
            : new DragEvent('drop', {
                dataTransfer: data,
                clientX: box.left + 20,
                clientY: box.top + 10,
                bubbles: true,
                cancelable: true,
              });
        editor.dispatchEvent(event);
      },
      { kind, name, png },
    );
  await expect.poll(() => imageShown(reader.page, 'pasted.png'), { timeout: 10_000 }).toBe(48);
  await expect.poll(() => imageShown(reader.page, 'dropped.png'), { timeout: 10_000 }).toBe(48);
  await screenshot(reader.page, 'document-image-ar-dark');
  expect(await seriousViolations(reader.page)).toEqual([]);

  await writer.page.getByRole('switch', { name: 'Publish to the web' }).check();
  const link = await writer.page.getByRole('textbox', { name: 'Public link' }).inputValue();
  const anyone = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await anyone.newPage();
  // The switch and the page's files reach the server a moment after they show.
  await expect
    .poll(
      async () => {
        const response = await page.goto(link);
        return response?.status() === 200 ? page.locator('main img').count() : response?.status();
      },
      { timeout: 15_000 },
    )
    .toBe(3);
  const image = page.getByRole('img', { name: 'logo.png' });
  await expect.poll(() => image.evaluate((shown) => (shown as HTMLImageElement).naturalWidth)).toBe(48);
  const brief = await page.getByRole('link', { name: 'brief.pdf' }).getAttribute('href');
  const download = await page.request.get(brief!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment/);
  expect(await seriousViolations(page)).toEqual([]);
  expect(writer.problems).toEqual([]);
  expect(reader.problems).toEqual([]);
  await anyone.close();
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
