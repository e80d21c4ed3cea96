import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount } from './accounts';
import { seedBoard as seedBoardThroughApi } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, type Token, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const DONE = crypto.randomUUID();
const TODO = crypto.randomUUID();

/**
 * A board "Launch" with the folder Plan, the columns Name, Status (label) and Points (number),
 * four items, and a table view "Big ones" (Points over 2, most first, Status hidden).
 */
async function seedBoard(token: Token, teamId: number) {
  const labels = [
    { id: TODO, name: 'To do' },
    { id: DONE, name: 'Done' },
  ];
  const item = (title: string, label: string, score: number) => ({
    values: { Name: title, Status: [label], Points: score },
  });
  const board = await seedBoardThroughApi(baseUrl, token, teamId, {
    name: 'Launch',
    folders: ['Plan'],
    columns: [
      { name: 'Status', type: 'label', settings: { labels } },
      { name: 'Points', type: 'number' },
    ],
    items: [
      item('Write the brief', TODO, 1),
      item('=Book the venue', TODO, 3),
      item('Print the posters, big', DONE, 5),
      item('Order the badges', DONE, 2),
    ],
  });
  const planId = board.folders.Plan!;
  const { Points: points, Status: status } = board.columns;
  const viewId = crypto.randomUUID();
  await apiCall(baseUrl, token, 'PUT', `/api/${teamId}/views/${viewId}`, {
    folder_id: planId,
    type: 'table',
    name: 'Big ones',
    settings: {
      filters: [{ attribute_id: points, operator: 'gt', operand: 2 }],
      sort: [{ attribute_id: points, direction: 'desc' }],
      hidden_attribute_ids: [status],
    },
    row_version: 1,
  });
  return { boardId: board.boardId, planId, viewId };
}

test('the owner exports the open view as CSV; a guest sees no Export button', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Erin Exporter');
  const guest = await createVerifiedAccount(baseUrl, 'Gus Guest');
  const team = await workspaceWithMember(baseUrl, owner, guest);
  const profile = await apiCall<{ id: number }>(baseUrl, guest.token, 'GET', '/api/me');
  await apiCall(baseUrl, owner.token, 'PUT', `/api/teams/${team.id}/members/${profile.id}`, {
    role: 'guest',
  });
  const { boardId, planId, viewId } = await seedBoard(owner.token, team.id);

  const ownerSide = await signedInPage(browser, owner.token);
  const { page } = ownerSide;
  await page.goto(`${baseUrl}/b/${boardId}/${planId}?view=${viewId}`);
  await page.getByRole('grid', { name: 'Plan', exact: true }).getByText('Order the badges').waitFor({
    state: 'detached',
  });
  await page.getByRole('grid', { name: 'Plan', exact: true }).getByText('Print the posters, big').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Plan.csv');
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString('utf8')).toBe(
    'Name,Points\r\n"Print the posters, big",5\r\n\'=Book the venue,3\r\n',
  );
  await screenshot(page, 'export-csv-toolbar');

  const guestSide = await signedInPage(browser, guest.token);
  await guestSide.page.goto(`${baseUrl}/b/${boardId}/${planId}?view=${viewId}`);
  await guestSide.page
    .getByRole('grid', { name: 'Plan', exact: true })
    .getByText('=Book the venue')
    .waitFor();
  await guestSide.page.getByRole('toolbar', { name: 'View options' }).waitFor();
  expect(await guestSide.page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);

  expect(ownerSide.problems).toEqual([]);
  expect(guestSide.problems).toEqual([]);
  await ownerSide.context.close();
  await guestSide.context.close();
});
