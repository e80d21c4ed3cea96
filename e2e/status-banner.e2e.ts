import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser';

const baseUrl = inject('baseUrl');
const control = inject('statusControlUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await fetch(control, { method: 'PUT', body: JSON.stringify({ content: null }) });
  await browser?.close();
});

test('the status service message shows as a fixed 42 px banner, fetched past the CSP from its own origin', async () => {
  await fetch(control, {
    method: 'PUT',
    body: JSON.stringify({ content: 'Scheduled maintenance tonight at 22:00 UTC' }),
  });
  const page = await browser.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/login`);
  const banner = page.getByRole('status', { name: 'Service status' });
  await banner.waitFor({ timeout: 20_000 });
  expect(await banner.textContent()).toBe('Scheduled maintenance tonight at 22:00 UTC');
  const box = await banner.boundingBox();
  expect(box).toMatchObject({ y: 0, height: 42 });
  await screenshot(page, 'status-banner');
  expect(problems).toEqual([]);
  await page.close();
});
