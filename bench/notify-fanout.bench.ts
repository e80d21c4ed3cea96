/**
 * Notification fan-out: a comment on an item 200 people follow must have its 200 notifications
 * (and their 200 `notification.created` announcements) stored within <= 3x the time of inserting
 * 200 bare notification rows (docs/notifications.md), and its own request must not wait for them.
 *
 * Method:
 * - One app as in production (full plugin stack, the events dispatcher with its subscribers: the
 *   real-time hub and the notification producer) on a PGlite data directory, the bench board of
 *   board-fixture.ts. RECIPIENTS more people written straight to the database (users, with a
 *   constant password hash nobody signs in with, and full-member rows in team_members), and one
 *   item per round (WARMUP + ROUNDS, written as insertBenchItems does, the owner its creator and
 *   in its members attribute) that all RECIPIENTS follow by hand (item_followers, following true).
 *   `ANALYZE` afterwards. Every round comments on its own item, so every round does the same work.
 * - Candidate: the owner PUTs a new comment (about 140 characters of HTML, no mention) on the round's
 *   item through `app.inject` (`PUT /api/{teamId}/comments/{uuid}`), answer checked (200).
 *   `request_ms` is the request alone (the comment stored and answered); then the notifications
 *   table is polled (a count for the comment's id, POLL_MS between polls) until RECIPIENTS rows
 *   are there. `fanout_ms` is the time from the answer to seeing them: the producing of the
 *   notifications, which the goal compares, not the writing of the comment, which costs the same
 *   with no follower at all; `total_ms`, from sending the request, is printed too. The dispatcher is nudged by the app after the
 *   response (app.ts), claims `comment.created`, and the producer reads the comment, the item, its
 *   followers and who sees it, then writes the notifications, their events and each recipient's
 *   delayed mail job (notification-email.ts) in one transaction. A poll sent while the producer
 *   works waits for PGlite's one connection, so the rows are seen as soon as they commit (`polls`
 *   is the mean number of polls per round).
 *   Checked each round: exactly RECIPIENTS notifications, one per follower (the author told
 *   nothing), all `CommentCreatedNotification`, and RECIPIENTS announcements as the real-time
 *   subscriber sends them (deliveriesOf: the `notification.created` events, a fan-out event giving
 *   one per channel it lists), each on its recipient's channel with that one's notification id. Before the next round, the dispatcher is let hand those events out
 *   (pending_events empty), so no round inherits another's work.
 * - Baseline: one multi-row INSERT of RECIPIENTS notification rows (a statement is one
 *   transaction) through the same driver (PGlite's query, `$n` parameters), with the columns the
 *   producer fills: user, workspace, type, board, folder, item, comment (a new id per round),
 *   subscribeable type and id, and `data` with the same names and body. No events, no reads.
 * - WARMUP warm-up rounds, then ROUNDS rounds alternating which side goes first. Ratio = median
 *   fanout_ms / median bare_ms; request_ms is printed for the "does not wait" half of the goal.
 */
import { randomUUID } from 'node:crypto';
import { itemFollowers } from '../apps/server/src/db/schema/item-followers';
import { items } from '../apps/server/src/db/schema/items';
import { teamMembers } from '../apps/server/src/db/schema/teams';
import { users } from '../apps/server/src/db/schema/users';
import type { DispatchedEvent } from '../apps/server/src/events/dispatched-event';
import { commentExcerpt } from '../apps/server/src/modules/notifications/notification-producer';
import { deliveriesOf } from '../apps/server/src/realtime/realtime-subscriber';
import { type BenchBoard, insertBenchItems, openBenchBoard } from './lib/board-fixture';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const RECIPIENTS = 200;
const WARMUP = 3;
const ROUNDS = 9;
const POLL_MS = 1;
const TIMEOUT_MS = 30_000;
/** Any constant: nobody signs in as these people. */
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0$YmVuY2hoYXNoYmVuY2hoYXNoYmVuY2hoYXNo';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const commentHtml = (round: number) =>
  `<p>Heads-up for everyone following this item (round ${round}): the <strong>release date moved</strong> to next Tuesday, please check your parts.</p>`;

/** RECIPIENTS members of the workspace, in two multi-row INSERTs. */
async function insertMembers(board: BenchBoard): Promise<number[]> {
  const db = board.app.ctx.db;
  const tag = randomUUID().slice(0, 8);
  const now = new Date();
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: RECIPIENTS }, (_, i) => ({
        email: `follower-${i}-${tag}@example.com`,
        name: `Follower ${i}`,
        passwordHash: PASSWORD_HASH,
        emailVerifiedAt: now,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((row) => row.id);
  await db
    .insert(teamMembers)
    .values(ids.map((userId) => ({ teamId: board.teamId, userId, role: 'full-member' })));
  return ids;
}

/** One item per round, each followed by hand by every one of `followerIds`. */
async function insertFollowedItems(board: BenchBoard, count: number, followerIds: readonly number[]) {
  await insertBenchItems(board, board.folderId, count);
  const db = board.app.ctx.db;
  const rows = await db.select({ id: items.id }).from(items).orderBy(items.sortOrder);
  const itemIds = rows.map((row) => row.id);
  if (itemIds.length !== count) throw new Error(`${itemIds.length} items, wanted ${count}`);
  for (const itemId of itemIds)
    await db
      .insert(itemFollowers)
      .values(followerIds.map((userId) => ({ teamId: board.teamId, itemId, userId, following: true })));
  await board.database.executeSql('ANALYZE');
  return itemIds;
}

const count = async (board: BenchBoard, text: string, values: unknown[] = []) =>
  Number((await board.database.executeSql(text, values)).rows[0]!.n);

/** Waits until the dispatcher has handed out every event (its next poll takes the notifications' events). */
async function settle(board: BenchBoard) {
  const start = performance.now();
  while ((await count(board, 'SELECT count(*)::int AS n FROM pending_events')) > 0) {
    if (performance.now() - start > TIMEOUT_MS) throw new Error('the dispatcher did not hand out its events');
    await sleep(10);
  }
}

async function commentAndWait(
  board: BenchBoard,
  itemId: string,
  round: number,
  followerIds: readonly number[],
) {
  const id = randomUUID();
  const start = performance.now();
  const res = await board.app.inject({
    method: 'PUT',
    url: `/api/${board.teamId}/comments/${id}`,
    headers: { authorization: `Bearer ${board.token}` },
    payload: { text: { html: commentHtml(round) }, board_id: board.boardId, item_id: itemId, row_version: 1 },
  });
  const answered = performance.now();
  const requestMs = answered - start;
  if (res.statusCode !== 200) throw new Error(`comment: ${res.statusCode} ${res.body.slice(0, 300)}`);
  let told = 0;
  let polls = 0;
  for (;;) {
    told = await count(board, 'SELECT count(*)::int AS n FROM notifications WHERE comment_id = $1', [id]);
    polls++;
    if (told >= RECIPIENTS) break;
    if (performance.now() - start > TIMEOUT_MS)
      throw new Error(`${told} notifications after ${TIMEOUT_MS} ms`);
    await sleep(POLL_MS);
  }
  const totalMs = performance.now() - start;
  const fanoutMs = performance.now() - answered;

  const { rows } = await board.database.executeSql(
    `SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS people,
            count(*) FILTER (WHERE notification_type = 'CommentCreatedNotification')::int AS created,
            count(*) FILTER (WHERE user_id = $2)::int AS author
       FROM notifications WHERE comment_id = $1`,
    [id, board.ownerId],
  );
  const found = rows[0] as { n: number; people: number; created: number; author: number };
  if (
    found.n !== RECIPIENTS ||
    found.people !== RECIPIENTS ||
    found.created !== RECIPIENTS ||
    found.author !== 0
  )
    throw new Error(`notifications of the comment: ${JSON.stringify(found)}`);
  const followers = new Set(followerIds);
  const recipients = await board.database.executeSql(
    'SELECT user_id FROM notifications WHERE comment_id = $1',
    [id],
  );
  if (!recipients.rows.every((row) => followers.has(row.user_id as number)))
    throw new Error('a notification went to someone who does not follow the item');
  // The announcements as the real-time subscriber sends them: one per follower, on their channel,
  // each with the id of that follower's notification.
  const announced = await board.database.executeSql(
    `SELECT channel, payload FROM events
      WHERE type = 'notification.created' AND payload -> 'data' ->> 'comment_id' = $1`,
    [id],
  );
  const deliveries = announced.rows.flatMap((row) =>
    deliveriesOf({ channel: row.channel, payload: row.payload } as DispatchedEvent),
  );
  const stored = await board.database.executeSql(
    'SELECT id, user_id FROM notifications WHERE comment_id = $1',
    [id],
  );
  const expected = new Map(stored.rows.map((row) => [`App.User.${row.user_id}`, row.id as string]));
  if (
    deliveries.length !== RECIPIENTS ||
    !deliveries.every(
      (delivery) =>
        expected.get(delivery.channel) === delivery.data.id &&
        (delivery.data.data as { id?: unknown }).id === delivery.data.id,
    )
  )
    throw new Error(`${deliveries.length} notification.created announcements, wanted one per follower`);
  await settle(board);
  return { requestMs, fanoutMs, totalMs, polls };
}

/** The same rows as the producer writes, in one multi-row INSERT through the driver. */
async function insertBare(board: BenchBoard, itemId: string, followerIds: readonly number[], round: number) {
  const commentId = randomUUID();
  const data = JSON.stringify({
    created_by_name: 'Owner',
    board_name: 'Bench board',
    item_name: 'Item 0',
    body: commentExcerpt(commentHtml(round)),
  });
  const values: unknown[] = [];
  const tuples = followerIds.map((userId) => {
    const at = values.length;
    values.push(
      userId,
      board.teamId,
      'CommentCreatedNotification',
      board.boardId,
      board.folderId,
      itemId,
      commentId,
      'item',
      itemId,
      data,
    );
    return `(${Array.from({ length: 10 }, (_, i) => `$${at + i + 1}`).join(', ')})`;
  });
  const start = performance.now();
  await board.database.executeSql(
    `INSERT INTO notifications (user_id, team_id, notification_type, board_id, folder_id, item_id,
       comment_id, subscribeable_type, subscribeable_id, data) VALUES ${tuples.join(', ')}`,
    values,
  );
  const elapsed = performance.now() - start;
  const stored = await count(board, 'SELECT count(*)::int AS n FROM notifications WHERE comment_id = $1', [
    commentId,
  ]);
  if (stored !== RECIPIENTS) throw new Error(`bare insert stored ${stored} rows`);
  return elapsed;
}

export async function run(): Promise<BenchResult> {
  const board = await openBenchBoard();
  try {
    const followerIds = await insertMembers(board);
    const itemIds = await insertFollowedItems(board, WARMUP + ROUNDS, followerIds);
    await settle(board);
    const request: number[] = [];
    const fanout: number[] = [];
    const total: number[] = [];
    const bare: number[] = [];
    let polls = 0;
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const itemId = itemIds[i]!;
      const measured = i >= WARMUP;
      const bareFirst = i % 2 === 1;
      if (bareFirst) {
        const ms = await insertBare(board, itemId, followerIds, i);
        if (measured) bare.push(ms);
      }
      const candidate = await commentAndWait(board, itemId, i, followerIds);
      if (measured) {
        request.push(candidate.requestMs);
        fanout.push(candidate.fanoutMs);
        total.push(candidate.totalMs);
        polls += candidate.polls;
      }
      if (!bareFirst) {
        const ms = await insertBare(board, itemId, followerIds, i);
        if (measured) bare.push(ms);
      }
    }
    const fanoutMs = median(fanout);
    const bareMs = median(bare);
    return {
      name: 'notify-fanout',
      ratio: fanoutMs / bareMs,
      goal: '<=3',
      details: {
        recipients: RECIPIENTS,
        request_ms: round(median(request), 1),
        fanout_ms: round(fanoutMs, 1),
        total_ms: round(median(total), 1),
        bare_ms: round(bareMs, 1),
        polls: round(polls / ROUNDS, 1),
      },
    };
  } finally {
    await board.close();
  }
}
