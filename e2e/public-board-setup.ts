import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { createVerifiedAccount } from './accounts';
import { seedBoard, seedView } from './board-seed';
import { watchConsole } from './browser';
import { apiCall } from './workspace-setup';

const baseUrl = inject('baseUrl');

/** A visitor's browser: no session, no stored token. */
export async function visitorPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

/** A roadmap board of a new workspace: two open folders and a private one, a table and a list view. */
export async function roadmap(ownerName: string) {
  const owner = await createVerifiedAccount(baseUrl, ownerName);
  const me = await apiCall<{ id: number }>(baseUrl, owner.token, 'GET', '/api/me');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', {
    name: 'Acme Labs',
  });
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Product roadmap',
    folders: ['Now', 'Later', 'Salaries'],
    columns: [
      { name: 'Owner', type: 'members' },
      { name: 'Estimate', type: 'number' },
    ],
    items: [
      { values: { Name: 'Dark mode', Owner: [me.id], Estimate: 5 } },
      { values: { Name: 'Offline search', Estimate: 8 } },
      { folder: 'Later', values: { Name: 'Public API' } },
      { folder: 'Salaries', values: { Name: 'Payroll 2027' } },
    ],
  });
  const salaries = board.folders.Salaries!;
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${team.id}/folders/${salaries}`, {
    board_id: board.boardId,
    name: 'Salaries',
    settings: { private: true },
    row_version: 2,
  });
  const now = board.folders.Now!;
  await seedView(baseUrl, owner.token, team.id, { folderId: now, type: 'table', name: 'Plan' });
  await seedView(baseUrl, owner.token, team.id, { folderId: now, type: 'list', name: 'Overview' });
  return { owner, team, board, now };
}
