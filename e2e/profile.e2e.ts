import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium, screenshot, watchConsole } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function signedInPage(name: string): Promise<{
  context: BrowserContext;
  page: Page;
  account: Awaited<ReturnType<typeof createVerifiedAccount>>;
}> {
  const account = await createVerifiedAccount(baseUrl, name);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, account.token);
  return { context, page: await context.newPage(), account };
}

test('profile settings: the name is saved; the theme applies at once, is kept in the profile and does not flash on reload', async () => {
  const { context, page } = await signedInPage('Theo Theme');
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/profile/settings`);
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
  await page.getByLabel('Full name').fill('Theodora Theme');
  await page.getByRole('button', { name: /^Time zone/ }).click();
  await page.getByRole('combobox', { name: 'Search' }).fill('rome');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^Week starts on/ }).click();
  await page.getByRole('option', { name: 'Monday' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Your profile was saved.').waitFor();

  await page.getByRole('button', { name: 'Dark' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await screenshot(page, 'profile-settings-dark');
  // The choice is in the profile, and the pre-paint script applies it before the app runs.
  await expect
    .poll(
      async () =>
        (
          await page.evaluate(() =>
            fetch('/api/me', {
              headers: {
                authorization: `Bearer ${JSON.parse(localStorage.getItem('strata.token')!).access_token}`,
              },
            }).then((r) => r.json()),
          )
        ).preferences.theme,
    )
    .toBe('dark');
  await page.goto(`${baseUrl}/home`, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Theodora/);
  await page.getByText(/Europe\/Rome/).waitFor();

  await page.goto(`${baseUrl}/profile/settings`);
  await page.getByRole('button', { name: 'System' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme ?? 'none')).toBe('none');
  expect(problems).toEqual([]);
  await context.close();
});

test('Arabic: the document is right-to-left, the sidebar sits on the right, the texts come from the Arabic catalogue', async () => {
  const { context, page } = await signedInPage('Amal Arabic');
  await page.goto(`${baseUrl}/profile/settings`);
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('combobox', { name: 'Search' }).fill('arab');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Profile settings');
  const sidebar = await page.locator('#sidebar').boundingBox();
  expect(sidebar!.x).toBeGreaterThan(1280 / 2);
  await screenshot(page, 'profile-settings-ar');
  // Kept in the profile: a fresh page opens in Arabic.
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await context.close();
});

test('security: the password dialog closes by Escape, backdrop and button, and once confirmed the email change goes through', async () => {
  const { context, page, account } = await signedInPage('Sam Secure');
  await page.goto(`${baseUrl}/profile/security`);
  await page.getByRole('heading', { name: 'Security' }).waitFor();
  await page.getByLabel('New email address').fill(`new.${account.email}`);
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });

  await page.getByRole('button', { name: 'Change email' }).click();
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Change email' }).click();
  await dialog.waitFor();
  await page.mouse.click(10, 10);
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Change email' }).click();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Change email' }).click();
  await dialog.waitFor();
  await dialog.getByLabel('Current password').fill(account.password);
  await screenshot(page, 'reauth-dialog');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText(`We sent a confirmation link to new.${account.email}`).waitFor();
  await context.close();
});

test('below 780 px the sidebar is a drawer opened from the header', async () => {
  const { context, page } = await signedInPage('Nora Narrow');
  await page.setViewportSize({ width: 420, height: 800 });
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const closed = await page.locator('#sidebar').boundingBox();
  expect(closed!.x + closed!.width).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Open the sidebar' }).click();
  await expect.poll(async () => (await page.locator('#sidebar').boundingBox())!.x).toBe(0);
  await screenshot(page, 'narrow-drawer');
  await page.locator('#sidebar').getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
  await context.close();
});

test('photo: upload shows a toast; removing asks "Are you sure?" — Cancel keeps it, Remove photo removes it', async () => {
  const { context, page } = await signedInPage('Pia Photo');
  await page.goto(`${baseUrl}/profile/settings`);
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(32, 7),
  ]);
  await page.getByLabel('Change photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('status').filter({ hasText: 'Your photo was updated.' }).waitFor();
  const avatar = page.getByRole('img', { name: 'Pia Photo' });
  await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/files\/photos\//);

  await page.getByRole('button', { name: 'Remove photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await dialog.waitFor();
  await screenshot(page, 'confirm-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await avatar.getAttribute('src')).toMatch(/^\/api\/files\/photos\//);

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await dialog.getByRole('button', { name: 'Remove photo' }).click();
  await page.getByRole('status').filter({ hasText: 'Your photo was removed.' }).waitFor();
  await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/avatars\//);
  await context.close();
});
