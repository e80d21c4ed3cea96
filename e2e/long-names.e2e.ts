import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, type Token } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A name of `length` characters made of words, so a browser could wrap it but must not. */
const longName = (start: string, length = 200) => {
  let name = start;
  while (name.length < length) name += ' Marketing & Growth Campaign';
  return name.slice(0, length).trimEnd();
};

const NAMES = {
  workspace: longName('Atlas Worldwide Operations', 100),
  board: longName('Q3 Mobile Launch'),
  folder: longName('Regional Rollout'),
  archive: longName('Archive of the'),
  table: longName('Table of'),
  columns: longName('Columns of'),
  list: longName('List of'),
  item: longName('Write the brief for'),
  deleted: longName('Print the posters for'),
};

const LABELS = [
  { id: crypto.randomUUID(), name: longName('Waiting for', 100), color: '#64748b' },
  { id: crypto.randomUUID(), name: 'Done', color: '#16a34a' },
];

/** The board of long names: one folder with the three views, an item with a subitem, an item in the trash. */
async function seedLongBoard(token: Token) {
  const team = await apiCall<{ id: number }>(baseUrl, token, 'POST', '/api/teams', { name: NAMES.workspace });
  const board = await seedBoard(baseUrl, token, team.id, {
    name: NAMES.board,
    folders: [NAMES.folder, NAMES.archive],
    columns: [
      { name: 'Status', type: 'label', settings: { labels: LABELS } },
      { name: 'Points', type: 'number' },
    ],
    items: [
      { values: { Name: NAMES.item, Status: [LABELS[0]!.id], Points: 3 } },
      { values: { Name: NAMES.deleted, Status: [LABELS[1]!.id], Points: 1 } },
    ],
  });
  const folderId = board.folders[NAMES.folder]!;
  const views: Record<'table' | 'columns' | 'list', string> = {
    table: crypto.randomUUID(),
    columns: crypto.randomUUID(),
    list: crypto.randomUUID(),
  };
  for (const [type, id] of Object.entries(views)) {
    await apiCall(baseUrl, token, 'PUT', `/api/${team.id}/views/${id}`, {
      folder_id: folderId,
      type,
      name: NAMES[type as keyof typeof views],
      row_version: 1,
    });
  }
  const items = await apiCall<{ id: string; values: Record<string, { data: unknown }> }[]>(
    baseUrl,
    token,
    'GET',
    `/api/${team.id}/folders/${folderId}/items`,
  );
  const named = (name: string) => items.find((item) => item.values[board.columns.Name!]?.data === name)!;
  await apiCall(baseUrl, token, 'POST', `/api/${team.id}/save-multiple`, [
    { type: 'item', op: 'delete', id: named(NAMES.deleted).id },
    {
      type: 'item',
      op: 'put',
      id: crypto.randomUUID(),
      body: {
        folder_id: folderId,
        parent_id: named(NAMES.item).id,
        sort_order: 'a0',
        values: { [board.columns.Name!]: { data: longName('A subitem of the brief') } },
        row_version: 1,
      },
    },
  ]);
  return { teamId: team.id, boardId: board.boardId, folderId, views, itemId: named(NAMES.item).id };
}

const WIDTHS = [1280, 375, 320];

/** What sticks out of the viewport sideways, for a readable failure. */
function sideways(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const out: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 1 && box.left >= -1)) continue;
      // The closed drawer waits off screen, out of sight.
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      // The innermost offenders say why: an element whose children all fit is the one too wide.
      const children = Array.from(element.children).filter((child) => {
        const inner = child.getBoundingClientRect();
        return inner.width > 0 && (inner.right > width + 1 || inner.left < -1);
      });
      if (children.length === 0) out.push(describe(element));
    }
    return {
      root: [root.scrollWidth, root.clientWidth],
      body: [document.body.scrollWidth, document.body.clientWidth],
      out: out.slice(0, 8),
    };
    function describe(element: Element) {
      const name = typeof element.className === 'string' ? element.className : '';
      const text = (element.textContent ?? '').slice(0, 30);
      return `${element.tagName.toLowerCase()}.${name.slice(0, 60)} "${text}"`;
    }
  });
}

/** At each width: neither the page nor its body scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, screen: string, shot: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // The drawer slides away in 200 ms when the page turns phone-wide.
    await page.waitForTimeout(400);
    const found = await sideways(page);
    expect(found.root[0], `${screen} at ${width}px: ${found.out.join(', ')}`).toBeLessThanOrEqual(
      found.root[1]!,
    );
    expect(found.body[0], `${screen} body at ${width}px: ${found.out.join(', ')}`).toBeLessThanOrEqual(
      found.body[1]!,
    );
    if (width !== 320) await screenshot(page, `long-names-${shot}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The whole name is on the element that shows it (as its title), also when hovered. */
async function expectFullName(page: Page, name: string) {
  const shown = page.locator(`[title="${name}"]`).filter({ visible: true }).first();
  await shown.waitFor();
  await shown.hover();
  expect(await shown.getAttribute('title')).toBe(name);
  // Cut, not wrapped: one line high.
  const box = (await shown.boundingBox())!;
  expect(box.height).toBeLessThan(40);
}

/** Every board screen with the long names, at 1280, 375 and 320 px, in one language and theme. */
async function walkBoardScreens(page: Page, seeded: Awaited<ReturnType<typeof seedLongBoard>>, pass: string) {
  const { teamId, boardId, folderId, views, itemId } = seeded;
  const board = `${baseUrl}/b/${boardId}/${folderId}`;

  await page.goto(`${board}?view=${views.table}`);
  await page.getByRole('grid').getByText(NAMES.item).waitFor();
  await expectFullName(page, NAMES.board);
  await expectFullName(page, NAMES.folder);
  await expectFullName(page, NAMES.table);
  await expectFullName(page, NAMES.workspace);
  await expectNoSidewaysScroll(page, 'table view', `table-${pass}`);
  expect(await seriousViolations(page)).toEqual([]);

  // The selection's "Move to…" menu lists the other folder, cut, at phone width too.
  await page.getByRole('grid').getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: /^Move to|^نقل/ }).click();
  await page.getByRole('menuitem').first().waitFor();
  await expectFullName(page, NAMES.archive);
  await expectNoSidewaysScroll(page, 'move menu', `move-menu-${pass}`);
  await page.keyboard.press('Escape');

  await page.goto(`${board}?view=${views.columns}`);
  await page.getByRole('button', { name: NAMES.item }).first().waitFor();
  await expectFullName(page, NAMES.columns);
  await expectFullName(page, NAMES.item);
  await expectNoSidewaysScroll(page, 'columns view', `columns-${pass}`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${board}?view=${views.list}`);
  await page.getByRole('treegrid').getByRole('row').first().waitFor();
  await expectFullName(page, NAMES.list);
  await expectNoSidewaysScroll(page, 'list view', `list-${pass}`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${board}/${itemId}?view=${views.table}`);
  const panel = page.getByRole('dialog');
  await panel.getByRole('heading', { name: NAMES.item }).waitFor();
  await expectNoSidewaysScroll(page, 'item panel', `item-${pass}`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto(`${baseUrl}/team/${teamId}/boards/${boardId}/trash`);
  await page.getByText(NAMES.deleted).waitFor();
  await expectFullName(page, NAMES.deleted);
  await expectNoSidewaysScroll(page, 'board trash', `trash-${pass}`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${baseUrl}/team/${teamId}/boards/${boardId}/activity`);
  await page.getByRole('list').getByRole('listitem').first().waitFor();
  await expectFullName(page, NAMES.board);
  await expectNoSidewaysScroll(page, 'board activity', `activity-${pass}`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${baseUrl}/team/${teamId}`);
  await page.getByRole('link', { name: NAMES.board }).first().waitFor();
  await expectNoSidewaysScroll(page, 'workspace boards', `boards-${pass}`);

  await page.goto(`${baseUrl}/home`);
  await page.getByRole('main').getByRole('link', { name: NAMES.workspace }).waitFor();
  await expectNoSidewaysScroll(page, 'home', `home-${pass}`);

  await page.goto(`${baseUrl}/team/${teamId}/boards/${boardId}/edit`);
  await page.getByRole('textbox').first().waitFor();
  // The way back names the board, cut, with the words around it whole.
  await expectFullName(page, NAMES.board);
  await expectNoSidewaysScroll(page, 'board edit', `edit-${pass}`);
  expect(await seriousViolations(page)).toEqual([]);
}

test.each([
  { pass: 'en-light', locale: 'en-US', colorScheme: 'light', dir: 'ltr' },
  { pass: 'ar-dark', locale: 'ar', colorScheme: 'dark', dir: 'rtl' },
] as const)(
  'names of 200 characters are cut on one line, shown whole on hover, and no board screen scrolls sideways at 1280, 375 and 320 px ($pass)',
  async ({ pass, locale, colorScheme, dir }) => {
    const owner = await createVerifiedAccount(baseUrl, longName('Leonora Longname-Villanueva', 80));
    const seeded = await seedLongBoard(owner.token);
    await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale });
    const { page, context, problems } = await signedInPage(browser, owner.token, { colorScheme });
    await walkBoardScreens(page, seeded, pass);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
    expect(problems).toEqual([]);
    await context.close();
  },
);

/** The folder panel's edge, as a keyboard or a pointer moves it. */
const separator = (page: Page) => page.getByRole('separator', { name: 'Resize the folders panel' });
const panelWidth = async (page: Page) => Number(await separator(page).getAttribute('aria-valuenow'));
const folderTree = (page: Page) => page.getByRole('navigation', { name: 'Folders', exact: true });

test('the sidebar and the folder panel collapse by button and shortcut and stay so after a reload; the panel is resized by keyboard and pointer, mirrored in Arabic; the selection bar floats over the table', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rooma Room');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Atelier' });
  const { boardId, folders } = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Workshop',
    folders: ['Bench'],
    columns: [{ name: 'Points', type: 'number' }],
    items: [{ values: { Name: 'Sand the top', Points: 2 } }, { values: { Name: 'Oil the legs', Points: 1 } }],
  });
  const { page, context, problems } = await signedInPage(browser, owner.token);
  await page.goto(`${baseUrl}/b/${boardId}/${folders.Bench}`);
  const grid = page.getByRole('grid', { name: 'Bench' });
  await grid.getByRole('row').filter({ hasText: 'Sand the top' }).waitFor();
  const sidebar = page.locator('#sidebar');

  // Selecting items opens the bar over the table: the table stays where it was.
  const before = (await grid.boundingBox())!;
  await grid.getByRole('checkbox', { name: 'Select Sand the top' }).check();
  const clear = page.getByRole('button', { name: 'Clear selection' });
  await clear.waitFor();
  expect((await grid.boundingBox())!.y).toBe(before.y);
  const bar = (await clear.locator('..').boundingBox())!;
  expect(bar.y + bar.height).toBeGreaterThan(800 - 80);
  expect(Math.abs(bar.x + bar.width / 2 - 640)).toBeLessThan(2);
  await clear.click();

  // Collapsed with the buttons…
  await page.getByRole('button', { name: 'Close the sidebar' }).click();
  await sidebar.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Hide the folders panel' }).click();
  await folderTree(page).waitFor({ state: 'hidden' });
  const wider = (await grid.boundingBox())!.width;
  expect(wider).toBeGreaterThan(before.width + 400);
  await screenshot(page, 'layout-collapsed');

  // …still collapsed after a reload, and opened again with the shortcuts.
  await page.reload();
  await grid.getByRole('row').filter({ hasText: 'Sand the top' }).waitFor();
  expect(await sidebar.isVisible()).toBe(false);
  expect(await folderTree(page).isVisible()).toBe(false);
  const openSidebar = page.getByRole('button', { name: 'Open the sidebar' });
  expect(await openSidebar.getAttribute('aria-expanded')).toBe('false');
  await page.keyboard.press('Control+Backslash');
  await sidebar.waitFor();
  await page.keyboard.press('Control+Shift+Backslash');
  await folderTree(page).waitFor();

  // The panel's edge, by keyboard: 16 px a press, bounded; kept after a reload.
  expect(await panelWidth(page)).toBe(260);
  await separator(page).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await panelWidth(page)).toBe(292);
  expect(Math.round((await folderTree(page).boundingBox())!.width)).toBe(292);
  await page.keyboard.press('End');
  expect(await panelWidth(page)).toBe(480);
  await page.keyboard.press('Home');
  expect(await panelWidth(page)).toBe(180);
  await page.keyboard.press('Shift+ArrowRight');
  expect(await panelWidth(page)).toBe(244);
  // By pointer: dragged 60 px wider.
  const edge = (await separator(page).boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + 100);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 60, edge.y + 100, { steps: 6 });
  await page.mouse.up();
  expect(await panelWidth(page)).toBe(304);
  await page.reload();
  await grid.getByRole('row').filter({ hasText: 'Sand the top' }).waitFor();
  expect(await panelWidth(page)).toBe(304);
  await screenshot(page, 'layout-resized');
  expect(problems).toEqual([]);
  await context.close();

  // In Arabic the edge is on the panel's left: the left arrow widens it.
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const arabic = await signedInPage(browser, owner.token, { colorScheme: 'dark' });
  await arabic.page.goto(`${baseUrl}/b/${boardId}/${folders.Bench}`);
  const edgeAr = arabic.page.getByRole('separator', { name: 'تغيير عرض لوحة المجلدات' });
  await edgeAr.waitFor();
  const start = Number(await edgeAr.getAttribute('aria-valuenow'));
  await edgeAr.focus();
  await arabic.page.keyboard.press('ArrowLeft');
  expect(Number(await edgeAr.getAttribute('aria-valuenow'))).toBe(start + 16);
  const tree = (await arabic.page.getByRole('navigation', { name: 'المجلدات', exact: true }).boundingBox())!;
  const edgeBox = (await edgeAr.boundingBox())!;
  // The edge sits at the panel's left side.
  expect(Math.abs(edgeBox.x + edgeBox.width / 2 - tree.x)).toBeLessThan(4);
  await screenshot(arabic.page, 'layout-resized-ar-dark');
  expect(arabic.problems).toEqual([]);
  await arabic.context.close();
});
