import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A one-finger vertical drag from y to y + distance, as real touch events. */
async function drag(page: Page, distance: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const point = (y: number) => [{ x: 200, y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(100) });
  for (let step = 1; step <= 10; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(100 + (distance * step) / 10),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('on a touch screen, a drag down past 125 px reloads the page and a shorter one does not', async () => {
  const { token } = await createVerifiedAccount(baseUrl, 'Tom Touch');
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 800 },
  });
  await signInContext(context, token);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(() => Object.assign(window, { marker: 'before' }));

  await drag(page, 100);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('before');

  const reloaded = page.waitForEvent('load');
  await drag(page, 180);
  await reloaded;
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  await context.close();
});
