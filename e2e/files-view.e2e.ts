import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard, seedView } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, type Token } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A file uploaded to the board as the attachments cell uploads one. */
async function upload(token: Token, teamId: number, boardId: string, name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const response = await fetch(`${baseUrl}/api/${teamId}/attachments?board_id=${boardId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Record<string, unknown>;
}

/** A press-kit folder whose two items hold files, shown as a files view. */
async function pressKit(ownerName: string) {
  const owner = await createVerifiedAccount(baseUrl, ownerName);
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', {
    name: 'Acme Press',
  });
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Marketing',
    folders: ['Press'],
    columns: [{ name: 'Files', type: 'attachments' }],
    items: [{ values: { Name: 'Brand kit' } }, { values: { Name: 'Launch notes' } }],
  });
  const folderId = board.folders.Press!;
  const items = await apiCall<{ id: string; values: Record<string, { data: unknown }> }[]>(
    baseUrl,
    owner.token,
    'GET',
    `/api/${team.id}/folders/${folderId}/items`,
  );
  const files = board.columns.Files!;
  const name = board.columns.Name!;
  for (const item of items) {
    const title = String(item.values[name]?.data);
    const file = await upload(
      owner.token,
      team.id,
      board.boardId,
      `${title.toLowerCase().replace(' ', '-')}.txt`,
      title,
    );
    await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/items/${item.id}`, {
      folder_id: folderId,
      values: { [files]: { data: [file] } },
      row_version: 2,
    });
  }
  const view = await seedView(baseUrl, owner.token, team.id, { folderId, type: 'files', name: 'Press kit' });
  return { owner, path: `${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}` };
}

test('a files view lists the folder’s files; published, a clean browser reads the list without scripts and downloads a file', async () => {
  const { owner, path } = await pressKit('Fay Files');
  const ownerSide = await signedInPage(browser, owner.token);
  await ownerSide.page.goto(path);
  const table = ownerSide.page.getByRole('table', { name: 'Press kit' });
  await table.getByRole('button', { name: 'Download brand-kit.txt' }).waitFor();
  expect(await table.getByRole('row').count()).toBe(3);
  // A file's item opens from the list.
  await table.getByRole('button', { name: 'Launch notes' }).click();
  await ownerSide.page.getByRole('dialog', { name: 'Launch notes' }).waitFor();
  await ownerSide.page.keyboard.press('Escape');

  await ownerSide.page.getByRole('switch', { name: 'Publish the file list' }).check();
  const link = await ownerSide.page.getByRole('textbox', { name: 'File list link' }).inputValue();
  expect(link).toMatch(/\/p\/f\d+-[0-9a-f-]{36}$/);

  const reader = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    javaScriptEnabled: false,
  });
  const page = await reader.newPage();
  await expect.poll(async () => (await page.goto(link))?.status(), { timeout: 15_000 }).toBe(200);
  await page.getByRole('heading', { name: 'Press kit' }).waitFor();
  const download = page.getByRole('link', { name: 'Download launch-notes.txt' });
  const href = await download.getAttribute('href');
  const file = await fetch(href!);
  expect(file.status).toBe(200);
  expect(await file.text()).toBe('Launch notes');
  expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
  await reader.close();

  await ownerSide.page.getByRole('switch', { name: 'Publish the file list' }).uncheck();
  await expect.poll(async () => (await fetch(link)).status, { timeout: 10_000 }).toBe(404);
  expect(ownerSide.problems).toEqual([]);
  await ownerSide.context.close();
});

test('the files view in Arabic and dark mode reads right to left', async () => {
  const { owner, path } = await pressKit('Fadi Files');
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const side = await signedInPage(browser, owner.token, { colorScheme: 'dark' });
  await side.page.goto(path);
  const table = side.page.getByRole('table', { name: 'Press kit' });
  await table.getByRole('button', { name: 'تنزيل brand-kit.txt' }).waitFor();
  expect(await side.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  // The file column is the first at the start of the line: on the right.
  const [file, size] = await Promise.all([
    table.getByRole('columnheader', { name: 'الملف' }).boundingBox(),
    table.getByRole('columnheader', { name: 'الحجم' }).boundingBox(),
  ]);
  expect(file!.x).toBeGreaterThan(size!.x);
  expect(await seriousViolations(side.page)).toEqual([]);
  await screenshot(side.page, 'files-view-ar-dark');
  await side.context.close();
});
