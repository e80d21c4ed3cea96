import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { flattenRoutes } from '../apps/web/src/app/route-tree';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium, watchConsole } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let token: Record<string, unknown>;
beforeAll(async () => {
  browser = await launchChromium();
  token = (await createVerifiedAccount(baseUrl)).token;
});
afterAll(() => browser?.close());

/** A concrete URL for a route pattern: numeric params get digits, the others a sample id. */
function sampleUrl(pattern: string): string {
  return pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const key = segment.replace(/^:|\?$/g, '');
      if (key === 'documentRef') return 'e1-AbCdEfGhIjK';
      return /Id$/.test(key) && ['teamId', 'subscriptionId'].includes(key) ? '42' : `sample-${key}`;
    })
    .join('/');
}

const ROUTES = flattenRoutes().filter((route) => route.fullPath !== '/');

test('every route of spec section 2 renders a screen or the 404 page, without console errors', async () => {
  const context = await browser.newContext();
  await signInContext(context, token);
  const page = await context.newPage();
  const problems = watchConsole(page);
  const outcomes: string[] = [];
  for (const route of ROUTES) {
    const url = sampleUrl(route.fullPath);
    await page.goto(`${baseUrl}${url}`);
    // Every screen, and the 404 page, shows its h1 once its data has loaded.
    await page.locator('h1').first().waitFor();
    // A server-rendered page (a published site) is the server's own document, not the app's.
    const text = ((await page.locator(route.serverRendered ? 'body' : '#root').textContent()) ?? '').trim();
    expect(text.length, `${url} rendered nothing`).toBeGreaterThan(0);
    const notFound = route.serverRendered ? text === 'Not found' : text.includes('Page not found');
    outcomes.push(`${url} -> ${notFound ? '404' : 'screen'}`);
  }
  // Only the auth pages' expected 4xx answers (a made-up reset or verification link) may log.
  expect(problems.filter((p) => !/status of (401|403|404|422)/.test(p))).toEqual([]);
  expect(outcomes).toContain('/home -> screen');
  expect(outcomes).toContain('/team/42/members -> 404');
  // A site that was never published: the server's own 404.
  expect(outcomes).toContain('/p/e1-AbCdEfGhIjK/sample-itemSlug -> 404');
  await context.close();
});

test('a non-numeric team id shows the 404 page', async () => {
  const context = await browser.newContext();
  await signInContext(context, token);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/team/not-a-number/members`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await context.close();
});

test('signed out, a private route goes to sign-in and a public one stays', async () => {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/profile/settings`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.goto(`${baseUrl}/b/AbCdEfGhIjK`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/b/AbCdEfGhIjK');
  await page.close();
});

test('a thin progress bar shows while the app moves to another named route, and goes away', async () => {
  const context = await browser.newContext();
  await signInContext(context, token);
  const page = await context.newPage();
  await page.route('**/assets/profile-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('#sidebar').getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('progressbar').waitFor();
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
  await page.getByRole('progressbar').waitFor({ state: 'detached' });
  await context.close();
});
