import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard, seedView } from './board-seed';
import { launchChromium, screenshot, watchConsole } from './browser';
import { apiCall, signedInPage } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A workspace with a board whose folder Requests has a Name, an Email and a Budget column. */
async function requestsBoard(name: string) {
  const ada = await createVerifiedAccount(baseUrl, name);
  const team = await apiCall<{ id: number }>(baseUrl, ada.token, 'POST', '/api/teams', { name: 'Atlas' });
  const board = await seedBoard(baseUrl, ada.token, team.id, {
    name: 'Intake',
    folders: ['Requests'],
    columns: [
      { name: 'Email', type: 'email' },
      { name: 'Budget', type: 'number' },
    ],
    items: [{ values: { Name: 'Existing request' } }],
  });
  return { ada, team, board, path: `${baseUrl}/b/${board.boardId}/${board.folders.Requests}` };
}

/** A visitor's browser: no session, no stored token. */
async function visitorPage(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

async function addQuestion(page: Page, column: string) {
  await page.getByRole('combobox', { name: 'Add a question' }).selectOption({ label: column });
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByRole('group', { name: new RegExp(`\\d\\. ${column}$`) }).waitFor();
}

test('a form built in the folder is answered by an anonymous visitor, and the team sees the item live', async () => {
  const { ada, path } = await requestsBoard('Ada Intake');
  const writer = await signedInPage(browser, ada.token);
  await writer.page.goto(path);
  await writer.page.getByRole('button', { name: 'Add view' }).click();
  await writer.page.getByRole('menuitem', { name: 'Form' }).click();
  await writer.page.getByRole('region', { name: 'Form builder' }).waitFor();

  await writer.page.getByRole('textbox', { name: 'Title' }).fill('Ask the team');
  await addQuestion(writer.page, 'Name');
  await addQuestion(writer.page, 'Email');
  await addQuestion(writer.page, 'Budget');
  const email = writer.page.getByRole('group', { name: /2\. Email$/ });
  await email.getByRole('checkbox', { name: 'Required' }).check();
  // A default answer, typed in the input the visitor will see, saved when it is left.
  const budgetDefault = writer.page
    .getByRole('group', { name: /3\. Budget$/ })
    .getByRole('spinbutton', { name: 'Default answer' });
  await budgetDefault.fill('100');
  await budgetDefault.press('Tab');
  await writer.page.getByRole('switch', { name: 'Share form' }).check();
  const link = await writer.page.getByRole('textbox', { name: 'Public link' }).inputValue();
  expect(link).toMatch(/\/form\/[0-9a-f-]{36}$/);
  // The switch shows at once; its save reaches the server a moment later, as a person would send
  // the link after it.
  const formApi = `${baseUrl}/api/public/forms/${link.split('/form/')[1]}`;
  await expect
    .poll(async () => {
      const res = await fetch(formApi);
      if (!res.ok) return res.status;
      const form = (await res.json()) as { fields: { default: unknown }[] };
      return form.fields.map((field) => field.default);
    })
    .toEqual([null, null, 100]);
  await screenshot(writer.page, 'form-builder');
  expect(await seriousViolations(writer.page)).toEqual([]);

  // The table tab of the same folder stays open to see the answer arrive.
  const team = await signedInPage(browser, ada.token);
  await team.page.goto(path);
  await team.page.getByRole('row', { name: /Existing request/ }).waitFor();

  const visitor = await visitorPage();
  await visitor.page.goto(link);
  await visitor.page.getByRole('heading', { name: 'Ask the team' }).waitFor();
  expect(await visitor.page.title()).toContain('Ask the team');
  await visitor.page.getByRole('textbox', { name: /^Name/ }).fill('A standing desk');
  const budget = visitor.page.getByRole('spinbutton', { name: /^Budget/ });
  expect(await budget.inputValue()).toBe('100');
  await budget.fill('450');
  // The required email left empty is flagged before anything is sent.
  await visitor.page.getByRole('button', { name: 'Submit' }).click();
  await visitor.page.getByText('This field is required.').waitFor();
  await visitor.page.getByRole('textbox', { name: /^Email/ }).fill('visitor@example.com');
  await visitor.page.getByRole('button', { name: 'Submit' }).click();
  await visitor.page.getByText('Thank you! Your answer has been sent.').waitFor({ timeout: 20_000 });
  await screenshot(visitor.page, 'form-sent');
  expect(await seriousViolations(visitor.page)).toEqual([]);

  await team.page.getByRole('row', { name: /A standing desk/ }).waitFor({ timeout: 15_000 });
  expect(visitor.problems).toEqual([]);
  expect(writer.problems).toEqual([]);

  // Sharing turned off: the link finds nothing.
  await writer.page.getByRole('switch', { name: 'Share form' }).uncheck();
  await expect.poll(async () => (await fetch(formApi)).status).toBe(404);
  const again = await visitorPage();
  await again.page.goto(link);
  await again.page.getByText('This form does not exist or is not shared.').waitFor();
  await Promise.all([
    visitor.context.close(),
    again.context.close(),
    writer.context.close(),
    team.context.close(),
  ]);
});

test('the public form reads right to left in Arabic and dark mode, and a hidden question takes the address', async () => {
  const { ada, team, board } = await requestsBoard('Rana Intake');
  const source = crypto.randomUUID();
  await apiCall(baseUrl, ada.token, 'PUT', `/api/${team.id}/attributes/${source}`, {
    board_id: board.boardId,
    name: 'source',
    type: 'text',
    row_version: 1,
  });
  const form = await apiCall<{ id: string }>(
    baseUrl,
    ada.token,
    'PUT',
    `/api/${team.id}/views/${crypto.randomUUID()}`,
    {
      folder_id: board.folders.Requests,
      type: 'form',
      name: 'طلبات',
      settings: {
        shared: true,
        title: 'اطلب من الفريق',
        fields: [
          { attribute_id: board.columns.Name, required: true },
          { attribute_id: board.columns.Email },
          { attribute_id: source, hidden: true },
        ],
      },
      row_version: 1,
    },
  );
  const visitor = await visitorPage({ locale: 'ar', colorScheme: 'dark' });
  await visitor.page.goto(`${baseUrl}/form/${form.id}?source=newsletter`);
  await visitor.page.getByRole('heading', { name: 'اطلب من الفريق' }).waitFor();
  await expect.poll(() => visitor.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  // The hidden question is not shown.
  expect(await visitor.page.getByRole('textbox', { name: /source/ }).count()).toBe(0);
  const name = visitor.page.getByRole('textbox', { name: /^Name/ });
  const nameBox = (await name.boundingBox())!;
  const heading = (await visitor.page.getByRole('heading', { name: 'اطلب من الفريق' }).boundingBox())!;
  // Right to left: the field's label and the heading start at the right.
  expect(nameBox.x + nameBox.width).toBeGreaterThan(heading.x + heading.width - 40);
  await screenshot(visitor.page, 'form-ar-dark');
  expect(await seriousViolations(visitor.page)).toEqual([]);
  await name.fill('مكتب جديد');
  await visitor.page.getByRole('button', { name: /إرسال/ }).click();
  await expect
    .poll(
      async () => {
        const items = await apiCall<{ values: Record<string, { data: unknown }> }[]>(
          baseUrl,
          ada.token,
          'GET',
          `/api/${team.id}/folders/${board.folders.Requests}/items`,
        );
        return items.map((item) => item.values[source]?.data).filter(Boolean);
      },
      { timeout: 20_000 },
    )
    .toEqual(['newsletter']);
  expect(visitor.problems).toEqual([]);
  await visitor.context.close();

  // The builder of the same form, in Arabic and dark mode.
  await apiCall(baseUrl, ada.token, 'PUT', '/api/me', { locale: 'ar' });
  const owner = await signedInPage(browser, ada.token, { colorScheme: 'dark' });
  await owner.page.goto(`${baseUrl}/b/${board.boardId}/${board.folders.Requests}?view=${form.id}`);
  const builder = owner.page.getByRole('textbox', { name: 'العنوان' });
  await builder.waitFor();
  await expect.poll(() => owner.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await builder.inputValue()).toBe('اطلب من الفريق');
  await screenshot(owner.page, 'form-builder-ar-dark');
  expect(await seriousViolations(owner.page)).toEqual([]);
  expect(owner.problems).toEqual([]);
  await owner.context.close();
});

test('a visitor on a phone attaches files to an answer, takes one out, and the team gets the rest on the item', async () => {
  const ada = await createVerifiedAccount(baseUrl, 'Ada Files');
  const team = await apiCall<{ id: number }>(baseUrl, ada.token, 'POST', '/api/teams', { name: 'Atlas' });
  const board = await seedBoard(baseUrl, ada.token, team.id, {
    name: 'Intake',
    folders: ['Requests'],
    columns: [{ name: 'Files', type: 'attachments' }],
    items: [],
  });
  const folderId = board.folders.Requests!;
  const form = await seedView(baseUrl, ada.token, team.id, {
    folderId,
    type: 'form',
    name: 'Send us files',
    settings: {
      shared: true,
      fields: [
        { attribute_id: board.columns.Name, required: true },
        { attribute_id: board.columns.Files, required: true },
      ],
    },
  });

  const visitor = await visitorPage({ viewport: { width: 375, height: 740 } });
  await visitor.page.goto(`${baseUrl}/form/${form.id}`);
  await visitor.page.getByRole('textbox', { name: /^Name/ }).fill('Scanned receipts');
  const input = visitor.page.getByLabel(/^Files/);
  await input.setInputFiles([
    { name: 'receipt-march.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 march') },
    { name: 'wrong-one.txt', mimeType: 'text/plain', buffer: Buffer.from('not this') },
  ]);
  await visitor.page.getByRole('button', { name: 'Remove wrong-one.txt' }).click();
  await visitor.page.getByText('receipt-march.pdf').waitFor();
  await screenshot(visitor.page, 'form-files-phone');
  expect(await seriousViolations(visitor.page)).toEqual([]);
  expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await visitor.page.getByRole('button', { name: 'Submit' }).click();
  await visitor.page.getByText('Thank you! Your answer has been sent.').waitFor({ timeout: 20_000 });

  const items = await apiCall<{ values: Record<string, { data: { name: string }[] }> }[]>(
    baseUrl,
    ada.token,
    'GET',
    `/api/${team.id}/folders/${folderId}/items`,
  );
  expect(items.map((item) => item.values[board.columns.Files!]?.data.map((file) => file.name))).toEqual([
    ['receipt-march.pdf'],
  ]);
  expect(visitor.problems).toEqual([]);
  await visitor.context.close();

  // The same question in Arabic and dark mode: the file list reads right to left.
  const arabic = await visitorPage({
    viewport: { width: 375, height: 740 },
    locale: 'ar',
    colorScheme: 'dark',
  });
  await arabic.page.goto(`${baseUrl}/form/${form.id}`);
  await arabic.page
    .getByLabel(/^Files/)
    .setInputFiles([
      { name: 'إيصال-مارس.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
    ]);
  await arabic.page.getByRole('button', { name: 'إزالة إيصال-مارس.pdf' }).waitFor();
  expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await arabic.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  expect(await seriousViolations(arabic.page)).toEqual([]);
  await screenshot(arabic.page, 'form-files-phone-ar-dark');
  expect(arabic.problems).toEqual([]);
  await arabic.context.close();
});
