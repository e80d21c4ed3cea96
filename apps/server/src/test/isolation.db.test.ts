import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { teamInvitations } from '../db/schema/invitations';
import { teamMembers } from '../db/schema/teams';
import { createNotification } from '../modules/notifications/notifications.service';
import { TENANT_ROUTES, type TenantRoute } from './isolation-routes';
import { createTestApp, type TestApp } from './test-app';

const REQUESTS = Number(process.env.ISOLATION_REQUESTS ?? 10_000);
const ROLES = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'] as const;

interface Seeded {
  id: number;
  canary: string;
  members: { id: number; token: string; role: (typeof ROLES)[number] }[];
  /** Members and pending invitees: the ids {member} is filled with. */
  userIds: number[];
  /** The pending invitation's id: {invitation}. */
  invitationId: string;
  /** A board and a folder in it, named with the canary: {board}, {folder}. */
  boardId: string;
  folderId: string;
  /** The board's name attribute and an item named with the canary: {attribute}, {item}. */
  attributeId: string;
  itemId: string;
  /** A shared calendar view of the folder, named with the canary: {view}. */
  viewId: string;
  /** A comment on the item, with the canary: {comment}. */
  commentId: string;
  /** An automation of the board, named with the canary: {automation}. */
  automationId: string;
  /** A webhook of the board, its address naming the canary: {hook}. */
  hookId: string;
  /** Notifications of its members (half of them read), with the canary: {notification}. */
  notificationIds: string[];
  /** The push endpoint (device token) of each member: {device}. */
  deviceEndpoints: string[];
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62Id = () => Array.from({ length: 11 }, () => BASE62[Math.floor(Math.random() * 62)]).join('');

let t: TestApp;
let workspaces: Seeded[];

/** Three workspaces; every name in them (workspace and members) carries the workspace's canary. */
beforeAll(async () => {
  t = await createTestApp();
  workspaces = [];
  for (const label of ['A', 'B', 'C']) {
    const canary = `canary${label}${randomUUID().slice(0, 8)}`;
    const owner = await t.signUp({ name: `Owner ${canary}` });
    const team = (
      await t.request({
        method: 'POST',
        url: '/api/teams',
        token: owner.token,
        json: { name: `Team ${canary}` },
      })
    ).json();
    const members: Seeded['members'] = [{ id: owner.id, token: owner.token, role: 'owner' }];
    for (const role of ROLES.slice(1)) {
      const user = await t.signUp({ name: `${role} ${canary}` });
      await t.app.ctx.db.insert(teamMembers).values({ teamId: team.id, userId: user.id, role });
      members.push({ id: user.id, token: user.token, role });
    }
    const invited = await t.request({
      method: 'POST',
      url: `/api/teams/${team.id}/members`,
      token: owner.token,
      json: { invitations: [{ email: `${canary}@example.test`, role: 'guest' }] },
    });
    const invitee = invited.json().users[0].id as number;
    const [invitation] = await t.app.ctx.db
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(eq(teamInvitations.teamId, team.id));
    const boardId = base62Id();
    const folderId = base62Id();
    const board = await t.request({
      method: 'PUT',
      url: `/api/${team.id}/boards/${boardId}`,
      token: owner.token,
      json: { name: `Board ${canary}`, description: canary, row_version: 1 },
    });
    const folder = await t.request({
      method: 'PUT',
      url: `/api/${team.id}/folders/${folderId}`,
      token: owner.token,
      json: { board_id: boardId, name: `Folder ${canary}`, row_version: 1 },
    });
    const attributeId = randomUUID();
    const itemId = randomUUID();
    const viewId = randomUUID();
    const contents = await t.request({
      method: 'POST',
      url: `/api/${team.id}/save-multiple`,
      token: owner.token,
      json: [
        {
          type: 'attribute',
          op: 'put',
          id: attributeId,
          body: {
            board_id: boardId,
            name: `Name ${canary}`,
            type: 'text',
            settings: { primary: true },
            row_version: 1,
          },
        },
        {
          type: 'item',
          op: 'put',
          id: itemId,
          body: {
            folder_id: folderId,
            values: { [attributeId]: { data: `Item ${canary}` } },
            row_version: 1,
          },
        },
        {
          type: 'view',
          op: 'put',
          id: viewId,
          // A calendar view: its feed's routes are tried too.
          body: { folder_id: folderId, type: 'calendar', name: `View ${canary}`, row_version: 1 },
        },
      ],
    });
    const commentId = randomUUID();
    const comment = await t.request({
      method: 'PUT',
      url: `/api/${team.id}/comments/${commentId}`,
      token: owner.token,
      json: {
        text: { html: `<p>Comment ${canary}</p>` },
        board_id: boardId,
        item_id: itemId,
        row_version: 1,
      },
    });
    const automationId = randomUUID();
    const automation = await t.request({
      method: 'PUT',
      url: `/api/${team.id}/automations/${automationId}`,
      token: owner.token,
      json: {
        board_id: boardId,
        name: `Automation ${canary}`,
        enabled: true,
        recipe: {
          trigger: { kind: 'item_created' },
          actions: [{ kind: 'add_comment', text: `Hello ${canary}` }],
        },
        row_version: 1,
      },
    });
    const hookId = randomUUID();
    const hook = await t.request({
      method: 'PUT',
      url: `/api/${team.id}/hooks/${hookId}`,
      token: owner.token,
      json: {
        board_id: boardId,
        url: `https://hooks.example.com/${canary}`,
        events: ['item.created'],
        row_version: 1,
      },
    });
    if (
      board.statusCode !== 200 ||
      folder.statusCode !== 200 ||
      contents.statusCode !== 200 ||
      comment.statusCode !== 200 ||
      automation.statusCode !== 200 ||
      hook.statusCode !== 200
    )
      throw new Error('board seeding failed');
    const notificationIds: string[] = [];
    for (const member of members) {
      for (const read of [false, true]) {
        const row = await createNotification(t.app.ctx.db, {
          userId: member.id,
          teamId: team.id,
          notificationType: 'CommentCreatedNotification',
          boardId,
          folderId,
          itemId,
          data: { body: `Comment ${canary}`, board_name: `Board ${canary}`, item_name: `Item ${canary}` },
        });
        if (read)
          await t.request({
            method: 'PUT',
            url: '/api/notifications/read',
            token: member.token,
            json: { notification_ids: [row.id] },
          });
        notificationIds.push(row.id);
      }
    }
    const deviceEndpoints: string[] = [];
    for (const member of members) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const endpoint = `https://fcm.googleapis.com/fcm/send/${canary}-${member.id}`;
      const saved = await t.request({
        method: 'POST',
        url: '/api/notifications/device-tokens',
        token: member.token,
        json: {
          token: {
            endpoint,
            keys: {
              p256dh: ecdh.getPublicKey().toString('base64url'),
              auth: randomBytes(16).toString('base64url'),
            },
          },
        },
      });
      // A guest account gets no push; every role of a workspace is a full account here.
      if (saved.statusCode !== 200) throw new Error(`device token seeding failed: ${saved.body}`);
      deviceEndpoints.push(endpoint);
    }
    workspaces.push({
      boardId,
      folderId,
      attributeId,
      itemId,
      viewId,
      commentId,
      automationId,
      hookId,
      id: team.id,
      canary,
      members,
      userIds: [...members.map((m) => m.id), invitee],
      invitationId: invitation!.id,
      notificationIds,
      deviceEndpoints,
    });
  }
}, 120_000);
afterAll(() => t?.close());

/** A small seeded PRNG (mulberry32), so a failing run can be replayed with its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

test(`${REQUESTS} requests with other workspaces' ids, every role and anonymous visitors: no foreign canary, no 2xx`, async () => {
  const seed = Number(process.env.ISOLATION_SEED ?? Date.now() % 1_000_000);
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const leaks: string[] = [];

  for (let i = 0; i < REQUESTS; i++) {
    const home = pick(workspaces);
    // One request in six comes from no one (no token): an anonymous visitor must reach nothing of
    // any workspace, its own included (nothing is published in these workspaces).
    const anonymous = random() < 1 / 6;
    const caller = anonymous ? { token: undefined, role: 'anonymous' } : pick(home.members);
    const foreign = pick(workspaces.filter((w) => w !== home));
    const route: TenantRoute = pick(TENANT_ROUTES);
    // Two-id requests: sometimes only one of the ids is foreign (the check must cover both). A
    // request without a workspace id has only the one id, always foreign.
    const request = `${route.path}${JSON.stringify(route.body ?? {})}`;
    const mix =
      request.includes('{team}') &&
      /\{(member|board|folder|attribute|item|view|comment|automation|hook)\}/.test(request)
        ? pick(['both', 'team-only', 'member-only'] as const)
        : 'both';
    const teamId = mix === 'member-only' ? home.id : foreign.id;
    const memberId = mix === 'team-only' ? pick(home.userIds) : pick(foreign.userIds);
    const inner = mix === 'team-only' ? home : foreign;
    const fill = (text: string) =>
      text
        .replaceAll('{board}', inner.boardId)
        .replaceAll('{folder}', inner.folderId)
        .replaceAll('{attribute}', inner.attributeId)
        .replaceAll('{item}', inner.itemId)
        .replaceAll('{view}', inner.viewId)
        .replaceAll('{comment}', inner.commentId)
        .replaceAll('{automation}', inner.automationId)
        .replaceAll('{hook}', inner.hookId)
        .replaceAll('{notification}', () => pick(inner.notificationIds))
        .replaceAll('{device}', () => pick(inner.deviceEndpoints))
        .replaceAll('{uuid}', randomUUID())
        .replaceAll('{new}', base62Id())
        .replaceAll('{team}', String(teamId))
        .replaceAll('"{member}"', String(memberId))
        .replaceAll('{member}', String(memberId));
    const url = fill(route.path);
    const res = await t.request({
      method: route.method,
      url,
      token: caller.token,
      ...(route.body ? { json: JSON.parse(fill(JSON.stringify(route.body))) } : {}),
    });
    const label = `${route.method} ${url} as ${caller.role} of ${home.canary} (seed ${seed})`;
    const is2xx = res.statusCode >= 200 && res.statusCode < 300;
    if (is2xx && !route.refusesAll?.(res.json())) leaks.push(`2xx: ${label}`);
    for (const other of workspaces) {
      // Emails are stored lower-cased: look for the canary in any case.
      if ((anonymous || other !== home) && res.body.toLowerCase().includes(other.canary.toLowerCase()))
        leaks.push(`canary ${other.canary}: ${label}`);
    }
    if (leaks.length > 20) break;
  }

  // The callers' own lists never show another workspace.
  for (const home of workspaces) {
    for (const member of home.members) {
      const list = await t.request({ method: 'GET', url: '/api/me/workspaces', token: member.token });
      for (const other of workspaces)
        if (other !== home && list.body.includes(other.canary)) leaks.push(`list: ${other.canary}`);
    }
  }
  expect(leaks).toEqual([]);
}, 600_000);
