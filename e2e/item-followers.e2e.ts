import type { Browser, Page } from 'playwright-core';
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

/** Opens the board's item Ship the release on its Comments tab; answers the panel. */
async function openComments(page: Page, path: string) {
  await page.goto(path);
  await page
    .getByRole('grid')
    .getByRole('button', { name: /Ship the release/ })
    .first()
    .click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('tab', { name: /Comments|التعليقات/ }).click();
  return panel;
}

async function place(owner: { token: Record<string, unknown> }, teamId: number) {
  const board = await seedBoard(baseUrl, owner.token, teamId, {
    name: 'Release',
    folders: ['Plan'],
    columns: [],
    items: [{ values: { Name: 'Ship the release' } }],
  });
  return `${baseUrl}/b/${board.boardId}/${board.folders.Plan}`;
}

test('someone subscribes a teammate to an item: the teammate follows it and is told live in the bell', async () => {
  const ada = await createVerifiedAccount(baseUrl, 'Ada Author');
  const milo = await createVerifiedAccount(baseUrl, 'Milo Member');
  const team = await workspaceWithMember(baseUrl, ada, milo);
  const path = await place(ada, team.id);

  // Milo waits on the workspace's home; his bell has nothing yet.
  const reader = await signedInPage(browser, milo.token);
  await reader.page.goto(path);
  await reader.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  const writer = await signedInPage(browser, ada.token);
  const panel = await openComments(writer.page, path);
  const followers = panel.getByRole('button', { name: 'Followers: 1' });
  await followers.click();
  const popover = writer.page.getByRole('dialog', { name: 'Followers' });
  await popover.getByText('Ada Author').waitFor();
  // Typing filters the people not following yet; Enter subscribes the one found.
  await writer.page.keyboard.type('Mil');
  await popover.getByRole('option', { name: 'Milo Member' }).waitFor();
  await screenshot(writer.page, 'item-followers-picker');
  expect(await seriousViolations(writer.page)).toEqual([]);
  await writer.page.keyboard.press('Enter');
  await popover.getByText('Everyone who can see this item follows it.').waitFor();
  await popover.getByRole('listitem').filter({ hasText: 'Milo Member' }).waitFor();
  await writer.page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Followers: 2' }).waitFor();

  // Milo's bell counts it without a reload; the notification names who and what.
  await reader.page.getByRole('button', { name: 'Notifications, 1 unread' }).click({ timeout: 15_000 });
  const list = reader.page.getByRole('dialog', { name: 'Notifications' });
  await list.getByRole('link', { name: /Ada Author subscribed you to Ship the release/ }).click();
  const milosPanel = reader.page.getByRole('dialog');
  await milosPanel.getByRole('tab', { name: 'Comments' }).click();
  await milosPanel.getByRole('button', { name: 'Stop following' }).waitFor();

  expect(reader.problems).toEqual([]);
  expect(writer.problems).toEqual([]);
  await reader.context.close();
  await writer.context.close();
});

test('the followers list reads right to left in Arabic and dark mode', async () => {
  const rana = await createVerifiedAccount(baseUrl, 'Rana Remote');
  const sami = await createVerifiedAccount(baseUrl, 'Sami Second');
  await apiCall(baseUrl, rana.token, 'PUT', '/api/me', { locale: 'ar' });
  const team = await workspaceWithMember(baseUrl, rana, sami);
  const path = await place(rana, team.id);
  const { page, problems, context } = await signedInPage(browser, rana.token, { colorScheme: 'dark' });
  const panel = await openComments(page, path);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await panel.getByRole('button', { name: 'المتابعون: 1' }).click();
  const popover = page.getByRole('dialog', { name: 'المتابعون' });
  await popover.getByRole('option', { name: 'Sami Second' }).click();
  await popover.getByRole('listitem').filter({ hasText: 'Sami Second' }).waitFor();
  const box = await popover.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  await screenshot(page, 'item-followers-ar-dark');
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
