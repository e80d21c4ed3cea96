import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** Opens the newest mail to `to` whose subject matches in the /dev/mail page and follows its link. */
async function followMailLink(page: Page, to: string, subject: RegExp): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mail`)).json()) as {
      to: string;
      subject: string;
    }[];
    if (mails.some((m) => m.to === to && subject.test(m.subject))) break;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await page.goto(`${baseUrl}/dev/mail`);
  const article = page.locator('article', { hasText: to }).filter({ hasText: subject }).first();
  await article.locator('pre a').first().click();
}

test('register -> verify from the outbox -> sign in -> sign out -> reset the password -> sign in with the new one', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const email = `e2e.${randomUUID().slice(0, 8)}@example.test`;

  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Full name').fill('Edda Tester');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill('first password');
  await screenshot(page, 'register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect.poll(() => page.getByText(`We sent a verification link to ${email}`).isVisible()).toBe(true);

  // Unverified sign-in is sent to verify-email.
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
  expect(new URL(page.url()).searchParams.get('email')).toBe(email);

  await followMailLink(page, email, /Verify your email/);
  await expect.poll(() => page.getByText(`Your email address ${email} is verified.`).isVisible()).toBe(true);
  await screenshot(page, 'verified');
  await page.getByRole('button', { name: 'Continue to sign in' }).click();

  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  await page.getByLabel('Password').fill('first password');
  await screenshot(page, 'login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/home`);
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent())
    .toMatch(/^Good (morning|afternoon|evening), Edda$/);
  await screenshot(page, 'home');

  // A reload keeps the session; sign out ends it.
  await page.reload();
  await expect.poll(() => page.getByText(`Signed in as ${email}`).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByText('You are signed out.').waitFor();
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');

  // Forgotten password.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect.poll(() => page.getByText(`If an account exists for ${email}`).isVisible()).toBe(true);
  await followMailLink(page, email, /Reset your/);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/password\/reset\/[^/]+\/[^/]+$/);
  await page.getByLabel('New password', { exact: true }).fill('second password');
  await page.getByLabel('Repeat the new password').fill('second password');
  await screenshot(page, 'reset');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await expect
    .poll(() => page.getByText('Your password was changed. Sign in with the new one.').isVisible())
    .toBe(true);

  await page.getByLabel('Password').fill('first password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect
    .poll(() => page.getByRole('alert').first().textContent())
    .toBe('These credentials do not match our records.');
  await page.getByLabel('Password').fill('second password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/home`);

  expect(problems.filter((p) => !p.includes('401') && !p.includes('422') && !p.includes('403'))).toEqual([]);
  await context.close();
});

test('an unknown path shows the 404 page', async () => {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/no/such/page`);
  await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
  await screenshot(page, 'not-found');
  await page.close();
});

test('a page under the CSP renders without violations in dark mode', async () => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/login`);
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(15, 18, 26)');
  await screenshot(page, 'login-dark');
  expect(problems).toEqual([]);
  await context.close();
});
