import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const LABELS = [
  { id: crypto.randomUUID(), name: 'To do', color: '#c4c4c4' },
  { id: crypto.randomUUID(), name: 'Doing', color: '#fdab3d' },
  { id: crypto.randomUUID(), name: 'Done', color: '#00c875' },
];

test('a bar chart built from a label column counts the items per label, live in a second browser; its data downloads as CSV; Arabic and dark', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Cora Chart');
  const member = await createVerifiedAccount(baseUrl, 'Milo Member');
  const team = await workspaceWithMember(baseUrl, owner, member);
  const [todo, doing, done] = LABELS.map((label) => label.id);
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Support',
    folders: ['Tickets'],
    columns: [{ name: 'Status', type: 'label', settings: { labels: LABELS } }],
    items: [
      { values: { Name: 'One', Status: [todo] } },
      { values: { Name: 'Two', Status: [doing] } },
      { values: { Name: 'Three', Status: [done] } },
      { values: { Name: 'Four', Status: [done] } },
    ],
  });
  const folderId = board.folders.Tickets!;
  const ownerSide = await signedInPage(browser, owner.token, {
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
  });
  const memberSide = await signedInPage(browser, member.token, { viewport: { width: 1280, height: 860 } });
  const page = ownerSide.page;
  await page.goto(`${baseUrl}/b/${board.boardId}/${folderId}`);
  await page.getByRole('tab', { name: 'Table', selected: true }).waitFor();
  await page.getByRole('button', { name: 'Add view' }).click();
  await page.getByRole('menuitem', { name: 'Chart' }).click();
  await page.getByRole('tab', { name: 'Chart', selected: true }).waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('view')).toMatch(/^[0-9a-f-]{36}$/);

  // Built in the dialog: a bar chart of the items per status.
  await page.getByRole('button', { name: 'Add chart' }).click();
  const dialog = page.getByRole('dialog', { name: 'New chart' });
  await dialog.getByLabel('Title').fill('Tickets by status');
  await dialog.getByRole('button', { name: /^X axis/ }).click();
  await page.getByRole('option', { name: 'Status', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const card = page.getByRole('article', { name: 'Tickets by status' });
  await card.locator('.recharts-bar-rectangle').first().waitFor();
  expect(await card.locator('.recharts-bar-rectangle').count()).toBe(3);
  // The axis' labels are drawn in a layer of their own, a frame after the bars.
  const ticksOf = (scope: typeof card) =>
    scope.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
  await expect.poll(() => ticksOf(card)).toEqual(['To do', 'Doing', 'Done']);

  // The member opens the same view and sees the chart; an item marked done changes both.
  await memberSide.page.goto(page.url());
  const memberCard = memberSide.page.getByRole('article', { name: 'Tickets by status' });
  await memberCard.locator('.recharts-bar-rectangle').first().waitFor();

  // Its data as CSV.
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Actions for Tickets by status' }).click();
  await page.getByRole('menuitem', { name: 'Download data as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Tickets by status.csv');
  // Counts: the y axis has whole numbers only.
  const yTicks = await card
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();
  expect(yTicks.every((tick) => /^\d+$/.test(tick))).toBe(true);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toBe('\uFEFFStatus,Items\r\nTo do,1\r\nDoing,1\r\nDone,2\r\n');
  const pngDownloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Actions for Tickets by status' }).click();
  await page.getByRole('menuitem', { name: 'Download as PNG' }).click();
  const png = await pngDownloading;
  expect(png.suggestedFilename()).toBe('Tickets by status.png');
  expect(
    readFileSync((await png.path())!)
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'chart-view');

  // A change made elsewhere redraws the chart live: "One" moves to Done.
  const items = await apiCall<
    { id: string; row_version: number; values: Record<string, { data: unknown }> }[]
  >(baseUrl, owner.token, 'GET', `/api/${team.id}/folders/${folderId}/items`);
  const one = items.find((item) => item.values[board.columns.Name!]?.data === 'One')!;
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/items/${one.id}`, {
    values: { [board.columns.Status!]: { data: [done] } },
    row_version: one.row_version + 1,
  });
  await expect.poll(() => ticksOf(memberCard), { timeout: 10_000 }).toEqual(['Doing', 'Done']);
  await ownerSide.context.close();
  await memberSide.context.close();

  // Arabic and dark: the x axis runs from the right, the y axis stands on the right.
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar', preferences: { theme: 'dark' } });
  const rtl = await signedInPage(browser, owner.token, { viewport: { width: 1280, height: 860 } });
  await rtl.page.goto(page.url());
  const arabicCard = rtl.page.getByRole('article', { name: 'Tickets by status' });
  await arabicCard.locator('.recharts-bar-rectangle').first().waitFor();
  // The profile's language applies after the first paint, and the chart is drawn again then:
  // its bars and axis are read together, once the page reads right to left.
  await expect.poll(() => rtl.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const layout = () =>
    arabicCard.evaluate((card) => {
      const bars = Array.from(
        card.querySelectorAll('.recharts-bar-rectangle'),
        (bar) => bar.getBoundingClientRect().x,
      );
      const axis = card.querySelector('.recharts-yAxis-tick-labels')?.getBoundingClientRect().x ?? null;
      return {
        bars: bars.length,
        lastLeftOfFirst: bars.at(-1)! < bars[0]!,
        axisRightOfBars: axis !== null && axis > bars[0]!,
      };
    });
  await expect.poll(layout).toEqual({ bars: 2, lastLeftOfFirst: true, axisRightOfBars: true });
  expect(await seriousViolations(rtl.page)).toEqual([]);
  await screenshot(rtl.page, 'chart-view-ar-dark');
  await rtl.context.close();
});
