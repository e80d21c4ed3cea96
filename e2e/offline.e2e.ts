import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium, screenshot, watchConsole } from './browser';
import { type Network, networkOf } from './network';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

type Token = Record<string, unknown>;

async function api<T>(token: Token, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A signed-in page. Service workers are blocked: this is about the request layer and its queue (the
 * worker's caches are tested on their own), and a worker would hide requests from `page.route`.
 */
async function signedInPage(
  token: Token,
): Promise<{ context: BrowserContext; page: Page; network: Network }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  await signInContext(context, token);
  const network = await networkOf(context);
  return { context, page: await context.newPage(), network };
}

/** The connection status in the header: empty while connected with nothing waiting. */
const connectionStatus = (page: Page) => page.getByRole('banner').getByRole('status');

/** Browser errors that going offline causes on purpose (failed fetches, the socket dropping). */
const isOfflineNoise = (problem: string) =>
  /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|WebSocket|Failed to load resource/.test(problem);

test('offline, a profile edit shows at once and waits; back online it is sent once and the app says so', async () => {
  const account = await createVerifiedAccount(baseUrl, 'Olga Online');
  const { context, page, network } = await signedInPage(account.token);
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/profile/settings`);
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
  // The status region loads after the first paint, with the queue.
  await connectionStatus(page).waitFor({ state: 'attached' });
  expect(await connectionStatus(page).textContent()).toBe('');

  await network.cut();
  await expect.poll(() => connectionStatus(page).textContent()).toBe('Offline');

  await page.getByLabel('Full name').fill('Olga Offline');
  await page.getByRole('button', { name: 'Save' }).click();
  // Shown at once (the header shows the name), and counted as waiting.
  await expect.poll(() => page.getByRole('banner').getByText('Olga Offline').count()).toBe(1);
  await expect.poll(() => connectionStatus(page).textContent()).toBe('Offline — 1 change waiting');
  await screenshot(page, 'offline-change-waiting');
  expect(await seriousViolations(page)).toEqual([]);
  expect((await api<{ name: string }>(account.token, 'GET', '/api/me')).name).toBe('Olga Online');

  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/me')
      sent.push(request.headers()['x-idempotency-key'] ?? '');
  });
  await network.restore();
  await page.getByText('Connected', { exact: true }).waitFor();
  await page.getByText('Your profile was saved.').waitFor();
  await expect.poll(() => connectionStatus(page).textContent()).toBe('');
  expect((await api<{ name: string }>(account.token, 'GET', '/api/me')).name).toBe('Olga Offline');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(problems.filter((problem) => !isOfflineNoise(problem))).toEqual([]);
  await context.close();
});

test('a rename whose answer was lost is replayed with its key, and the server applies it exactly once', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rhea Rename');
  const team = await api<{ id: number; row_version: number }>(owner.token, 'POST', '/api/teams', {
    name: 'Harbour',
  });
  const { context, page, network } = await signedInPage(owner.token);
  await page.goto(`${baseUrl}/team/${team.id}/settings`);
  const name = page.getByLabel('Workspace name');
  await name.waitFor();
  await connectionStatus(page).waitFor({ state: 'attached' });

  // The first attempt reaches the server, which applies it; its answer never reaches the app.
  const keys: string[] = [];
  await page.route(`**/api/teams/${team.id}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    keys.push(route.request().headers()['x-idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await name.fill('Harbour North');
  await page.getByRole('button', { name: 'Save' }).click();
  // No answer: the app is offline at once and keeps the change.
  await expect.poll(() => connectionStatus(page).textContent()).toBe('Offline — 1 change waiting');
  expect(keys).toHaveLength(1);

  // The network drops and returns: the return replays the queue.
  await network.cut();
  await network.restore();
  await page.getByText('Connected', { exact: true }).waitFor();
  await page.getByText('The workspace was renamed.').waitFor();
  await expect.poll(() => connectionStatus(page).textContent()).toBe('');

  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const saved = await api<{ name: string; row_version: number }>(owner.token, 'GET', `/api/teams/${team.id}`);
  expect(saved.name).toBe('Harbour North');
  expect(saved.row_version).toBe(team.row_version + 1);
  await context.close();
});

test('a change queued before a reload is still replayed after it, with the same key', async () => {
  const account = await createVerifiedAccount(baseUrl, 'Pia Original');
  const { context, page, network } = await signedInPage(account.token);
  await page.goto(`${baseUrl}/profile/settings`);
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
  await connectionStatus(page).waitFor({ state: 'attached' });

  // Saves get no answer (the reads still do) until the route is lifted.
  const keys: string[] = [];
  await page.route('**/api/me', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    keys.push(route.request().headers()['x-idempotency-key'] ?? '');
    await route.abort('internetdisconnected');
  });
  await page.getByLabel('Full name').fill('Pia Persisted');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => connectionStatus(page).textContent()).toBe('Offline — 1 change waiting');

  await page.reload();
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
  // The start-up replay found the change and tried it; it is still waiting.
  await expect.poll(() => keys.length >= 2).toBe(true);
  await expect.poll(() => connectionStatus(page).textContent()).toBe('Offline — 1 change waiting');
  expect(await page.getByRole('banner').getByText('Pia Original').count()).toBe(1);

  await page.unroute('**/api/me');
  const replayed: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/me')
      replayed.push(request.headers()['x-idempotency-key'] ?? '');
  });
  await network.cut();
  await network.restore();
  await expect.poll(() => connectionStatus(page).textContent()).toBe('');
  // Replayed after the reload: the page reloads what the change touched.
  await expect.poll(() => page.getByRole('banner').getByText('Pia Persisted').count()).toBe(1);
  expect(new Set([...keys, ...replayed]).size).toBe(1);
  expect((await api<{ name: string }>(account.token, 'GET', '/api/me')).name).toBe('Pia Persisted');
  await context.close();
});

test('the real-time socket alone: lost, the app says it is offline; back, it says Connected', async () => {
  const account = await createVerifiedAccount(baseUrl, 'Sol Socket');
  const { context, page, network } = await signedInPage(account.token);
  const states: string[] = [];
  page.on('websocket', () => states.push('opened'));
  await page.goto(`${baseUrl}/home`);
  await connectionStatus(page).waitFor({ state: 'attached' });
  await expect.poll(() => states.length).toBeGreaterThan(0);

  // pusher-js retries, then calls itself unavailable (10 s); 3 s later the app is disconnected.
  await network.dropSockets();
  await expect.poll(() => connectionStatus(page).textContent(), { timeout: 30_000 }).toBe('Offline');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  network.allowSockets();
  await page.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
  await expect.poll(() => connectionStatus(page).textContent()).toBe('');
  await context.close();
});
