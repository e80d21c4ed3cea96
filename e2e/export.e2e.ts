import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount } from './accounts';
import { launchChromium, screenshot } from './browser';
import { apiCall, newBase62Id, signedInPage, type Token, workspaceWithMember } from './workspace-setup';

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
  const boardId = newBase62Id();
  const planId = newBase62Id();
  const name = crypto.randomUUID();
  const status = crypto.randomUUID();
  const points = crypto.randomUUID();
  const viewId = crypto.randomUUID();
  const item = (title: string, label: string, score: number, sort: string) => ({
    type: 'item',
    op: 'put',
    id: crypto.randomUUID(),
    body: {
      folder_id: planId,
      sort_order: sort,
      values: { [name]: { data: title }, [status]: { data: [label] }, [points]: { data: score } },
      row_version: 1,
    },
  });
  await apiCall(baseUrl, token, 'POST', `/api/${teamId}/save-multiple`, [
    { type: 'board', op: 'put', id: boardId, body: { name: 'Launch', row_version: 1 } },
    { type: 'folder', op: 'put', id: planId, body: { board_id: boardId, name: 'Plan', row_version: 1 } },
    {
      type: 'attribute',
      op: 'put',
      id: name,
      body: { board_id: boardId, name: 'Name', type: 'text', settings: { primary: true }, row_version: 1 },
    },
    {
      type: 'attribute',
      op: 'put',
      id: status,
      body: {
        board_id: boardId,
        name: 'Status',
        type: 'label',
        settings: {
          labels: [
            { id: TODO, name: 'To do' },
            { id: DONE, name: 'Done' },
          ],
        },
        row_version: 1,
      },
    },
    {
      type: 'attribute',
      op: 'put',
      id: points,
      body: { board_id: boardId, name: 'Points', type: 'number', settings: {}, row_version: 1 },
    },
    item('Write the brief', TODO, 1, 'a0'),
    item('=Book the venue', TODO, 3, 'a1'),
    item('Print the posters, big', DONE, 5, 'a2'),
    item('Order the badges', DONE, 2, 'a3'),
  ]);
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
  return { boardId, planId, viewId };
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
