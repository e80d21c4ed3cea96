import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { connectTestSocket, listenLocally, type TestSocket, waitFor } from '../../realtime/test-clients';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';

let t: TestApp;
let port: number;
let api: ReturnType<typeof itemApi>;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  port = await listenLocally(t.app);
  api = itemApi(t);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

test("one comment's notifications reach each follower live, on their own channel, each with its own notification", async () => {
  const s = await seedWorkspace(t);
  const { board, folder } = await api.newPlace(s);
  const item = await api.newItem(s, folder.id);
  const followers = [s.owner, s.admin, s['full-member']];
  for (const person of [s.admin, s['full-member']])
    await api.send('PUT', `/api/${s.team.id}/items/${item.id}/follow`, person.token, { following: true });
  for (const person of [...followers, s.guest]) {
    const socket = await connectTestSocket({ port, key: 'strata', token: person.token });
    sockets.push(socket);
    await socket.subscribe(`private-App.User.${person.id}`);
  }
  const res = await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, s.guest.token, {
    text: { html: '<p>ready for review</p>' },
    board_id: board.id,
    item_id: item.id,
    row_version: 1,
  });
  expect(res.status).toBe(200);
  const stored = () => t.app.ctx.db.select().from(notifications).where(eq(notifications.teamId, s.team.id));
  await expect.poll(async () => (await stored()).length, { timeout: 10_000 }).toBe(followers.length);
  const rows = await stored();
  for (const [index, person] of followers.entries()) {
    const mine = rows.find((row) => row.userId === person.id)!;
    const heard = await waitFor(`the notification of follower ${index}`, () =>
      sockets[index]!.received.find((event) => event.event === 'notification.created'),
    );
    expect(heard.channel).toBe(`private-App.User.${person.id}`);
    const data = heard.data as { id: string; data: { id: string; notification_type: string; body: string } };
    expect(data.id).toBe(mine.id);
    expect(data.data).toMatchObject({
      id: mine.id,
      notification_type: 'CommentCreatedNotification',
      body: 'ready for review',
    });
    expect(sockets[index]!.received.filter((event) => event.event === 'notification.created')).toHaveLength(
      1,
    );
  }
  // The author hears of none.
  expect(sockets[3]!.received.some((event) => event.event === 'notification.created')).toBe(false);
});
