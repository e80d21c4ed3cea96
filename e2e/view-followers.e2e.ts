import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard, seedView } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A board with a folder Plan holding a table view "Launches" beside its first view. */
async function place(owner: { token: Record<string, unknown> }, teamId: number) {
  const board = await seedBoard(baseUrl, owner.token, teamId, {
    name: 'Release',
    folders: ['Plan'],
    columns: [],
    items: [{ values: { Name: 'Ship the release' } }],
  });
  const folderId = board.folders.Plan!;
  await seedView(baseUrl, owner.token, teamId, { folderId, type: 'table', name: 'Everything' });
  const view = await seedView(baseUrl, owner.token, teamId, { folderId, type: 'table', name: 'Launches' });
  return { path: `${baseUrl}/b/${board.boardId}/${folderId}`, viewId: view.id };
}

test("a view's menu follows it and subscribes a teammate, who is told live and lands on the view", async () => {
  const ada = await createVerifiedAccount(baseUrl, 'Ada Author');
  const milo = await createVerifiedAccount(baseUrl, 'Milo Member');
  const team = await workspaceWithMember(baseUrl, ada, milo);
  const { path, viewId } = await place(ada, team.id);

  const reader = await signedInPage(browser, milo.token);
  // The bell reads its count once Milo's channel holds (use-unread-count.ts): from then on a
  // notification reaches it live.
  const counted = reader.page.waitForResponse((r) => r.url().endsWith('/api/notifications/unread-count'));
  await reader.page.goto(path);
  await counted;
  await reader.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  const writer = await signedInPage(browser, ada.token);
  await writer.page.goto(`${path}?view=${viewId}`);
  const menu = writer.page.getByRole('button', { name: 'Launches view options' });
  // Follow, then the menu says so.
  await menu.click();
  await writer.page.getByRole('menuitem', { name: 'Follow view' }).click();
  await menu.click();
  await writer.page.getByRole('menuitem', { name: 'Stop following view' }).waitFor();
  await writer.page.getByRole('menuitem', { name: 'Followers…' }).click();
  const dialog = writer.page.getByRole('dialog', { name: 'Followers of Launches' });
  await dialog.getByRole('listitem').filter({ hasText: 'Ada Author' }).waitFor();
  await dialog.getByRole('option', { name: 'Milo Member' }).click();
  await dialog.getByRole('listitem').filter({ hasText: 'Milo Member' }).waitFor();
  await dialog.getByText('Everyone who can see this view follows it.').waitFor();
  await screenshot(writer.page, 'view-followers');
  expect(await seriousViolations(writer.page)).toEqual([]);
  await writer.page.keyboard.press('Escape');

  // Milo's bell counts it without a reload; the notification opens the folder on that view.
  await reader.page.getByRole('button', { name: 'Notifications, 1 unread' }).click({ timeout: 15_000 });
  const list = reader.page.getByRole('dialog', { name: 'Notifications' });
  await list.getByRole('link', { name: /Ada Author subscribed you to the view Launches/ }).click();
  await reader.page.getByRole('tab', { name: 'Launches', selected: true }).waitFor();
  expect(new URL(reader.page.url()).searchParams.get('view')).toBe(viewId);
  await reader.page.getByRole('button', { name: 'Launches view options' }).click();
  await reader.page.getByRole('menuitem', { name: 'Stop following view' }).waitFor();

  expect(reader.problems).toEqual([]);
  expect(writer.problems).toEqual([]);
  await reader.context.close();
  await writer.context.close();
});

test("a view's followers dialog in Arabic and dark mode", async () => {
  const rana = await createVerifiedAccount(baseUrl, 'Rana Remote');
  const sami = await createVerifiedAccount(baseUrl, 'Sami Second');
  await apiCall(baseUrl, rana.token, 'PUT', '/api/me', { locale: 'ar' });
  const team = await workspaceWithMember(baseUrl, rana, sami);
  const { path, viewId } = await place(rana, team.id);
  const { page, problems, context } = await signedInPage(browser, rana.token, { colorScheme: 'dark' });
  await page.goto(`${path}?view=${viewId}`);
  await page.getByRole('tab', { name: 'Launches', selected: true }).waitFor();
  // The profile's language applies once it is read: poll rather than read once.
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.getByRole('button', { name: 'خيارات طريقة العرض Launches' }).click();
  await page.getByRole('menuitem', { name: 'متابعة العرض' }).waitFor();
  await screenshot(page, 'view-menu-ar-dark');
  await page.getByRole('menuitem', { name: 'المتابعون…' }).click();
  const dialog = page.getByRole('dialog', { name: 'متابعو Launches' });
  await dialog.getByRole('option', { name: 'Sami Second' }).click();
  await dialog.getByRole('listitem').filter({ hasText: 'Sami Second' }).waitFor();
  await screenshot(page, 'view-followers-ar-dark');
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
