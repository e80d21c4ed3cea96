import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { type PublicTestBoard, visitorApi } from './public-board-visitors.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
let v: ReturnType<typeof visitorApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
  s = await seedWorkspace(t);
  v = visitorApi(t, api, s);
});
afterAll(() => t?.close());

const commentsUrl = (b: PublicTestBoard, itemId: string) =>
  `/api/public/boards/${b.board.id}/items/${itemId}/comments`;
const readComments = (b: PublicTestBoard, itemId = b.members.id) => v.visit('GET', commentsUrl(b, itemId));
const addComment = (
  b: PublicTestBoard,
  visitor: string | undefined,
  body: Record<string, unknown>,
  itemId = b.members.id,
) => v.visit('POST', commentsUrl(b, itemId), body, visitor);
const text = (html: string) => ({ html });

/** A member's comment on an item, as the app writes one. */
async function memberComment(b: PublicTestBoard, html: string, token = s.owner.token) {
  const res = await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, token, {
    text: { html },
    board_id: b.board.id,
    item_id: b.members.id,
    row_version: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
}

describe('visitors and comments', () => {
  test('the sharing switch is kept and read back, and tells the folder', async () => {
    const b = await v.publicBoard('view', { visitor_comments: true });
    const sharing = await api.send('GET', `/api/${s.team.id}/boards/${b.board.id}/sharing`, s.owner.token);
    expect(sharing.body).toMatchObject({ visitor_rights: 'view', visitor_comments: true });
    const board = await v.visit('GET', `/api/public/boards/${b.board.id}`);
    expect(board.body.visitor_comments).toBe(true);
    const folder = await v.visit('GET', `/api/public/boards/${b.board.id}/folders/${b.folder.id}`);
    expect(folder.body.rights).toEqual({ create: false, edit: 'none', comment: true });
    // Changing the rights keeps it; turning it off takes it away.
    expect(
      (await v.share(b.board.id, { is_public: true, visitor_rights: 'edit_all' })).body.visitor_comments,
    ).toBe(true);
    expect(
      (await v.share(b.board.id, { is_public: true, visitor_comments: false })).body.visitor_comments,
    ).toBe(false);
  });

  test.each([
    { comments: false, read: 404, write: 404 },
    { comments: true, read: 200, write: 201 },
  ])('comments open to visitors $comments: read $read, write $write', async ({ comments, read, write }) => {
    const b = await v.publicBoard('view', { visitor_comments: comments });
    await memberComment(b, '<p>Internal note</p>');
    const visitor = await v.newVisitor(b.board.id);
    const listed = await readComments(b);
    expect(listed.status).toBe(read);
    if (read !== 200) expect(JSON.stringify(listed.body)).not.toContain('Internal note');
    const added = await addComment(b, visitor, { text: text('<p>Love it</p>'), name: 'Lena' });
    expect(added.status, JSON.stringify(added.body)).toBe(write);
    const team = await api.send(
      'GET',
      `/api/${s.team.id}/comments/multiple?item_ids=${b.members.id}`,
      s.owner.token,
    );
    expect(team.body.data.length).toBe(write === 201 ? 2 : 1);
  });

  test('a visitor reads the comments by name only, mentions as text; writes one under their name', async () => {
    const b = await v.publicBoard('view', { visitor_comments: true });
    const mention = `<p>Ask <span data-type="mention" data-id="${s.admin.id}" data-label="A admin">@A admin</span></p>`;
    const root = await memberComment(b, mention);
    const visitor = await v.newVisitor(b.board.id);
    const reply = await addComment(b, visitor, {
      text: text('<p>Me too <img src=x onerror=alert(1)></p>'),
      name: ' Lena ',
      parent_id: root.id,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ parent_id: root.id, visitor_name: 'Lena' });
    expect(reply.body.text.html).not.toContain('onerror');
    const listed = await readComments(b);
    expect(listed.status).toBe(200);
    const [first] = listed.body.comments;
    expect(first.id).toBe(root.id);
    expect(first.text.html).toContain('@A admin');
    expect(first.text.html).not.toContain(`data-id`);
    expect(first.replies).toHaveLength(1);
    expect(first.replies[0]).toMatchObject({ visitor_name: 'Lena', text: { html: '<p>Me too </p>' } });
    expect(listed.body.members).toEqual([{ id: s.owner.id, name: 'Owner' }]);
    expect(JSON.stringify(listed.body)).not.toMatch(/email|team_id|row_version/);

    // The team sees it as the visitor's: written for them by the sharer, named, not editable.
    const team = await api.send(
      'GET',
      `/api/${s.team.id}/comments/multiple?item_ids=${b.members.id}`,
      s.owner.token,
    );
    const theirs = team.body.data[0].replies[0];
    expect(theirs).toMatchObject({ visitor_name: 'Lena', created_by: s.owner.id });
    const edit = await api.send('PUT', `/api/${s.team.id}/comments/${theirs.id}`, s.owner.token, {
      text: { html: '<p>Changed</p>' },
      board_id: b.board.id,
      item_id: b.members.id,
      row_version: theirs.row_version + 1,
    });
    expect(edit.status).toBe(403);
    expect(
      (await api.send('DELETE', `/api/${s.team.id}/comments/${theirs.id}`, s.owner.token)).status,
    ).toBeLessThan(300);
  });

  test.each([
    { case: 'no name', body: { text: text('<p>Hi</p>') } },
    { case: 'a blank name', body: { text: text('<p>Hi</p>'), name: '   ' } },
    { case: 'a name too long', body: { text: text('<p>Hi</p>'), name: 'x'.repeat(61) } },
    { case: 'empty text', body: { text: text('<p> </p>'), name: 'Lena' } },
    {
      case: 'a reply to another item’s comment',
      body: { text: text('<p>Hi</p>'), name: 'Lena', parent_id: 'other' },
    },
  ])('$case is refused and nothing is written', async ({ body }) => {
    const b = await v.publicBoard('view', { visitor_comments: true });
    const visitor = await v.newVisitor(b.board.id);
    let sent: Record<string, unknown> = body;
    if (body.parent_id === 'other') {
      const other = await api.newItem(s, b.folder.id);
      const elsewhere = await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, s.owner.token, {
        text: { html: '<p>Elsewhere</p>' },
        board_id: b.board.id,
        item_id: other.id,
        row_version: 1,
      });
      sent = { ...body, parent_id: elsewhere.body.id };
    }
    const res = await addComment(b, visitor, sent);
    expect(res.status).toBe(422);
    expect((await readComments(b)).body.comments).toEqual([]);
  });

  test('without a visitor token, or on an item of a private folder, nothing is written', async () => {
    const b = await v.publicBoard('view', { visitor_comments: true });
    expect((await addComment(b, undefined, { text: text('<p>Hi</p>'), name: 'Lena' })).status).toBe(403);
    const hidden = await api.newItem(s, b.privateFolder.id);
    const visitor = await v.newVisitor(b.board.id);
    expect((await addComment(b, visitor, { text: text('<p>Hi</p>'), name: 'Lena' }, hidden.id)).status).toBe(
      404,
    );
    expect((await readComments(b, hidden.id)).status).toBe(404);
    expect((await readComments(b)).body.comments).toEqual([]);
  });

  test('a visitor’s comment notifies the item’s followers, the sharer included, under the visitor’s name', async () => {
    const b = await v.publicBoard('view', { visitor_comments: true });
    const visitor = await v.newVisitor(b.board.id);
    expect(
      (await addComment(b, visitor, { text: text('<p>Please add dark mode</p>'), name: 'Lena' })).status,
    ).toBe(201);
    // The sharer created the item: they follow it and hear of the comment, told as Lena's.
    const heard = () =>
      t.app.ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, s.owner.id),
            eq(notifications.itemId, b.members.id),
            eq(notifications.notificationType, 'CommentCreatedNotification'),
          ),
        );
    await expect.poll(async () => (await heard()).length, { timeout: 10_000 }).toBe(1);
    const [note] = await heard();
    expect(JSON.stringify(note?.data)).toContain('Lena');
    expect(JSON.stringify(note?.data)).toContain('Please add dark mode');
  });
});
