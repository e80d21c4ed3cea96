import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium, screenshot } from './browser';
import { apiCall, newBase62Id, signedInPage, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const tree = (page: Page) => page.getByRole('navigation', { name: 'Folders', exact: true });

async function folderMenu(page: Page, folder: string, item: string) {
  await tree(page)
    .getByRole('button', { name: `Actions for ${folder}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('a board from scratch opens on its first folder; folders are added, renamed and deleted, and another member sees it all live', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Olga Owner');
  const member = await createVerifiedAccount(baseUrl, 'Mika Member');
  const team = await workspaceWithMember(baseUrl, owner, member);

  const ownerSide = await signedInPage(browser, owner.token);
  const memberSide = await signedInPage(browser, member.token);
  const { page } = ownerSide;
  const other = memberSide.page;

  await other.goto(`${baseUrl}/team/${team.id}`);
  await other.getByText('No boards yet').waitFor();
  await page.goto(`${baseUrl}/team/${team.id}`);
  await page.getByText('No boards yet').waitFor();
  await expectNoSeriousViolations(page);
  // The member's channel authorisation goes out after the 2 s batch window.
  await other.waitForTimeout(3_000);

  await page.getByRole('link', { name: 'New board' }).click();
  await page.getByRole('heading', { name: 'New board' }).waitFor();
  await page.getByRole('button', { name: 'Create board' }).click();
  await page.getByText('Board name is required.').waitFor();
  await page.getByLabel('Board name').fill('Roadmap');
  await page.getByLabel('Description').fill('Where the quarter is planned.');
  await page.getByRole('radio', { name: 'Teal' }).check();
  await page.getByRole('button', { name: 'Create board' }).click();
  await page.getByRole('heading', { level: 1, name: 'Roadmap' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'General' }).waitFor();
  const [, , boardId, folderId] = new URL(page.url()).pathname.split('/');
  expect(boardId).toMatch(/^[0-9A-Za-z]{11}$/);
  expect(folderId).toMatch(/^[0-9A-Za-z]{11}$/);

  // The member's open boards page and sidebar show the new board without reload.
  await other
    .getByRole('main')
    .getByRole('link', { name: /Roadmap/ })
    .waitFor({ timeout: 10_000 });
  await other.locator('#sidebar').getByRole('link', { name: 'Roadmap' }).waitFor({ timeout: 10_000 });
  await other
    .getByRole('main')
    .getByRole('link', { name: /Roadmap/ })
    .click();
  await other.getByRole('heading', { level: 2, name: 'General' }).waitFor();
  expect(new URL(other.url()).pathname).toBe(`/b/${boardId}/${folderId}`);

  // A subfolder: named in place, then opened.
  await folderMenu(page, 'General', 'New subfolder');
  await page.getByLabel('Name of the new subfolder in General').fill('Specs');
  await page.getByLabel('Name of the new subfolder in General').press('Enter');
  await page.getByRole('heading', { level: 2, name: 'Specs' }).waitFor();
  await tree(other).getByRole('link', { name: 'Specs' }).waitFor({ timeout: 10_000 });
  await other.getByRole('navigation', { name: 'Subfolders' }).getByRole('link', { name: 'Specs' }).waitFor();

  // Renamed in place.
  await folderMenu(page, 'Specs', 'Rename');
  await page.getByLabel('Folder name').fill('Design specs');
  await page.getByLabel('Folder name').press('Enter');
  await page.getByRole('heading', { level: 2, name: 'Design specs' }).waitFor();
  await tree(other).getByRole('link', { name: 'Design specs' }).waitFor({ timeout: 10_000 });
  await expectNoSeriousViolations(page);
  await screenshot(page, 'board-page');

  // Collapsing hides the subfolder; expanding shows it again.
  await tree(page).getByRole('button', { name: 'Collapse General' }).click();
  expect(await tree(page).getByRole('link', { name: 'Design specs' }).count()).toBe(0);
  await tree(page).getByRole('button', { name: 'Expand General' }).click();

  // Deleted after a confirmation: the owner goes back to the parent, the member's tree follows.
  await folderMenu(page, 'Design specs', 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete the folder Design specs?' })
    .getByRole('button', { name: 'Delete folder' })
    .click();
  await page.getByRole('status').filter({ hasText: 'The folder Design specs was deleted.' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'General' }).waitFor();
  await expect.poll(() => tree(other).getByRole('link', { name: 'Design specs' }).count()).toBe(0);

  await page.goto(`${baseUrl}/team/${team.id}`);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Roadmap/ })
    .waitFor();
  await expectNoSeriousViolations(page);
  await screenshot(page, 'boards-page');

  expect(ownerSide.problems).toEqual([]);
  expect(memberSide.problems).toEqual([]);
  await ownerSide.context.close();
  await memberSide.context.close();
});

test('board settings: details, members and privacy, deletion; /b/{id} of a board one does not see is the 404 page', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Edda Editor');
  const member = await createVerifiedAccount(baseUrl, 'Nils Nosy');
  const team = await workspaceWithMember(baseUrl, owner, member);
  const { context, page, problems } = await signedInPage(browser, owner.token);

  await page.goto(`${baseUrl}/team/${team.id}/boards/create?name=Launch`);
  await page.getByRole('heading', { name: 'New board' }).waitFor();
  await expect.poll(() => page.getByLabel('Board name').inputValue()).toBe('Launch');
  await expectNoSeriousViolations(page);
  await screenshot(page, 'board-create');
  await page.getByRole('button', { name: 'Create board' }).click();
  await page.getByRole('heading', { level: 1, name: 'Launch' }).waitFor();
  const boardId = new URL(page.url()).pathname.split('/')[2]!;

  await page.getByRole('link', { name: 'Edit board' }).click();
  await page.getByRole('heading', { name: 'Board settings' }).waitFor();
  await page.getByRole('button', { name: /Board members/ }).waitFor();
  await expectNoSeriousViolations(page);
  await screenshot(page, 'board-edit');
  await page.getByLabel('Board name').fill('Launch plan');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await page.getByRole('status').filter({ hasText: 'The board was saved.' }).waitFor();

  // Private: the member, not on it, no longer finds it.
  await page.getByLabel('Private board').check();
  await page.getByRole('form', { name: 'Members and privacy' }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Members and privacy were saved.' }).waitFor();
  const memberSide = await signedInPage(browser, member.token);
  await memberSide.page.goto(`${baseUrl}/b/${boardId}`);
  await memberSide.page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await memberSide.context.close();

  await page.getByRole('button', { name: 'Delete board' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Launch plan?' })
    .getByRole('button', { name: 'Delete board' })
    .click();
  await page.getByRole('status').filter({ hasText: 'The board Launch plan was deleted.' }).waitFor();
  await page.getByText('No boards yet').waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

/** Screenshots for people to look at: the boards page and the board page, dark and in Arabic. */
test('the boards screens in the dark theme and in Arabic (right to left)', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Dana Dark');
  const team = (await apiCall(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Nightshift' })) as {
    id: number;
  };
  const [boardId, incidents, runbook, postmortems, hiring] = Array.from({ length: 5 }, newBase62Id);
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/boards/${boardId}`, {
    name: 'Operations',
    description: 'Incidents, rotations and the runbook.',
    color: '#7e22ce',
    is_private: true,
    row_version: 1,
  });
  for (const [id, name, parent] of [
    [incidents, 'Incidents', null],
    [runbook, 'Runbook', null],
    [postmortems, 'Postmortems', incidents],
  ] as const) {
    await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/folders/${id}`, {
      board_id: boardId,
      parent_id: parent,
      name,
      row_version: 1,
    });
  }
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/boards/${hiring}`, {
    name: 'Hiring',
    row_version: 1,
  });

  const shoot = async (context: BrowserContext, suffix: string, heading: string) => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/team/${team.id}`);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Operations/ })
      .waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, `boards-page-${suffix}`);
    await page.goto(`${baseUrl}/b/${boardId}/${incidents}`);
    await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, `board-page-${suffix}`);
  };

  const dark = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  await signInContext(dark, owner.token);
  await shoot(dark, 'dark', 'Incidents');
  await dark.close();

  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const arabic = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(arabic, owner.token);
  await shoot(arabic, 'ar', 'Incidents');
  await arabic.close();
});
