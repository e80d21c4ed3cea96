import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema/events';
import { deliveriesOf } from '../../realtime/realtime-subscriber';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { commentExcerpt, NOTIFICATION_BODY_MAX } from './notification-producer';
import { notificationsOf } from './notifications.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

const mention = (id: number, label = 'X') =>
  `<span data-type="mention" data-id="${id}" data-label="${label}">@${label}</span>`;

/** A board of the owner's with a members attribute and one item named Launch plan. */
async function place(s: Seeded) {
  const { board, folder, name } = await api.newPlace(s, { name: 'Roadmap' });
  const people = await api.newAttribute(s, board.id, 'members', { name: 'People' });
  const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Launch plan' } } });
  return { boardId: board.id, folderId: folder.id, itemId: item.id, peopleId: people.id };
}

async function comment(s: Seeded, p: Awaited<ReturnType<typeof place>>, token: string, html: string) {
  const res = await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, token, {
    text: { html },
    board_id: p.boardId,
    item_id: p.itemId,
    row_version: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
}

const told = (teamId: number, expected: number) => notificationsOf(t, teamId, expected);

const byUser = (rows: readonly { userId: number; notificationType: string }[]) =>
  Object.fromEntries(
    [...new Set(rows.map((row) => row.userId))].map((id) => [
      id,
      rows
        .filter((row) => row.userId === id)
        .map((row) => row.notificationType)
        .sort(),
    ]),
  );

describe('notifications of comments', () => {
  test('a comment tells the mentioned and the followers once each, never its author; the names are in it', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    // The admin is in the item's members attribute; the restricted member follows it by hand.
    expect(
      (
        await api.putItem(s, s.owner.token, p.itemId, {
          values: { [p.peopleId]: { data: [s.admin.id] } },
          row_version: 2,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.send('PUT', `/api/${s.team.id}/items/${p.itemId}/follow`, s['restricted-member'].token, {
          following: true,
        })
      ).body,
    ).toEqual({ following: true });
    const written = await comment(
      s,
      p,
      s.guest.token,
      `<p>${mention(s['full-member'].id)} ${mention(s.admin.id)} please look</p>`,
    );
    const rows = await told(s.team.id, 5);
    expect(byUser(rows)).toEqual({
      [s.owner.id]: ['CommentCreatedNotification'],
      // Told first that the owner put them in People.
      [s.admin.id]: ['AddedToMembersAttributeNotification', 'MentionedInCommentNotification'],
      [s['full-member'].id]: ['MentionedInCommentNotification'],
      [s['restricted-member'].id]: ['CommentCreatedNotification'],
    });
    const mine = rows.find((row) => row.userId === s.owner.id)!;
    const added = rows.find((row) => row.notificationType === 'AddedToMembersAttributeNotification')!;
    expect(added.data).toMatchObject({
      attribute_name: 'People',
      item_name: 'Launch plan',
      created_by_name: 'Owner',
    });
    expect(added.commentId).toBeNull();
    expect(mine).toMatchObject({
      boardId: p.boardId,
      folderId: p.folderId,
      itemId: p.itemId,
      commentId: written.id,
      subscribeableType: 'item',
    });
    expect(mine.data).toMatchObject({
      created_by_name: 'A guest',
      board_name: 'Roadmap',
      item_name: 'Launch plan',
      body: '@X @X please look',
    });
    // Each is announced on its recipient's own channel, with its own id; the two followers told
    // alike share one fan-out event, the two mentioned another.
    const announced = await t.app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.teamId, s.team.id), eq(events.type, 'notification.created')));
    expect(announced).toHaveLength(3);
    const deliveries = announced.flatMap(deliveriesOf);
    expect(deliveries.map((d) => d.channel).sort()).toEqual(
      // The admin twice: put in People, then mentioned.
      [s.owner.id, s.admin.id, s.admin.id, s['full-member'].id, s['restricted-member'].id]
        .map((id) => `App.User.${id}`)
        .sort(),
    );
    for (const delivery of deliveries) {
      const row = rows.find((r) => r.id === delivery.data.id)!;
      expect(delivery.channel).toBe(`App.User.${row.userId}`);
      expect(delivery.data.data).toMatchObject({ id: row.id, notification_type: row.notificationType });
    }
    // The API lists it with the spec's fields.
    const list = await api.send('GET', '/api/notifications', s.owner.token);
    expect(list.body.data[0]).toMatchObject({
      notification_type: 'CommentCreatedNotification',
      item_name: 'Launch plan',
      board_name: 'Roadmap',
      created_by_name: 'A guest',
      comment_id: written.id,
    });
  });

  test('who stopped following is not told of comments, who cannot see the item is told nothing', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const stop = await api.send('PUT', `/api/${s.team.id}/items/${p.itemId}/follow`, s.owner.token, {
      following: false,
    });
    expect(stop.body).toEqual({ following: false });
    expect((await api.send('GET', `/api/${s.team.id}/items/${p.itemId}/follow`, s.owner.token)).body).toEqual(
      {
        following: false,
      },
    );
    // The guest comments: the owner (creator, unfollowed) hears nothing; the outsider is no member.
    await comment(s, p, s.guest.token, `<p>${mention(s.outsider.id)} hello</p>`);
    // The admin's comment then tells the guest, a commenter now.
    await comment(s, p, s.admin.token, '<p>thanks</p>');
    const rows = await told(s.team.id, 1);
    expect(byUser(rows)).toEqual({ [s.guest.id]: ['CommentCreatedNotification'] });
    expect(
      (await api.send('GET', `/api/${s.team.id}/items/${p.itemId}/follow`, s.outsider.token)).status,
    ).toBe(404);
  });

  test('a private board: a mentioned member who does not see it is not told', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    // Its members: the owner and the admin.
    const hidden = await api.newBoard(s, {
      is_private: true,
      name: 'Secret',
      user_ids: [s.owner.id, s.admin.id],
    });
    const folder = await api.newFolder(s, hidden.id);
    const item = await api.newItem(s, folder.id);
    await comment(
      s,
      { ...p, boardId: hidden.id, folderId: folder.id, itemId: item.id },
      s.owner.token,
      `<p>${mention(s.guest.id)} ${mention(s.admin.id)}</p>`,
    );
    const rows = await told(s.team.id, 1);
    expect(byUser(rows)).toEqual({ [s.admin.id]: ['MentionedInCommentNotification'] });
  });

  test('a reaction tells the comment’s author, not the one who reacts', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    await api.send('PUT', `/api/${s.team.id}/items/${p.itemId}/follow`, s.owner.token, { following: false });
    const written = await comment(s, p, s.guest.token, '<p>a thought</p>');
    for (const [token, reaction] of [
      [s.admin.token, '👍'],
      [s.guest.token, '🎉'],
    ] as const) {
      const res = await api.send('PUT', `/api/${s.team.id}/comment-reaction/${uuid()}`, token, {
        comment_id: written.id,
        reaction,
      });
      expect(res.status).toBe(200);
    }
    const rows = await told(s.team.id, 1);
    expect(byUser(rows)).toEqual({ [s.guest.id]: ['CommentReactionCreatedNotification'] });
    expect(rows[0]!.data).toMatchObject({ reaction: '👍', created_by_name: 'A admin', body: 'a thought' });
  });
});

describe('notifications of people values', () => {
  test('people put in a members attribute are told, once, by whoever put them there; not who adds themself', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const set = async (token: string, ids: number[], rowVersion: number) => {
      const res = await api.putItem(s, token, p.itemId, {
        values: { [p.peopleId]: { data: ids } },
        row_version: rowVersion,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await set(s.owner.token, [s.admin.id, s.guest.id], 2);
    expect(byUser(await told(s.team.id, 2))).toEqual({
      [s.admin.id]: ['AddedToMembersAttributeNotification'],
      [s.guest.id]: ['AddedToMembersAttributeNotification'],
    });
    // Adding one more tells only that one; the admin adding themself tells no one.
    await set(s.owner.token, [s.admin.id, s.guest.id, s['full-member'].id], 3);
    await set(s.admin.token, [s.admin.id, s.guest.id, s['full-member'].id, s.owner.id], 4);
    await set(s['full-member'].token, [s['full-member'].id], 5);
    await set(s['full-member'].token, [s['full-member'].id, s.admin.id], 6);
    const rows = await told(s.team.id, 5);
    expect(byUser(rows)).toEqual({
      [s.admin.id]: ['AddedToMembersAttributeNotification', 'AddedToMembersAttributeNotification'],
      [s.guest.id]: ['AddedToMembersAttributeNotification'],
      [s['full-member'].id]: ['AddedToMembersAttributeNotification'],
      [s.owner.id]: ['AddedToMembersAttributeNotification'],
    });
    const byAdmin = rows.find((row) => row.userId === s.owner.id)!;
    expect(byAdmin.data).toMatchObject({ created_by_name: 'A admin', attribute_name: 'People' });
  });
});

describe('commentExcerpt', () => {
  test.each([
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<p>one</p><p>two</p>', 'one two'],
    [`<p>${'x'.repeat(300)}</p>`, `${'x'.repeat(NOTIFICATION_BODY_MAX - 1)}…`],
  ])('%s', (html, text) => {
    expect(commentExcerpt(html)).toBe(text);
  });
});
