import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { launchChromium, screenshot } from './browser';
import { apiCall, newBase62Id, signedInPage, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** What a locked board is expected to log: its folders' 403 (BOARD_LOCKED) and the wrong guess's 422. */
const isExpectedRefusal = (problem: string) => /status of (403|422)/.test(problem);

test('the owner sets a board password; a member gets the prompt, a wrong password shows the error, the right one opens the board', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Petra Protector');
  const member = await createVerifiedAccount(baseUrl, 'Remy Restricted');
  const team = await workspaceWithMember(baseUrl, owner, member);
  const profile = await apiCall<{ id: number }>(baseUrl, member.token, 'GET', '/api/me');
  // Full members may change a board's details, and so pass without the password: a restricted member may not.
  await apiCall(baseUrl, owner.token, 'PUT', `/api/teams/${team.id}/members/${profile.id}`, {
    role: 'restricted-member',
  });
  const boardId = newBase62Id();
  const folderId = newBase62Id();
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/boards/${boardId}`, {
    name: 'Vault',
    row_version: 1,
  });
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/folders/${folderId}`, {
    board_id: boardId,
    name: 'Payroll',
    row_version: 1,
  });

  // The owner sets the password in the board's settings.
  const ownerSide = await signedInPage(browser, owner.token);
  await ownerSide.page.goto(`${baseUrl}/team/${team.id}/boards/${boardId}/edit`);
  await ownerSide.page.getByRole('heading', { name: 'Board settings' }).waitFor();
  await ownerSide.page.getByLabel('New password').fill('short');
  await ownerSide.page.getByRole('button', { name: 'Set password' }).click();
  await ownerSide.page.getByText('The password must be at least 8 characters.').waitFor();
  await ownerSide.page.getByLabel('New password').fill('vault door 42');
  await ownerSide.page.getByRole('button', { name: 'Set password' }).click();
  await ownerSide.page.getByRole('status').filter({ hasText: "The board's password was saved." }).waitFor();
  await ownerSide.page.getByRole('button', { name: 'Remove password' }).waitFor();
  // The owner still opens the board without it.
  await ownerSide.page.goto(`${baseUrl}/b/${boardId}`);
  await ownerSide.page.getByRole('heading', { level: 2, name: 'Payroll' }).waitFor();
  await ownerSide.page.getByRole('img', { name: 'Password protected' }).waitFor();

  // The member gets the prompt in place of the folders.
  const memberSide = await signedInPage(browser, member.token);
  const { page } = memberSide;
  await page.goto(`${baseUrl}/b/${boardId}`);
  await page.getByRole('heading', { level: 1, name: 'Vault' }).waitFor();
  await page.getByRole('heading', { name: 'This board is protected by a password' }).waitFor();
  expect(await page.getByRole('heading', { level: 2, name: 'Payroll' }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'board-password-prompt');

  await page.getByLabel('Board password').fill('vault door 41');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('alert').filter({ hasText: 'The password is incorrect.' }).waitFor();
  expect(await page.getByRole('heading', { level: 2, name: 'Payroll' }).count()).toBe(0);

  await page.getByLabel('Board password').fill('vault door 42');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('heading', { level: 2, name: 'Payroll' }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/b/${boardId}/${folderId}`);
  expect(await page.getByRole('heading', { name: 'This board is protected by a password' }).count()).toBe(0);
  // Unlocked for 12 hours: a reload opens the board straight away.
  await page.reload();
  await page.getByRole('heading', { level: 2, name: 'Payroll' }).waitFor();

  expect(ownerSide.problems).toEqual([]);
  expect(memberSide.problems.filter((problem) => !isExpectedRefusal(problem))).toEqual([]);
  expect(memberSide.problems.length).toBeGreaterThan(0);
  await ownerSide.context.close();
  await memberSide.context.close();
});
