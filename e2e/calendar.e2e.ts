import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedBoard, seedView, thisMonth } from './board-seed';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage, type Token, workspaceWithMember } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const dayCell = (page: Page, date: string) => page.locator(`[role="cell"][data-date="${date}"]`).first();
const eventIn = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: title }).first();

/** Drags with the mouse as a person does: press, move in steps, release over the target. */
async function drag(page: Page, from: Locator, to: Locator, offset = { x: 0.5, y: 0.5 }) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width * offset.x, a.y + a.height * offset.y);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width * offset.x + 8, a.y + a.height * offset.y + 4, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

async function itemValue(token: Token, teamId: number, folderId: string, name: string, columnId: string) {
  const items = await apiCall<{ values: Record<string, { data: unknown }> }[]>(
    baseUrl,
    token,
    'GET',
    `/api/${teamId}/folders/${folderId}/items`,
  );
  const nameId = Object.keys(items[0]!.values).find((id) =>
    items.some((item) => item.values[id]?.data === name),
  )!;
  return items.find((item) => item.values[nameId]?.data === name)?.values[columnId]?.data ?? null;
}

test('a calendar view places items by date; an item dragged to another day moves there, live in a second browser; an undated one dragged onto a day takes it', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Cal Owner');
  const member = await createVerifiedAccount(baseUrl, 'Mia Member');
  const team = await workspaceWithMember(baseUrl, owner, member);
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Launch plan',
    folders: ['Plan'],
    columns: [
      { name: 'Due', type: 'date' },
      { name: 'Span', type: 'date_range' },
    ],
    items: [
      { values: { Name: 'Write the brief', Due: thisMonth(10) } },
      { values: { Name: 'Book the venue', Due: thisMonth(12) } },
      { values: { Name: 'Print the posters' } },
    ],
  });
  const folderId = board.folders.Plan!;
  const dueId = board.columns.Due!;
  const ownerSide = await signedInPage(browser, owner.token, { viewport: { width: 1400, height: 900 } });
  const memberSide = await signedInPage(browser, member.token, { viewport: { width: 1400, height: 900 } });
  const page = ownerSide.page;
  const other = memberSide.page;

  await page.goto(`${baseUrl}/b/${board.boardId}/${folderId}`);
  await page.getByRole('tab', { name: 'Table', selected: true }).waitFor();
  await page.getByRole('button', { name: 'Add view' }).click();
  await page.getByRole('menuitem', { name: 'Calendar' }).click();
  await page.getByRole('tab', { name: 'Calendar', selected: true }).waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('view')).toMatch(/^[0-9a-f-]{36}$/);
  const viewUrl = page.url();
  // The dates it places items by are the view's choice: Due, and not Span.
  await page.getByRole('button', { name: 'Dates shown' }).click();
  const dates = page.getByRole('listbox', { name: 'Dates shown' });
  const pick = async (name: string, selected: boolean) => {
    const option = dates.getByRole('option', { name });
    if ((await option.getAttribute('aria-selected')) !== String(selected)) await option.click();
    await expect.poll(() => option.getAttribute('aria-selected')).toBe(String(selected));
  };
  await pick('Due', true);
  await pick('Span', false);
  await page.keyboard.press('Escape');
  await eventIn(dayCell(page, thisMonth(10)), 'Write the brief').waitFor();
  await eventIn(dayCell(page, thisMonth(12)), 'Book the venue').waitFor();
  // Items without a date are listed beside the calendar.
  const undated = page.getByRole('complementary', { name: 'Items without a date' });
  await undated.getByRole('button', { name: 'Print the posters' }).waitFor();
  expect(await undated.textContent()).toContain('Without a date (1)');

  await other.goto(viewUrl);
  await other.getByRole('tab', { name: 'Calendar', selected: true }).waitFor();
  await eventIn(dayCell(other, thisMonth(10)), 'Write the brief').waitFor();
  // The member's channel authorisation goes out after the 2 s batch window.
  await other.waitForTimeout(3_000);

  await drag(page, eventIn(dayCell(page, thisMonth(10)), 'Write the brief'), dayCell(page, thisMonth(17)));
  await eventIn(dayCell(page, thisMonth(17)), 'Write the brief').waitFor();
  await expect
    .poll(() => itemValue(owner.token, team.id, folderId, 'Write the brief', dueId))
    .toBe(thisMonth(17));
  await eventIn(dayCell(other, thisMonth(17)), 'Write the brief').waitFor({ timeout: 10_000 });

  // An undated item dragged from the list onto a day takes that date and leaves the list.
  await drag(page, undated.getByRole('button', { name: 'Print the posters' }), dayCell(page, thisMonth(20)));
  await eventIn(dayCell(page, thisMonth(20)), 'Print the posters').waitFor();
  await expect
    .poll(() => itemValue(owner.token, team.id, folderId, 'Print the posters', dueId))
    .toBe(thisMonth(20));
  expect(await undated.textContent()).toContain('Without a date (0)');

  // The mode is the view's setting: a reload opens the agenda again.
  await page.getByRole('button', { name: 'Agenda' }).click();
  await page.getByText('Book the venue').first().waitFor();
  await page.reload();
  await expect
    .poll(() => page.getByRole('button', { name: 'Agenda' }).getAttribute('aria-pressed'))
    .toBe('true');
  await page.getByRole('button', { name: 'Month' }).click();
  await eventIn(dayCell(page, thisMonth(17)), 'Write the brief').waitFor();

  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'calendar-view');
  await ownerSide.context.close();
  await memberSide.context.close();
});

test('a day clicked creates an item dated that day, opened to be named; Arabic and dark are drawn right to left', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Cal Creator');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Atlas' });
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Events',
    folders: ['All'],
    columns: [{ name: 'When', type: 'date' }],
    items: [{ values: { Name: 'Kick-off', When: thisMonth(3) } }],
  });
  const folderId = board.folders.All!;
  const view = await seedView(baseUrl, owner.token, team.id, {
    folderId: folderId,
    type: 'calendar',
    name: 'Calendar',
  });
  const { page, context } = await signedInPage(browser, owner.token, {
    viewport: { width: 1400, height: 900 },
  });
  await page.goto(`${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}`);
  await eventIn(dayCell(page, thisMonth(3)), 'Kick-off').waitFor();
  const box = (await dayCell(page, thisMonth(20)).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 6);
  // The new item opens in its panel, to be named; it is on the clicked day.
  await page.getByRole('dialog').first().waitFor();
  await expect
    .poll(async () => {
      const items = await apiCall<{ values: Record<string, { data: unknown }> }[]>(
        baseUrl,
        owner.token,
        'GET',
        `/api/${team.id}/folders/${folderId}/items`,
      );
      return items.map((item) => item.values[board.columns.When!]?.data ?? null).sort();
    })
    .toEqual([thisMonth(20), thisMonth(3)].sort());

  await context.close();
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar', preferences: { theme: 'dark' } });
  const rtl = await signedInPage(browser, owner.token, { viewport: { width: 1400, height: 900 } });
  await rtl.page.goto(`${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}`);
  await eventIn(dayCell(rtl.page, thisMonth(3)), 'Kick-off').waitFor();
  expect(
    await rtl.page.evaluate(() => [document.documentElement.dir, document.documentElement.dataset.theme]),
  ).toEqual(['rtl', 'dark']);
  // Right to left: a week's first day is drawn at the right, its next to its left.
  const first = (await dayCell(rtl.page, thisMonth(3)).boundingBox())!;
  const next = (await dayCell(rtl.page, thisMonth(4)).boundingBox())!;
  if (first.y === next.y) expect(next.x).toBeLessThan(first.x);
  expect(await seriousViolations(rtl.page)).toEqual([]);
  await screenshot(rtl.page, 'calendar-view-ar-dark');
  // The week of slots and the agenda, mirrored too.
  await rtl.page.getByRole('button', { name: 'أسبوع', exact: true }).click();
  await expect
    .poll(() => rtl.page.getByRole('button', { name: 'أسبوع', exact: true }).getAttribute('aria-pressed'))
    .toBe('true');
  // Its hours scroll and are a tab stop (axe's scrollable-region-focusable); its events, drawn
  // beside its rows, are read as a group of buttons rather than a broken table.
  expect(await seriousViolations(rtl.page)).toEqual([]);
  await screenshot(rtl.page, 'calendar-week-ar-dark');
  await rtl.context.close();
});

test('a calendar feed link is made, read by a calendar application without a session, and turned off; its dialog in Arabic and dark', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Feed Owner');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Orbit' });
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Releases',
    folders: ['Dates'],
    columns: [{ name: 'Ships', type: 'date' }],
    items: [{ values: { Name: 'Ship the app', Ships: thisMonth(8) } }],
  });
  const folderId = board.folders.Dates!;
  const view = await seedView(baseUrl, owner.token, team.id, {
    folderId: folderId,
    type: 'calendar',
    name: 'Calendar',
  });
  const readFeed = (url: string) => fetch(new URL(new URL(url).pathname, baseUrl));
  const { page, context } = await signedInPage(browser, owner.token, {
    viewport: { width: 1280, height: 860 },
  });
  await page.goto(`${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}`);
  await eventIn(dayCell(page, thisMonth(8)), 'Ship the app').waitFor();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar app' });
  await dialog.getByText('You have no link for this calendar yet.').waitFor();
  await dialog.getByRole('button', { name: 'Make a link' }).click();
  const field = dialog.getByRole('textbox', { name: 'Calendar link' });
  await field.waitFor();
  const url = await field.inputValue();
  expect(url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  expect(await dialog.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(
    url.replace(/^https?:/, 'webcal:'),
  );
  const feed = await readFeed(url);
  expect(feed.status).toBe(200);
  const text = await feed.text();
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('SUMMARY:Ship the app');
  expect(text).toContain(`DTSTART;VALUE=DATE:${thisMonth(8).replaceAll('-', '')}`);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'calendar-feed-dialog');

  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await dialog.getByText('You have no link for this calendar yet.').waitFor();
  expect((await readFeed(url)).status).toBe(404);
  await context.close();

  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar', preferences: { theme: 'dark' } });
  const rtl = await signedInPage(browser, owner.token, { viewport: { width: 1280, height: 860 } });
  await rtl.page.goto(`${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}`);
  await eventIn(dayCell(rtl.page, thisMonth(8)), 'Ship the app').waitFor();
  await rtl.page.getByRole('button', { name: 'اشتراك', exact: true }).click();
  const arabic = rtl.page.getByRole('dialog', { name: 'الاشتراك في تطبيق التقويم' });
  await arabic.getByRole('button', { name: 'إنشاء رابط' }).click();
  const arabicField = arabic.getByRole('textbox', { name: 'رابط التقويم' });
  await arabicField.waitFor();
  // The link reads left to right inside the right-to-left dialog.
  expect(await arabicField.getAttribute('dir')).toBe('ltr');
  expect((await readFeed(await arabicField.inputValue())).status).toBe(200);
  expect(await seriousViolations(rtl.page)).toEqual([]);
  await screenshot(rtl.page, 'calendar-feed-dialog-ar-dark');
  await rtl.context.close();
});

test('a range’s end edge dragged to a later day lengthens it', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Cal Resizer');
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Span' });
  // A day whose next day is in the same week row (the en-US week starts on Sunday).
  const day = [3, 4, 5, 6, 7, 8, 9].find((d) => new Date(`${thisMonth(d)}T00:00:00Z`).getUTCDay() !== 6)!;
  const board = await seedBoard(baseUrl, owner.token, team.id, {
    name: 'Workshops',
    folders: ['All'],
    columns: [{ name: 'Span', type: 'date_range' }],
    items: [{ values: { Name: 'Workshop', Span: { start: thisMonth(day), end: thisMonth(day) } } }],
  });
  const folderId = board.folders.All!;
  const view = await seedView(baseUrl, owner.token, team.id, {
    folderId: folderId,
    type: 'calendar',
    name: 'Calendar',
  });
  const { page, context } = await signedInPage(browser, owner.token, {
    viewport: { width: 1400, height: 900 },
  });
  await page.goto(`${baseUrl}/b/${board.boardId}/${folderId}?view=${view.id}`);
  const event = eventIn(dayCell(page, thisMonth(day)), 'Workshop');
  await event.waitFor();
  await event.hover();
  // The resizer sits on the event's end edge.
  const box = (await event.boundingBox())!;
  const target = (await dayCell(page, thisMonth(day + 1)).boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 10, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, box.y + box.height / 2, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
  await expect
    .poll(() => itemValue(owner.token, team.id, folderId, 'Workshop', board.columns.Span!))
    .toEqual({ start: thisMonth(day), end: thisMonth(day + 1) });
  await context.close();
});
