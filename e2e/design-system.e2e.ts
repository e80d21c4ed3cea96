import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let email: string;
beforeAll(async () => {
  browser = await launchChromium();
  const account = await createVerifiedAccount(baseUrl, 'Dina Design');
  email = account.email;
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, account.token);
  page = await context.newPage();
});
afterAll(() => browser?.close());

test('a menu whose open state lives in the query: ?account_menu=on opens it, closing removes the parameter', async () => {
  await page.goto(`${baseUrl}/home?account_menu=on`);
  await page.getByRole('menu').waitFor();
  expect(await page.getByRole('menuitem', { name: 'Sign out' }).isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  expect(new URL(page.url()).searchParams.has('account_menu')).toBe(false);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menu').waitFor();
  expect(new URL(page.url()).searchParams.get('account_menu')).toBe('on');
  await page.keyboard.press('Escape');
});

test('hovering an avatar with preview shows the larger photo, name and email at once and hides 200 ms after leaving', async () => {
  await page.goto(`${baseUrl}/home`);
  const avatar = page.getByRole('img', { name: 'Dina Design' }).first();
  await avatar.hover();
  const preview = page.getByRole('tooltip');
  await preview.waitFor({ timeout: 150 });
  expect(await preview.textContent()).toContain(email);
  await page.mouse.move(1200, 700);
  await preview.waitFor({ state: 'hidden', timeout: 1000 });
});

test('the input validator flags a non-empty invalid value while typing, and never an empty one', async () => {
  await page.goto(`${baseUrl}/profile/security`);
  const field = page.getByLabel('New email address');
  await field.pressSequentially('not-an-email');
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByRole('alert').first().textContent()).toBe('Enter a valid email address.');
  await field.fill('');
  await field.dispatchEvent('input');
  await expect.poll(() => field.getAttribute('aria-invalid')).toBeNull();
  await field.pressSequentially('ok@example.test');
  await expect.poll(() => field.getAttribute('aria-invalid')).toBeNull();
});

test('a plain tooltip waits 200 ms before it shows', async () => {
  await page.setViewportSize({ width: 420, height: 800 });
  await page.goto(`${baseUrl}/home`);
  const button = page.getByRole('button', { name: 'Open the sidebar' });
  await button.hover();
  await page.waitForTimeout(100);
  expect(await page.getByRole('tooltip').count()).toBe(0);
  await page.getByRole('tooltip').waitFor({ timeout: 2000 });
  expect(await page.getByRole('tooltip').first().textContent()).toContain('Open the sidebar');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('a menu item that navigates goes where it says, and the menu parameter does not come back', async () => {
  await page.goto(`${baseUrl}/home?account_menu=on`);
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await page.getByRole('heading', { name: 'Security' }).waitFor();
  await page.waitForTimeout(200);
  expect(new URL(page.url()).pathname).toBe('/profile/security');
  expect(new URL(page.url()).searchParams.has('account_menu')).toBe(false);
});

test('pretend and hide_header carry over between navigations; pretend is preview mode, where saving is refused', async () => {
  await page.goto(`${baseUrl}/home?pretend=1&hide_header=1&empty=`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => new URL(page.url()).search).toBe('?pretend=1&hide_header=1');
  expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
  await page.locator('#sidebar').getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('pretend')).toBe('1');
  expect(new URL(page.url()).searchParams.get('hide_header')).toBe('1');
  await page.getByLabel('Full name').fill('Changed In Preview');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('This feature is not available in preview mode.').waitFor();
  await page.goto(`${baseUrl}/home`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Dina/);
});

test('below 780 px the modal fills the screen with a Back button at the start instead of the X', async () => {
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto(`${baseUrl}/profile/security`);
  await page.getByLabel('New password', { exact: true }).fill('another password');
  await page.getByLabel('Repeat the new password').fill('another password');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.waitFor();
  const box = await dialog.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 400 });
  expect(await dialog.getByRole('button', { name: 'Close' }).isVisible()).toBe(false);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.setViewportSize({ width: 1280, height: 800 });
});
