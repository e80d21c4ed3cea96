import { FakeClock } from '@strata/test-utils/fake-clock';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { comments } from '../../db/schema/comments';
import { events } from '../../db/schema/events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DANGEROUS_HTML, XSS_PAYLOADS } from '../../test/xss-corpus';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, ROLES, type RoleName, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
const clock = new FakeClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ clock });
  api = itemApi(t);
});
afterAll(() => t?.close());

interface Place {
  s: Seeded;
  boardId: string;
  folderId: string;
  itemId: string;
}

async function place(): Promise<Place> {
  const s = await seedWorkspace(t);
  const { board, folder } = await api.newPlace(s);
  const item = await api.newItem(s, folder.id);
  return { s, boardId: board.id, folderId: folder.id, itemId: item.id };
}

const putComment = (p: Place, token: string, id: string, body: Record<string, unknown>) =>
  api.send('PUT', `/api/${p.s.team.id}/comments/${id}`, token, {
    board_id: p.boardId,
    item_id: p.itemId,
    ...body,
  });

async function newComment(
  p: Place,
  html: string,
  token = p.s.owner.token,
  extra: Record<string, unknown> = {},
) {
  // Comments a moment apart, as people write them: lists order by time.
  clock.advance(5);
  const res = await putComment(p, token, uuid(), { text: { html }, row_version: 1, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; row_version: number; parent_id: string | null; text: { html: string } };
}

const list = (p: Place, token: string, query: string) =>
  api.send('GET', `/api/${p.s.team.id}/comments/multiple?${query}`, token);

describe('comments of an item', () => {
  test('create, reply (a reply to a reply attaches to the root), edit with compare-and-set, list with counts, delete with replies', async () => {
    const p = await place();
    const root = await newComment(p, '<p>First <strong>thought</strong></p>');
    expect(root).toMatchObject({
      object: 'comment',
      item_id: p.itemId,
      board_id: p.boardId,
      folder_id: p.folderId,
      parent_id: null,
      pinned: false,
      edited_at: null,
      row_version: 1,
      created_by: p.s.owner.id,
    });
    const reply = await newComment(p, '<p>A reply</p>', p.s['full-member'].token, { parent_id: root.id });
    expect(reply.parent_id).toBe(root.id);
    const nested = await newComment(p, '<p>Reply to the reply</p>', p.s.guest.token, { parent_id: reply.id });
    expect(nested.parent_id).toBe(root.id);

    const edited = await putComment(p, p.s.owner.token, root.id, {
      text: { html: '<p>First thought, edited</p>' },
      row_version: 2,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ row_version: 2, text: { html: '<p>First thought, edited</p>' } });
    expect(edited.body.edited_at).not.toBeNull();
    const stale = await putComment(p, p.s.owner.token, root.id, {
      text: { html: '<p>Old</p>' },
      row_version: 2,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: root.id, row_version: 2 });

    const page = await list(p, p.s.guest.token, `item_ids=${p.itemId}`);
    expect(page.status).toBe(200);
    expect(page.body.counts).toEqual({ [p.itemId]: 3 });
    expect(page.body.data.map((c: { id: string }) => c.id)).toEqual([root.id]);
    expect(page.body.data[0].replies.map((c: { id: string }) => c.id)).toEqual([reply.id, nested.id]);
    expect(page.body.data[0].replies_count).toBe(2);

    expect(
      (await api.send('DELETE', `/api/${p.s.team.id}/comments/${root.id}`, p.s.owner.token)).status,
    ).toBe(200);
    const after = await list(p, p.s.owner.token, `item_ids=${p.itemId}`);
    expect(after.body).toMatchObject({ data: [], counts: { [p.itemId]: 0 }, has_more: false });
    const gone = await putComment(p, p.s['full-member'].token, reply.id, {
      text: { html: '<p>late</p>' },
      row_version: 2,
    });
    expect(gone.status).toBe(404);
  });

  test('bad saves are refused with the field and change nothing', async () => {
    const p = await place();
    const other = await api.newItem(p.s, p.folderId);
    const onOther = await newComment({ ...p, itemId: other.id }, '<p>elsewhere</p>');
    const cases: [string, Record<string, unknown>, number, string?][] = [
      ['empty text', { text: { html: '<p> </p>' }, row_version: 1 }, 422, 'text.html'],
      [
        'only markup that is dropped',
        { text: { html: '<script>x</script>' }, row_version: 1 },
        422,
        'text.html',
      ],
      [
        'another board',
        { text: { html: '<p>x</p>' }, board_id: 'abcdefghijk', row_version: 1 },
        422,
        'board_id',
      ],
      [
        'a parent on another item',
        { text: { html: '<p>x</p>' }, parent_id: onOther.id, row_version: 1 },
        422,
        'parent_id',
      ],
      [
        'a parent that does not exist',
        { text: { html: '<p>x</p>' }, parent_id: uuid(), row_version: 1 },
        422,
        'parent_id',
      ],
      ['an item that does not exist', { text: { html: '<p>x</p>' }, item_id: uuid(), row_version: 1 }, 404],
      ['a create at row_version 2', { text: { html: '<p>x</p>' }, row_version: 2 }, 404],
    ];
    for (const [name, body, status, field] of cases) {
      const res = await putComment(p, p.s.owner.token, uuid(), body);
      expect(res.status, name).toBe(status);
      if (field) expect(res.body.errors?.[0]?.path, name).toBe(field);
    }
    const stored = await t.app.ctx.db.select().from(comments).where(eq(comments.teamId, p.s.team.id));
    expect(stored.map((row) => row.id)).toEqual([onOther.id]);
  });

  test('stored HTML is sanitised: a corpus of XSS payloads is stored and read back harmless', async () => {
    const p = await place();
    const payloads = XSS_PAYLOADS;
    for (const html of payloads) await newComment(p, html);
    const page = await list(p, p.s.owner.token, `item_ids=${p.itemId}&limit=100`);
    expect(page.body.data).toHaveLength(payloads.length);
    for (const comment of page.body.data as { text: { html: string } }[]) {
      expect(comment.text.html).not.toMatch(DANGEROUS_HTML);
    }
  });

  test('mentions: members of the workspace are kept, anyone else is not', async () => {
    const p = await place();
    const mention = (id: number) => `<span data-type="mention" data-id="${id}" data-label="X">@X</span>`;
    const comment = await newComment(
      p,
      `<p>${mention(p.s.guest.id)} ${mention(p.s.outsider.id)} ${mention(p.s.guest.id)} ${mention(999_999)}</p>`,
    );
    expect((comment as unknown as { mentions: number[] }).mentions).toEqual([p.s.guest.id]);
  });

  test('the list pages root comments pinned first, then newest first, without repeats; a foreign cursor is refused', async () => {
    const p = await place();
    const second = await place();
    const secondItem = await api.newItem(p.s, p.folderId);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      ids.push((await newComment(i % 2 ? { ...p, itemId: secondItem.id } : p, `<p>c${i}</p>`)).id);
    }
    const pinned = await api.send('PUT', `/api/${p.s.team.id}/comments/${ids[1]}/pin`, p.s.owner.token, {
      pinned: true,
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.pinned).toBe(true);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const query = `item_ids=${p.itemId},${secondItem.id},${second.itemId}&limit=2${after ? `&after=${after}` : ''}`;
      const res = await list(p, p.s.owner.token, query);
      expect(res.status).toBe(200);
      expect(res.body.counts).toEqual({ [p.itemId]: 3, [secondItem.id]: 2 });
      seen.push(...res.body.data.map((c: { id: string }) => c.id));
      after = res.body.after;
      expect(res.body.has_more).toBe(after !== null);
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(seen[0]).toBe(ids[1]);
    expect(new Set(seen).size).toBe(5);
    expect(seen.slice(1)).toEqual([ids[4], ids[3], ids[2], ids[0]].filter((id) => id !== ids[1]));
    for (const bad of ['nonsense', Buffer.from('[2,"x","y"]').toString('base64url')]) {
      expect((await list(p, p.s.owner.token, `item_ids=${p.itemId}&after=${bad}`)).status).toBe(422);
    }
    for (const bad of ['', 'not-a-uuid', Array.from({ length: 101 }, () => uuid()).join(',')]) {
      expect((await list(p, p.s.owner.token, `item_ids=${bad}`)).status).toBe(422);
    }
  });

  test('reactions toggle per person and emoji, and are announced', async () => {
    const p = await place();
    const comment = await newComment(p, '<p>React to me</p>');
    const react = (token: string, reaction: string) => {
      clock.advance(10);
      return api.send('PUT', `/api/${p.s.team.id}/comment-reaction/${uuid()}`, token, {
        comment_id: comment.id,
        reaction,
      });
    };
    expect((await react(p.s.owner.token, '👍')).body).toMatchObject({
      active: true,
      reactions: [{ reaction: '👍', count: 1, user_ids: [p.s.owner.id] }],
    });
    expect((await react(p.s.guest.token, '👍')).body.reactions).toEqual([
      { reaction: '👍', count: 2, user_ids: [p.s.owner.id, p.s.guest.id] },
    ]);
    await react(p.s.guest.token, '🎉');
    const off = await react(p.s.owner.token, '👍');
    expect(off.body).toMatchObject({ active: false });
    expect(off.body.reactions).toEqual([
      { reaction: '👍', count: 1, user_ids: [p.s.guest.id] },
      { reaction: '🎉', count: 1, user_ids: [p.s.guest.id] },
    ]);
    for (const bad of ['', 'a', '<b>', '👍 x'])
      expect((await react(p.s.owner.token, bad)).status, bad).toBe(422);
    expect((await react(p.s.outsider.token, '👍')).status).toBeGreaterThanOrEqual(403);
    const page = await list(p, p.s.owner.token, `item_ids=${p.itemId}`);
    expect(page.body.data[0].reactions).toEqual(off.body.reactions);
    const announced = await t.app.ctx.db
      .select({ type: events.type, channel: events.channel })
      .from(events)
      .where(and(eq(events.teamId, p.s.team.id), like(events.type, 'comment.%')))
      .orderBy(events.id);
    expect(announced.map((e) => e.type)).toEqual([
      'comment.created',
      'comment.reaction.created',
      'comment.reaction.created',
      'comment.reaction.created',
      'comment.reaction.deleted',
    ]);
    expect(new Set(announced.map((e) => e.channel))).toEqual(
      new Set([`team.${p.s.team.id}.board.${p.boardId}`]),
    );
  });

  test('a comment made offline is replayed through save-multiple once', async () => {
    const p = await place();
    const id = uuid();
    const operation = {
      type: 'comment',
      op: 'put',
      id,
      body: { text: { html: '<p>offline</p>' }, board_id: p.boardId, item_id: p.itemId, row_version: 1 },
    };
    const first = await api.send('POST', `/api/${p.s.team.id}/save-multiple`, p.s.guest.token, [operation]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await api.send('POST', `/api/${p.s.team.id}/save-multiple`, p.s.guest.token, [operation]);
    expect(again.status).toBe(409);
    const page = await list(p, p.s.guest.token, `item_ids=${p.itemId}`);
    expect(page.body.counts[p.itemId]).toBe(1);
  });
});

describe('comment permissions (spec section 6), allowed and denied', () => {
  // Default roles: everyone adds; full members and above delete others' and pin; editing is the author's.
  const ALLOWED: Record<string, readonly RoleName[]> = {
    add: ROLES,
    'edit own': ROLES,
    'delete own': ROLES,
    "edit another's": [],
    "delete another's": ['owner', 'admin', 'full-member'],
    pin: ['owner', 'admin', 'full-member'],
    react: ROLES,
  };
  type Act = (p: Place, role: RoleName) => Promise<{ status: number }>;
  const ACTS: Record<keyof typeof ALLOWED, Act> = {
    add: (p, role) => putComment(p, p.s[role].token, uuid(), { text: { html: '<p>x</p>' }, row_version: 1 }),
    'edit own': async (p, role) => {
      const mine = await newComment(p, '<p>mine</p>', p.s[role].token);
      return putComment(p, p.s[role].token, mine.id, { text: { html: '<p>changed</p>' }, row_version: 2 });
    },
    'delete own': async (p, role) => {
      const mine = await newComment(p, '<p>mine</p>', p.s[role].token);
      return api.send('DELETE', `/api/${p.s.team.id}/comments/${mine.id}`, p.s[role].token);
    },
    "edit another's": async (p, role) => {
      const theirs = await newComment(p, '<p>theirs</p>', p.s[role === 'guest' ? 'admin' : 'guest'].token);
      return putComment(p, p.s[role].token, theirs.id, { text: { html: '<p>changed</p>' }, row_version: 2 });
    },
    "delete another's": async (p, role) => {
      const theirs = await newComment(p, '<p>theirs</p>', p.s[role === 'guest' ? 'admin' : 'guest'].token);
      return api.send('DELETE', `/api/${p.s.team.id}/comments/${theirs.id}`, p.s[role].token);
    },
    pin: async (p, role) => {
      const any = await newComment(p, '<p>pin me</p>', p.s.guest.token);
      return api.send('PUT', `/api/${p.s.team.id}/comments/${any.id}/pin`, p.s[role].token, { pinned: true });
    },
    react: async (p, role) => {
      const any = await newComment(p, '<p>react</p>');
      return api.send('PUT', `/api/${p.s.team.id}/comment-reaction/${uuid()}`, p.s[role].token, {
        comment_id: any.id,
        reaction: '❤️',
      });
    },
  };
  let shared: Place;
  beforeAll(async () => {
    shared = await place();
  });
  test.each(
    Object.keys(ALLOWED).flatMap((action) =>
      ROLES.map((role) => [action, role, ALLOWED[action]!.includes(role)] as const),
    ),
  )('%s as %s: allowed %s', async (action, role, allowed) => {
    const res = await ACTS[action]!(shared, role);
    if (allowed) expect(res.status).toBe(200);
    else expect(res.status).toBe(403);
  });

  test('someone outside the workspace, or who does not see the board, is answered 404 or 403', async () => {
    const p = await place();
    const comment = await newComment(p, '<p>private matter</p>');
    const outsider = await list(p, p.s.outsider.token, `item_ids=${p.itemId}`);
    expect(outsider.status).toBe(404);
    // A private board: the guest does not see it, nor its item's comments.
    const board = await api.newBoard(p.s, { is_private: true });
    const folder = await api.newFolder(p.s, board.id);
    const item = await api.newItem(p.s, folder.id);
    const hidden = { ...p, boardId: board.id, folderId: folder.id, itemId: item.id };
    await newComment(hidden, '<p>secret</p>');
    const seen = await list(p, p.s.guest.token, `item_ids=${item.id},${p.itemId}`);
    expect(seen.body.counts).toEqual({ [p.itemId]: 1 });
    expect(JSON.stringify(seen.body)).not.toContain('secret');
    expect(
      (await putComment(hidden, p.s.guest.token, uuid(), { text: { html: '<p>x</p>' }, row_version: 1 }))
        .status,
    ).toBe(404);
    expect(comment.id).toBeTruthy();
  });

  test('the list leaves out, as if they had no comments, the items of private and hidden folders (and their subfolders), of a locked board, deleted items and other workspaces', async () => {
    const p = await place();
    const s = p.s;
    const at = (folderId: string, itemId: string, boardId = p.boardId) => ({
      ...p,
      boardId,
      folderId,
      itemId,
    });
    const commented = async (folderId: string, boardId = p.boardId) => {
      const item = await api.newItem(s, folderId);
      await newComment(at(folderId, item.id, boardId), '<p>secret</p>');
      return item.id;
    };
    const folderWith = async (settings: Record<string, unknown>, parentId?: string) => {
      const folder = await api.newFolder(s, p.boardId, parentId ? { parent_id: parentId } : {});
      const saved = await api.send('PUT', `/api/${s.team.id}/folders/${folder.id}`, s.owner.token, {
        board_id: p.boardId,
        name: 'Folder',
        settings,
        ...(parentId ? { parent_id: parentId } : {}),
        row_version: 2,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return folder.id as string;
    };
    await newComment(p, '<p>open</p>');
    const privateFolder = await folderWith({ private: true, member_ids: [] });
    const inPrivate = await commented(privateFolder);
    const underPrivate = await commented(await folderWith({}, privateFolder));
    const inHidden = await commented(await folderWith({ hidden: true }));
    const locked = await api.newPlace(s, { password: 'a long board password' });
    const onLocked = await commented(locked.folder.id, locked.board.id);
    const deleted = await commented(p.folderId);
    expect((await api.send('DELETE', `/api/${s.team.id}/items/${deleted}`, s.owner.token)).status).toBe(200);
    const other = await place();
    await newComment(other, '<p>secret</p>', other.s.owner.token);

    const ids = [p.itemId, inPrivate, underPrivate, inHidden, onLocked, deleted, other.itemId].join(',');
    const seenBy = async (token: string) => {
      const res = await list(p, token, `item_ids=${ids}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { counts: Record<string, number>; data: { item_id: string }[] };
    };
    const restricted = await seenBy(s['restricted-member'].token);
    expect(restricted.counts).toEqual({ [p.itemId]: 1 });
    expect(restricted.data.map((c) => c.item_id)).toEqual([p.itemId]);
    expect(JSON.stringify(restricted)).not.toContain('secret');
    // Full members see hidden folders and pass the password (they may change it); not a private folder.
    expect((await seenBy(s['full-member'].token)).counts).toEqual({
      [p.itemId]: 1,
      [inHidden]: 1,
      [onLocked]: 1,
    });
    // The owner sees every folder of the workspace; still not a deleted item nor another workspace's.
    const owner = await seenBy(s.owner.token);
    expect(owner.counts).toEqual({
      [p.itemId]: 1,
      [inPrivate]: 1,
      [underPrivate]: 1,
      [inHidden]: 1,
      [onLocked]: 1,
    });
    expect(owner.data).toHaveLength(5);
    // Unlocked, the board shows its item's comments to the restricted member too.
    const unlocked = await api.send(
      'POST',
      `/api/${s.team.id}/boards/${locked.board.id}/unlock`,
      s['restricted-member'].token,
      { password: 'a long board password' },
    );
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    expect((await seenBy(s['restricted-member'].token)).counts).toEqual({ [p.itemId]: 1, [onLocked]: 1 });
  });
});

describe("an item's comment count", () => {
  test('counts live comments and replies, goes out with the comment events, keeps the item row_version, and is in the folder list and delta sync', async () => {
    const p = await place();
    const item = () =>
      api
        .listItems(p.s, p.s.owner.token, p.folderId)
        .then(
          (res) =>
            (res.body as { id: string; comments_count: number; row_version: number }[]).find(
              (i) => i.id === p.itemId,
            )!,
        );
    const start = await item();
    expect(start.comments_count).toBe(0);
    const root = await newComment(p, '<p>One</p>');
    await newComment(p, '<p>Two</p>', p.s['full-member'].token, { parent_id: root.id });
    const cursorBefore = (await api.send('GET', `/api/${p.s.team.id}/changes?since=0`, p.s.owner.token)).body
      .cursor as number;
    await newComment(p, '<p>Three</p>');
    expect(await item()).toMatchObject({ comments_count: 3, row_version: start.row_version });

    // Deleting a root takes its reply along: both leave the count.
    expect(
      (await api.send('DELETE', `/api/${p.s.team.id}/comments/${root.id}`, p.s.owner.token)).status,
    ).toBe(200);
    expect(await item()).toMatchObject({ comments_count: 1, row_version: start.row_version });

    const announced = await t.app.ctx.db
      .select({ type: events.type, payload: events.payload })
      .from(events)
      .where(and(eq(events.teamId, p.s.team.id), like(events.type, 'comment.%')))
      .orderBy(events.id);
    const counts = announced.map((event) => [
      event.type,
      (event.payload as { item_comments_count?: number }).item_comments_count,
    ]);
    expect(counts).toEqual([
      ['comment.created', 1],
      ['comment.created', 2],
      ['comment.created', 3],
      ['comment.deleted', 1],
      ['comment.deleted', 1],
    ]);

    // A delta sync from before the last comment hands the item back with its count.
    const changes = await api.send(
      'GET',
      `/api/${p.s.team.id}/changes?since=${cursorBefore}`,
      p.s.owner.token,
    );
    expect(changes.status).toBe(200);
    const changed = (
      changes.body as { changes: { type: string; id: string; data: { comments_count: number } }[] }
    ).changes.filter((change) => change.type === 'item' && change.id === p.itemId);
    expect(changed.map((change) => change.data.comments_count)).toEqual([1]);
  });
});
