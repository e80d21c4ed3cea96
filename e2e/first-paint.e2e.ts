import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { relativeLuminance } from '../apps/web/src/ui/colour-contrast';
import { launchChromium, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The relative luminance of a colour the browser computed. */
const luminance = (colour: string) => relativeLuminance(colour) ?? Number.NaN;

const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;

const cases = [
  { theme: 'light', locale: 'en-US', width: 1280 },
  { theme: 'dark', locale: 'en-US', width: 375 },
  { theme: 'dark', locale: 'ar', width: 1280 },
  { theme: 'light', locale: 'ar', width: 375 },
] as const;

test.each(cases)(
  'the frame drawn from the HTML, before any module runs: $theme, $locale, $width px wide',
  async ({ theme, locale, width }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    // Only the scripts written into the page's head run (the theme's among them): the frame is
    // what a visitor sees until the app's code arrives.
    await context.route('**/*.js', (route) => route.abort());
    await context.addInitScript(
      ([chosenTheme, chosenLocale]) => {
        localStorage.setItem('strata.theme', chosenTheme);
        localStorage.setItem('strata.locale', chosenLocale);
        // A session on this device is what makes the frame the app's (head/theme-init.js).
        localStorage.setItem('strata.token', '{}');
      },
      [theme, locale],
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.locator('.first-paint-brand').waitFor();
    const rtl = locale === 'ar';

    expect(await page.evaluate(() => document.documentElement.dir)).toBe(rtl ? 'rtl' : 'ltr');
    expect(await page.locator('.first-paint-brand').textContent()).toBe('Strata');
    // The menu button's place comes first in the reading direction, the name after it.
    const menu = await box(page, '.first-paint-menu');
    const brand = await box(page, '.first-paint-brand');
    if (rtl) expect(menu.x).toBeGreaterThan(brand.x);
    else expect(menu.x).toBeLessThan(brand.x);
    // The sidebar sits at the inline start on a wide screen; a phone has none.
    const sidebar = page.locator('.first-paint-sidebar');
    if (width < 780) expect(await sidebar.isVisible()).toBe(false);
    else {
      const side = await box(page, '.first-paint-sidebar');
      const content = await box(page, '.first-paint-content');
      if (rtl) expect(side.x).toBeGreaterThan(content.x);
      else expect(side.x).toBeLessThan(content.x);
    }
    // The theme's colours from the first frame: a dark header with light text, or the reverse.
    const colours = await page.locator('.first-paint-header').evaluate((header) => {
      const brandText = header.querySelector('.first-paint-brand')!;
      return { back: getComputedStyle(header).backgroundColor, text: getComputedStyle(brandText).color };
    });
    if (theme === 'dark') {
      expect(luminance(colours.back)).toBeLessThan(0.2);
      expect(luminance(colours.text)).toBeGreaterThan(0.5);
    } else {
      expect(luminance(colours.back)).toBeGreaterThan(0.8);
      expect(luminance(colours.text)).toBeLessThan(0.2);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `first-paint-${theme}-${locale}-${width}`);
    await context.close();
  },
);
