import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject, test } from 'vitest';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

test('an update-required answer shows the banner until a reload into a new enough build', async () => {
  const { token } = await createVerifiedAccount(baseUrl, 'Uma Update');
  const context = await browser.newContext();
  await signInContext(context, token);
  const page = await context.newPage();
  // The server answers every API call of this page as if its client were too old.
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-update-required': '999.0.0' } });
  });
  await page.goto(`${baseUrl}/home`);
  await page.getByText('A new version of Strata is available.').waitFor();
  await page.unroute('**/api/me');
  // Still flagged after a reload: this build is older than 999.0.0.
  await page.reload();
  await page.getByText('A new version of Strata is available.').waitFor();
  await page.getByRole('button', { name: 'Reload' }).waitFor();
  await context.close();
});
