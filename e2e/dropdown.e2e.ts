import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

test('the language dropdown: search matches word starts and synonyms, arrows move, Enter picks, Escape closes', async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const trigger = page.getByRole('button', { name: /^Language/ });
  await expect.poll(() => trigger.textContent()).toContain('English');

  await trigger.click();
  const search = page.getByRole('combobox', { name: 'Search' });
  const options = page.getByRole('option');
  expect(await options.count()).toBe(11);
  await search.fill('germ'); // the English name, a synonym of "Deutsch"
  await expect.poll(() => options.allTextContents()).toEqual(['Deutsch']);
  await search.fill('erman'); // not the start of a word
  await expect.poll(() => options.count()).toBe(0);
  await page.getByText('No results').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });

  await trigger.click();
  await search.fill('fr');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await screenshot(page, 'dropdown-search');
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Sign in');
  await context.close();
});
