import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, ROLES, type RoleName, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

const feedPath = (s: Seeded, viewId: string) => `/api/${s.team.id}/views/${viewId}/calendar-feed`;
const values = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([id, data]) => [id, { data }]));

/** The path of a feed URL, read anonymously (no session, no token). */
async function readFeed(url: string, headers: Record<string, string> = {}) {
  return t.request({ method: 'GET', url: new URL(url).pathname, headers });
}

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string | null;
  allDay: boolean;
  description: string;
  lastModified: string;
}

/** The feed as a calendar application reads it (ical.js). */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: component.hasProperty('dtend') ? event.endDate.toString() : null,
      allDay: event.startDate.isDate,
      description: event.description,
      lastModified: String(component.getFirstPropertyValue('last-modified')),
    };
  });
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    refresh: String(calendar.getFirstPropertyValue('refresh-interval')),
    ttl: String(calendar.getFirstPropertyValue('x-published-ttl')),
    events: events.sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid)),
  };
}

/** A board with a due date, a plan range, a timed meeting and a status, items on each, and a calendar view. */
async function plannedFolder(s: Seeded, settings: (ids: Record<string, string>) => Record<string, unknown>) {
  const { board, folder, name } = await api.newPlace(s);
  const due = await api.newAttribute(s, board.id, 'date', { name: 'Due' });
  const plan = await api.newAttribute(s, board.id, 'date_range', { name: 'Plan' });
  const meet = await api.newAttribute(s, board.id, 'date', {
    name: 'Meeting',
    settings: { includeTime: true },
  });
  const done = uuid();
  const status = await api.newAttribute(s, board.id, 'label', {
    name: 'Status',
    settings: { labels: [{ id: done, name: 'Done' }] },
  });
  const ids = { name: name.id, due: due.id, plan: plan.id, meet: meet.id, status: status.id, done };
  const item = (n: string, fields: Record<string, unknown>) =>
    api.newItem(s, folder.id, { sort_order: n, values: values({ [name.id]: n, ...fields }) });
  const items = {
    launch: await item('Launch; v2, "final"', { [due.id]: '2026-03-05' }),
    build: await item('Build', {
      [plan.id]: { start: '2026-03-02', end: '2026-03-04' },
      [status.id]: [done],
    }),
    review: await item('Review', { [meet.id]: '2026-03-06T14:30:00.000Z', [due.id]: '2026-03-06' }),
    someday: await item('Someday', {}),
  };
  const view = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
    folder_id: folder.id,
    type: 'calendar',
    name: 'Plan',
    settings: settings(ids),
    row_version: 1,
  });
  expect(view.status, JSON.stringify(view.body)).toBe(200);
  return { board, folder, ids, items, view: view.body as { id: string; row_version: number } };
}

describe('a calendar view’s feed', () => {
  test('its URL opens, without a session, an iCalendar document of the view’s dated items', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, ids, items, view } = await plannedFolder(s, (ids) => ({
      date_attribute_ids: [ids.due, ids.plan, ids.meet],
    }));
    const made = await api.send('POST', feedPath(s, view.id), s.owner.token);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.url).toMatch(/^https?:\/\/[^/]+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(made.body.webcal_url).toBe(made.body.url.replace(/^https?:/, 'webcal:'));

    const res = await readFeed(made.body.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const feed = parseFeed(res.body);
    expect(feed.name).toBe('Folder · Plan');
    expect(feed.refresh).toBe('PT1H');
    expect(feed.ttl).toBe('PT1H');
    const shown = feed.events.map(({ uid, summary, start, end, allDay }) => [
      uid,
      summary,
      start,
      end,
      allDay,
    ]);
    expect(shown).toEqual([
      // A range's last day is included: DTEND is the day after, as RFC 5545 wants for DATE values.
      [`${items.build.id}-${ids.plan}`, 'Build (Plan)', '2026-03-02', '2026-03-05', true],
      [items.launch.id, 'Launch; v2, "final" (Due)', '2026-03-05', '2026-03-06', true],
      [items.review.id, 'Review (Due)', '2026-03-06', '2026-03-07', true],
      [`${items.review.id}-${ids.meet}`, 'Review (Meeting)', '2026-03-06T14:30:00Z', null, false],
    ]);
    const launch = feed.events.find((event) => event.uid === items.launch.id)!;
    expect(launch.description).toContain(`/b/${board.id}/${folder.id}/${items.launch.id}`);
    // iCalendar times are whole seconds.
    const changed = Math.floor(new Date(items.launch.updated_at).getTime() / 1000) * 1000;
    expect(new Date(launch.lastModified).getTime()).toBe(changed);
    expect(res.body).not.toContain('Someday');
  });

  test('a view filter and the first date attribute by default shape it; an unchanged feed is a 304', async () => {
    const s = await seedWorkspace(t);
    const { items, view } = await plannedFolder(s, (ids) => ({
      filters: [{ attribute_id: ids.status, operator: 'is_none_of', operand: [ids.done] }],
    }));
    const made = await api.send('POST', feedPath(s, view.id), s.owner.token);
    const res = await readFeed(made.body.url);
    const feed = parseFeed(res.body);
    // Build is done (filtered out) and has no due date; Due is the board's first date attribute.
    expect(feed.events.map((event) => [event.uid, event.summary])).toEqual([
      [items.launch.id, 'Launch; v2, "final"'],
      [items.review.id, 'Review'],
    ]);
    const again = await readFeed(made.body.url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('a new URL replaces the old one; a revoked, unknown or malformed token is 404', async () => {
    const s = await seedWorkspace(t);
    const { view } = await plannedFolder(s, () => ({}));
    const first = (await api.send('POST', feedPath(s, view.id), s.owner.token)).body.url as string;
    expect((await api.send('GET', feedPath(s, view.id), s.owner.token)).body).toMatchObject({
      active: true,
      last_read_at: null,
    });
    expect((await readFeed(first)).statusCode).toBe(200);
    expect((await api.send('GET', feedPath(s, view.id), s.owner.token)).body.last_read_at).not.toBeNull();

    const second = (await api.send('POST', feedPath(s, view.id), s.owner.token)).body.url as string;
    expect(second).not.toBe(first);
    expect((await readFeed(first)).statusCode).toBe(404);
    expect((await readFeed(second)).statusCode).toBe(200);

    const revoked = await api.send('DELETE', feedPath(s, view.id), s.owner.token);
    expect(revoked.status).toBe(200);
    expect((await readFeed(second)).statusCode).toBe(404);
    expect((await api.send('GET', feedPath(s, view.id), s.owner.token)).body).toEqual({
      active: false,
      created_at: null,
      last_read_at: null,
    });
    const token = new URL(second).pathname.split('/').pop()!;
    for (const path of [
      `/api/calendar-feeds/${'A'.repeat(43)}.ics`,
      `/api/calendar-feeds/${token.replace('.ics', '')}`,
      `/api/calendar-feeds/${token}x`,
      '/api/calendar-feeds/..%2F..%2Fetc.ics',
    ]) {
      const res = await t.request({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
    }
  });

  test('it shows what its person may see now: gone with the view, the membership or the folder', async () => {
    const s = await seedWorkspace(t);
    const { folder, view } = await plannedFolder(s, () => ({}));
    const mine = (await api.send('POST', feedPath(s, view.id), s['full-member'].token)).body.url as string;
    const owners = (await api.send('POST', feedPath(s, view.id), s.owner.token)).body.url as string;
    expect((await readFeed(mine)).statusCode).toBe(200);
    // The member leaves the workspace: their feed stops; the owner's goes on.
    const removed = await api.send(
      'DELETE',
      `/api/teams/${s.team.id}/members/${s['full-member'].id}`,
      s.owner.token,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await readFeed(mine)).statusCode).toBe(404);
    expect((await readFeed(owners)).statusCode).toBe(200);
    // The view is deleted: the owner's feed is gone too.
    const deleted = await api.send('DELETE', `/api/${s.team.id}/views/${view.id}`, s.owner.token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await readFeed(owners)).statusCode).toBe(404);
    expect((await api.send('POST', feedPath(s, view.id), s.owner.token)).status).toBe(404);
    expect(folder.id).toBeTruthy();
  });

  test('only a calendar view has one; a personal view of someone else is not found', async () => {
    const s = await seedWorkspace(t);
    const { folder, view } = await plannedFolder(s, () => ({}));
    const table = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: folder.id,
      type: 'table',
      name: 'Table',
      row_version: 1,
    });
    const refused = await api.send('POST', feedPath(s, table.body.id), s.owner.token);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Only a calendar view has a calendar feed.');
    const personal = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: folder.id,
      type: 'calendar',
      name: 'Mine',
      visibility: 'personal',
      row_version: 1,
    });
    expect((await api.send('POST', feedPath(s, personal.body.id), s.admin.token)).status).toBe(404);
    expect((await api.send('POST', feedPath(s, view.id), s.admin.token)).status).toBe(200);
  });

  const CAN_MAKE: Record<RoleName, number> = {
    owner: 200,
    admin: 200,
    'full-member': 200,
    'restricted-member': 200,
    guest: 200,
  };
  test.each(ROLES)(
    'a %s of the workspace has a feed of a view they see; an outsider or an invitee does not',
    async (role) => {
      const s = await seedWorkspace(t);
      const { view } = await plannedFolder(s, () => ({}));
      const made = await api.send('POST', feedPath(s, view.id), s[role].token);
      expect(made.status, JSON.stringify(made.body)).toBe(CAN_MAKE[role]);
      if (made.status === 200) expect((await readFeed(made.body.url)).statusCode).toBe(200);
      for (const stranger of [s.outsider, s.invitee])
        expect((await api.send('POST', feedPath(s, view.id), stranger.token)).status).toBe(404);
    },
  );
});
