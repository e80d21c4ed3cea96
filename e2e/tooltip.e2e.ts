import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount } from './accounts';
import { seedBoard } from './board-seed';
import { launchChromium } from './browser';
import { apiCall, signedInPage } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

test('a button’s tooltip shows on hover above it and describes it, hides on leave; keyboard focus shows it, Escape hides it', async () => {
  const { token } = await createVerifiedAccount(baseUrl);
  const team = await apiCall<{ id: number }>(baseUrl, token, 'POST', '/api/teams', { name: 'Tips' });
  const board = await seedBoard(baseUrl, token, team.id, {
    name: 'Launch',
    folders: ['Now'],
    columns: [],
    items: [],
  });
  const { context, page, problems } = await signedInPage(browser, token);
  await page.goto(`${baseUrl}/b/${board.boardId}/${board.folders.Now}`);
  const button = page.getByRole('button', { name: 'New folder' });
  const tip = page.getByRole('tooltip');

  await button.hover();
  await expect.poll(() => tip.textContent()).toBe('New folder');
  const describedBy = await button.getAttribute('aria-describedby');
  expect(describedBy).toBe(await tip.getAttribute('id'));
  const [tipBox, buttonBox] = [await tip.boundingBox(), await button.boundingBox()];
  expect(tipBox!.y + tipBox!.height).toBeLessThanOrEqual(buttonBox!.y);
  await page.mouse.move(buttonBox!.x + 400, buttonBox!.y + 400);
  await expect.poll(() => tip.count()).toBe(0);
  expect(await button.getAttribute('aria-describedby')).toBeNull();

  await button.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect.poll(() => tip.textContent()).toBe('New folder');
  await page.keyboard.press('Escape');
  await expect.poll(() => tip.count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});
