/**
 * Comments read: `GET /api/{teamId}/comments/multiple?item_ids=<100 ids>&limit=100` (the comments of
 * a board's 100 items, one page of 100 root comments with their replies and reactions, and each
 * item's count) must cost <= 1.5x raw SELECTs of the same rows plus JSON.stringify (docs/comments.md).
 *
 * Method:
 * - One app as in production (full plugin stack, auth, access checks) on a PGlite data directory, the
 *   bench board of board-fixture.ts with ITEMS items and 4 more full members. COMMENTS comments
 *   written in multi-row INSERTs (10 per item): per item, every 3rd comment (the 3rd, 6th, 9th) is
 *   a reply to one of the item's earlier root comments, the rest are roots (700 roots, 300
 *   replies). Roots are spread at random over 30 days, a reply comes a minute to a day after its
 *   root (seeded; all times different), so the page of the 100 newest roots mixes items and holds
 *   replies; 10 roots are pinned. The text is HTML of 100-200 characters; a third of the
 *   comments mention a member (a mention element, and `mentions` as a jsonb array). REACTIONS reaction rows by the 5 members (6 emoji) on random
 *   comments. `ANALYZE` afterwards.
 * - Candidate: the route through `app.inject` with the owner's bearer token (no sockets), answer
 *   checked: 200, the 100 expected roots in order (pinned first, then newest first), each with
 *   exactly the replies inserted for it (oldest first), as many reactions in all as were inserted
 *   for the page's comments, `has_more` (700 roots), and counts summing to COMMENTS.
 * - Baseline: the same rows through the same driver (PGlite's query), one query each as the route
 *   first read them (it now reads the first three in one statement, docs/comments.md): the roots
 *   (`SELECT *`, its WHERE and ORDER BY, LIMIT 101 as the route reads one more to know has_more),
 *   the live replies of those 100 roots (`SELECT *`, oldest first), their reactions (comment,
 *   emoji, user, in reaction order) and the live comment count per item (GROUP BY), then
 *   JSON.stringify of the four row lists. It leaves out what is framework or access control: the
 *   session and workspace lookups, reading the 100 items and their folders' visibility, the
 *   nesting of replies and reactions under their comments, the response schema and the HTTP layer.
 * - Warm-up of WARMUP reads per side, then ROUNDS rounds alternating which side goes first; a
 *   sample is one read. Ratio = median candidate / median baseline.
 */
import { randomUUID } from 'node:crypto';
import { commentReactions, comments } from '../apps/server/src/db/schema/comments';
import { items } from '../apps/server/src/db/schema/items';
import { teamMembers } from '../apps/server/src/db/schema/teams';
import { quickUser } from '../apps/server/src/test/quick-user';
import { type BenchBoard, insertBenchItems, openBenchBoard } from './lib/board-fixture';
import { seeded } from './lib/seeded';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const ITEMS = 100;
const PER_ITEM = 10;
/** Of an item's 10 comments, the 3rd, 6th and 9th are replies. */
const ROOTS_PER_ITEM = 7;
const COMMENTS = ITEMS * PER_ITEM;
const REACTIONS = 1000;
const PAGE = 100;
const PINNED_EVERY = 70;
const WARMUP = 5;
const ROUNDS = 21;
const EMOJI = ['👍', '🎉', '❤️', '😄', '👀', '🚀'];
const DAY_MS = 24 * 60 * 60 * 1000;

interface Member {
  id: number;
  name: string;
}

interface Inserted {
  itemIds: string[];
  roots: (typeof comments.$inferInsert)[];
  replies: (typeof comments.$inferInsert)[];
  reactionsOf: Map<string, number>;
}

const TOPICS = ['the launch checklist', 'the budget sheet', 'the design review', 'the API draft', 'QA'];

function commentHtml(random: () => number, n: number, mention: Member | undefined): string {
  const topic = TOPICS[Math.floor(random() * TOPICS.length)];
  const lead = mention
    ? `<span data-type="mention" data-id="${mention.id}" data-label="${mention.name}">@${mention.name}</span> `
    : '';
  return `<p>${lead}I went through ${topic} again (note ${n}): <strong>most of it looks right</strong>, but the figures for week ${
    n % 52
  } still need a second look before we ship.</p>`;
}

/** The comments and reactions, in multi-row INSERTs; what was inserted, to check the answers against. */
async function insertComments(board: BenchBoard, members: readonly Member[]): Promise<Inserted> {
  const db = board.app.ctx.db;
  const itemRows = await db.select({ id: items.id }).from(items).orderBy(items.sortOrder);
  const itemIds = itemRows.map((row) => row.id);
  if (itemIds.length !== ITEMS) throw new Error(`${itemIds.length} items, wanted ${ITEMS}`);
  const random = seeded(42);
  const start = Date.now() - 30 * DAY_MS;
  const usedTimes = new Set<number>();
  const roots: (typeof comments.$inferInsert)[] = [];
  const replies: (typeof comments.$inferInsert)[] = [];
  let n = 0;
  for (const itemId of itemIds) {
    const rootTimes = Array.from(
      { length: ROOTS_PER_ITEM },
      () => start + Math.floor(random() * 30 * DAY_MS),
    );
    const own: (typeof comments.$inferInsert)[] = [];
    for (let k = 0; k < PER_ITEM; k++) {
      n++;
      const author = members[Math.floor(random() * members.length)]!;
      const mentioned = n % 3 === 0 ? members.find((member) => member.id !== author.id) : undefined;
      // Every 3rd comment answers one of the item's roots, between a minute and a day after it.
      const isReply = k % 3 === 2;
      const parent = isReply ? own[Math.floor(random() * own.length)]! : undefined;
      let time = parent
        ? parent.createdAt!.getTime() + 60_000 + Math.floor(random() * DAY_MS)
        : rootTimes[own.length]!;
      while (usedTimes.has(time)) time++;
      usedTimes.add(time);
      const createdAt = new Date(time);
      const row = {
        id: randomUUID(),
        teamId: board.teamId,
        boardId: board.boardId,
        itemId,
        parentId: parent?.id ?? null,
        html: commentHtml(random, n, mentioned),
        mentions: mentioned ? [mentioned.id] : [],
        pinned: !isReply && roots.length % PINNED_EVERY === 0,
        pinnedAt: null as Date | null,
        createdBy: author.id,
        createdAt,
        updatedAt: createdAt,
        rowVersion: 1,
      };
      if (row.pinned) row.pinnedAt = createdAt;
      if (isReply) replies.push(row);
      else {
        roots.push(row);
        own.push(row);
      }
    }
  }
  const all = [...roots, ...replies];
  for (let i = 0; i < all.length; i += 500) await db.insert(comments).values(all.slice(i, i + 500));

  const seen = new Set<string>();
  const reactionsOf = new Map<string, number>();
  const reactionRows: (typeof commentReactions.$inferInsert)[] = [];
  while (reactionRows.length < REACTIONS) {
    const comment = all[Math.floor(random() * all.length)]!;
    const member = members[Math.floor(random() * members.length)]!;
    const reaction = EMOJI[Math.floor(random() * EMOJI.length)]!;
    const key = `${comment.id}/${member.id}/${reaction}`;
    if (seen.has(key)) continue;
    seen.add(key);
    reactionsOf.set(comment.id!, (reactionsOf.get(comment.id!) ?? 0) + 1);
    reactionRows.push({
      id: randomUUID(),
      teamId: board.teamId,
      commentId: comment.id!,
      userId: member.id,
      reaction,
      createdAt: new Date(comment.createdAt!.getTime() + 60_000 + Math.floor(random() * DAY_MS)),
    });
  }
  for (let i = 0; i < reactionRows.length; i += 500)
    await db.insert(commentReactions).values(reactionRows.slice(i, i + 500));
  await board.database.executeSql('ANALYZE');
  return { itemIds, roots, replies, reactionsOf };
}

interface Expected {
  rootIds: string[];
  repliesOf: Map<string, string[]>;
  replies: number;
  reactions: number;
}

/** The page the route must answer: roots pinned first, then newest first (ties by id), and their replies. */
function expectedPage(inserted: Inserted): Expected {
  const sorted = [...inserted.roots].sort(
    (a, b) =>
      Number(b.pinned) - Number(a.pinned) ||
      b.createdAt!.getTime() - a.createdAt!.getTime() ||
      (b.id! < a.id! ? -1 : 1),
  );
  const rootIds = sorted.slice(0, PAGE).map((root) => root.id!);
  const onPage = new Set(rootIds);
  const repliesOf = new Map<string, string[]>();
  let reactions = 0;
  for (const id of rootIds) reactions += inserted.reactionsOf.get(id) ?? 0;
  for (const reply of [...inserted.replies].sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime())) {
    if (!onPage.has(reply.parentId!)) continue;
    repliesOf.set(reply.parentId!, [...(repliesOf.get(reply.parentId!) ?? []), reply.id!]);
    reactions += inserted.reactionsOf.get(reply.id!) ?? 0;
  }
  const replies = [...repliesOf.values()].reduce((sum, list) => sum + list.length, 0);
  return { rootIds, repliesOf, replies, reactions };
}

interface ApiComment {
  id: string;
  reactions: { count: number }[];
  replies: ApiComment[];
  replies_count: number;
}

const reactionRows = (comment: ApiComment) => comment.reactions.reduce((sum, entry) => sum + entry.count, 0);

async function readThroughApi(board: BenchBoard, itemIds: readonly string[], expected: Expected) {
  const start = performance.now();
  const res = await board.app.inject({
    method: 'GET',
    url: `/api/${board.teamId}/comments/multiple?item_ids=${itemIds.join(',')}&limit=${PAGE}`,
    headers: { authorization: `Bearer ${board.token}` },
  });
  const elapsed = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`read: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const page = res.json() as { data: ApiComment[]; counts: Record<string, number>; has_more: boolean };
  if (page.data.length !== PAGE || !page.has_more) throw new Error(`read ${page.data.length} roots`);
  let replies = 0;
  let reactions = 0;
  page.data.forEach((root, i) => {
    if (root.id !== expected.rootIds[i])
      throw new Error(`root ${i} is ${root.id}, wanted ${expected.rootIds[i]}`);
    const want = expected.repliesOf.get(root.id) ?? [];
    const got = root.replies.map((reply) => reply.id);
    if (root.replies_count !== want.length || got.join() !== want.join())
      throw new Error(`root ${root.id} has replies ${got.join()}, wanted ${want.join()}`);
    replies += got.length;
    reactions += reactionRows(root) + root.replies.reduce((sum, reply) => sum + reactionRows(reply), 0);
  });
  const counted = Object.values(page.counts).reduce((sum, count) => sum + count, 0);
  if (counted !== COMMENTS) throw new Error(`counts sum to ${counted}, wanted ${COMMENTS}`);
  if (replies !== expected.replies || reactions !== expected.reactions)
    throw new Error(
      `read ${replies} replies, ${reactions} reactions; wanted ${expected.replies}, ${expected.reactions}`,
    );
  return { ms: elapsed, bytes: res.rawPayload.length };
}

/** `$2, $3, ...` for a list after the team id. */
const placeholders = (count: number) => Array.from({ length: count }, (_, i) => `$${i + 2}`).join(', ');

async function readRaw(board: BenchBoard, itemIds: readonly string[], expected: Expected) {
  const start = performance.now();
  const sql = board.database.executeSql;
  const team = board.teamId;
  const page = await sql(
    `SELECT * FROM comments WHERE team_id = $1 AND item_id IN (${placeholders(itemIds.length)})
       AND parent_id IS NULL AND deleted_at IS NULL
     ORDER BY pinned DESC, created_at DESC, id DESC LIMIT ${PAGE + 1}`,
    [team, ...itemIds],
  );
  const roots = page.rows.slice(0, PAGE);
  const rootIds = roots.map((row) => row.id as string);
  const replies = await sql(
    `SELECT * FROM comments WHERE team_id = $1 AND parent_id IN (${placeholders(rootIds.length)})
       AND deleted_at IS NULL
     ORDER BY created_at, id`,
    [team, ...rootIds],
  );
  const commentIds = [...rootIds, ...replies.rows.map((row) => row.id as string)];
  const [reactions, counts] = await Promise.all([
    sql(
      `SELECT comment_id, reaction, user_id FROM comment_reactions
       WHERE team_id = $1 AND comment_id IN (${placeholders(commentIds.length)})
       ORDER BY created_at, id`,
      [team, ...commentIds],
    ),
    sql(
      `SELECT item_id, count(*)::int AS n FROM comments
       WHERE team_id = $1 AND item_id IN (${placeholders(itemIds.length)}) AND deleted_at IS NULL
       GROUP BY item_id`,
      [team, ...itemIds],
    ),
  ]);
  const json = JSON.stringify({
    roots,
    replies: replies.rows,
    reactions: reactions.rows,
    counts: counts.rows,
  });
  const elapsed = performance.now() - start;
  if (
    rootIds[0] !== expected.rootIds[0] ||
    replies.rows.length !== expected.replies ||
    reactions.rows.length !== expected.reactions ||
    counts.rows.length !== ITEMS
  )
    throw new Error(`raw read ${roots.length} roots, ${replies.rows.length} replies`);
  return { ms: elapsed, bytes: json.length };
}

export async function run(): Promise<BenchResult> {
  const board = await openBenchBoard();
  try {
    const members: Member[] = [{ id: board.ownerId, name: 'Owner' }];
    for (const name of ['Ada', 'Grace', 'Linus', 'Barbara']) {
      const user = await quickUser(board.app.ctx, { name });
      await board.app.ctx.db
        .insert(teamMembers)
        .values({ teamId: board.teamId, userId: user.id, role: 'full-member' });
      members.push({ id: user.id, name });
    }
    await insertBenchItems(board, board.folderId, ITEMS);
    const inserted = await insertComments(board, members);
    const expected = expectedPage(inserted);
    const { itemIds } = inserted;
    for (let i = 0; i < WARMUP; i++) {
      await readThroughApi(board, itemIds, expected);
      await readRaw(board, itemIds, expected);
    }
    const api: number[] = [];
    const raw: number[] = [];
    let apiBytes = 0;
    let rawBytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const first = i % 2 === 0;
      if (!first) raw.push((await readRaw(board, itemIds, expected)).ms);
      const read = await readThroughApi(board, itemIds, expected);
      api.push(read.ms);
      apiBytes = read.bytes;
      if (first) {
        const baseline = await readRaw(board, itemIds, expected);
        raw.push(baseline.ms);
        rawBytes = baseline.bytes;
      }
    }
    const apiMs = median(api);
    const rawMs = median(raw);
    return {
      name: 'comments-read',
      ratio: apiMs / rawMs,
      goal: '<=1.5',
      details: {
        items: ITEMS,
        comments: COMMENTS,
        roots: PAGE,
        replies: expected.replies,
        reactions: expected.reactions,
        api_ms: round(apiMs, 2),
        raw_ms: round(rawMs, 2),
        api_bytes: apiBytes,
        raw_bytes: rawBytes,
      },
    };
  } finally {
    await board.close();
  }
}
