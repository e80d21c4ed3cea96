import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium, screenshot, watchConsole } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

test('create workspaces from home; they show on home and in the sidebar; past the plan’s limit creation is blocked and workspaceLimitExceeded is raised', async () => {
  const { token } = await createVerifiedAccount(baseUrl, 'Wanda Workspace');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, token);
  await context.addInitScript(() => {
    window.addEventListener('workspaceLimitExceeded', (event) =>
      Object.assign(window, { limitEvent: (event as CustomEvent).detail }),
    );
  });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/home`);
  await page.getByText('You are not in any workspace yet.', { exact: false }).waitFor();

  for (const name of ['Marketing', 'Product', 'Sales']) {
    await page.goto(`${baseUrl}/home`);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('heading', { name: 'Create a workspace' }).waitFor();
    await page.getByLabel('Workspace name').fill(name);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('No boards yet').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/team\/\d+$/);
  }
  await screenshot(page, 'team-page');
  await expect
    .poll(() => page.locator('#sidebar').getByRole('link').allTextContents())
    .toEqual(expect.arrayContaining(['Marketing', 'Product', 'Sales']));
  await page.goto(`${baseUrl}/home`);
  await expect.poll(() => page.getByRole('list').getByRole('link').count()).toBe(3);
  expect(await page.getByRole('list').getByRole('link').first().textContent()).toContain('Owner · 1 member');
  await screenshot(page, 'home-workspaces');

  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.getByText('Your plan allows 3 workspaces and you own 3.', { exact: false }).waitFor();
  // The form stays, disabled under the reason, and cannot be sent.
  expect(await page.getByLabel('Workspace name').isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Create workspace' }).isDisabled()).toBe(true);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { limitEvent?: unknown }).limitEvent))
    .toEqual({ limit: 3, count: 3 });
  expect(problems).toEqual([]);
  await context.close();
});

test('a team id that is not the user’s shows the 404 page', async () => {
  const { token } = await createVerifiedAccount(baseUrl, 'Nico Nosy');
  const context = await browser.newContext();
  await signInContext(context, token);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/team/999999`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await context.close();
});

test('team screens: members lists the owner; settings renames, and deletes only after typing DELETE', async () => {
  const { token } = await createVerifiedAccount(baseUrl, 'Tara Team');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, token);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/workspace/create`);
  await page.getByLabel('Workspace name').fill('Studio');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.getByRole('heading', { level: 1, name: 'Studio' }).waitFor();

  await page
    .getByRole('navigation', { name: 'Workspace sections' })
    .getByRole('link', { name: 'Members' })
    .click();
  await page.getByRole('heading', { name: 'Members' }).waitFor();
  await expect
    .poll(() => page.getByRole('listitem').filter({ hasText: 'Tara Team (You)' }).textContent())
    .toContain('Owner');
  expect(await page.getByRole('button', { name: 'Leave workspace' }).count()).toBe(0);

  await page
    .getByRole('navigation', { name: 'Workspace sections' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await page.getByLabel('Workspace name').fill('Studio North');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'The workspace was renamed.' }).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Studio North' }).waitFor();
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(32, 7),
  ]);
  await page
    .getByLabel('Change photo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('status').filter({ hasText: 'The workspace photo was updated.' }).waitFor();
  await expect
    .poll(() => page.getByRole('img', { name: 'Studio North' }).getAttribute('src'))
    .toMatch(/^\/api\/files\/team-photos\//);
  await screenshot(page, 'team-settings');

  const remove = page.getByRole('button', { name: 'Delete workspace' });
  await page.getByLabel('Type DELETE to confirm').fill('delete');
  expect(await remove.isDisabled()).toBe(true);
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  expect(await remove.isDisabled()).toBe(false);
  await remove.click();
  await page.getByRole('status').filter({ hasText: 'The workspace Studio North was deleted.' }).waitFor();
  await page.getByText('You are not in any workspace yet.', { exact: false }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
