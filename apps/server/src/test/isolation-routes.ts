/**
 * Every tenant route, for the isolation harness. Each later resource adds its routes here:
 * `ids` names the placeholders the harness fills with ids of other workspaces (or mixes with the
 * caller's own, for requests with two ids).
 */
export interface TenantRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Placeholders: {team} a workspace id, {member} a user id of a workspace member or invitee,
   * {invitation} the id of another workspace's pending invitation (never the caller's),
   * {board} and {folder} a board and a folder of a workspace, {new} a fresh board or folder id,
   * {attribute} and {item} an attribute and an item of that board, {view} a view of that folder, {uuid} a fresh UUID,
   * {notification} a notification of a member of that workspace (never the caller's),
   * {comment} a comment on that item, {device} a member's push endpoint (device token),
   * {automation} an automation of that board, {hook} a webhook of that board.
   */
  path: string;
  body?: Record<string, unknown> | Record<string, unknown>[];
  /**
   * For routes that answer 2xx by design and refuse inside the body (channel authorisation):
   * true when the body refuses everything asked.
   */
  refusesAll?: (body: unknown) => boolean;
}

const AUTOMATION_BODY = {
  board_id: '{board}',
  name: 'Hijacked',
  enabled: true,
  recipe: { trigger: { kind: 'item_created' }, actions: [{ kind: 'delete_item' }] },
};

const HOOK_BODY = { board_id: '{board}', url: 'https://hooks.example.com/taken', events: ['item.created'] };

export const TENANT_ROUTES: TenantRoute[] = [
  { method: 'GET', path: '/api/{team}/boards/{board}/hooks' },
  { method: 'PUT', path: '/api/{team}/hooks/{uuid}', body: { ...HOOK_BODY, row_version: 1 } },
  { method: 'PUT', path: '/api/{team}/hooks/{hook}', body: { ...HOOK_BODY, row_version: 2 } },
  { method: 'PATCH', path: '/api/{team}/hooks/{hook}', body: { url: 'https://hooks.example.com/taken' } },
  { method: 'PATCH', path: '/api/{team}/hooks/{hook}', body: { rotate_secret: true } },
  { method: 'DELETE', path: '/api/{team}/hooks/{hook}' },
  { method: 'GET', path: '/api/{team}/hooks/{hook}/logs' },
  { method: 'POST', path: '/api/{team}/hooks/{hook}/test' },
  { method: 'POST', path: '/api/{team}/hooks/{hook}/replay', body: { since: '2020-01-01T00:00:00Z' } },
  { method: 'POST', path: '/api/{team}/hooks/{hook}/deliveries/{uuid}/redeliver' },
  { method: 'GET', path: '/api/{team}/boards/{board}/automations' },
  { method: 'GET', path: '/api/{team}/automations/usage' },
  { method: 'PUT', path: '/api/{team}/automations/{uuid}', body: { ...AUTOMATION_BODY, row_version: 1 } },
  {
    method: 'PUT',
    path: '/api/{team}/automations/{automation}',
    body: { ...AUTOMATION_BODY, row_version: 2 },
  },
  { method: 'DELETE', path: '/api/{team}/automations/{automation}' },
  { method: 'GET', path: '/api/{team}/automations/{automation}/runs' },
  { method: 'POST', path: '/api/{team}/items/{item}/buttons/{attribute}' },
  { method: 'GET', path: '/api/teams/{team}' },
  { method: 'PUT', path: '/api/teams/{team}', body: { name: 'Hijacked' } },
  { method: 'PUT', path: '/api/teams/{team}', body: { name: 'Hijacked', row_version: 1 } },
  { method: 'DELETE', path: '/api/teams/{team}' },
  { method: 'GET', path: '/api/teams/{team}/members' },
  { method: 'GET', path: '/api/teams/{team}/members/count' },
  { method: 'PUT', path: '/api/teams/{team}/members/{member}', body: { role: 'admin' } },
  { method: 'DELETE', path: '/api/teams/{team}/members/{member}' },
  { method: 'DELETE', path: '/api/teams/{team}/leave' },
  {
    method: 'POST',
    path: '/api/teams/{team}/members',
    body: { invitations: [{ email: 'intruder@example.test', role: 'admin' }] },
  },
  { method: 'GET', path: '/api/teams/{team}/members/invitations' },
  { method: 'POST', path: '/api/teams/{team}/members/resend', body: { user_id: '{member}' } },
  { method: 'GET', path: '/api/{team}/permissions/access?resource_type=workspace&resource_id={team}' },
  { method: 'DELETE', path: '/api/teams/{team}/photo' },
  { method: 'GET', path: '/api/{team}/features' },
  { method: 'GET', path: '/api/{team}/permissions' },
  { method: 'GET', path: '/api/{team}/changes?since=0' },
  { method: 'GET', path: '/api/{team}/changes?since=1&limit=5' },
  {
    method: 'POST',
    path: '/api/{team}/permissions',
    body: {
      resource_type: 'workspace',
      resource_id: '1',
      permissions: [],
      final_permissions: [],
      row_version: 1,
    },
  },
  {
    method: 'POST',
    path: '/api/broadcasting/multi-auth',
    body: {
      socketId: '123.456',
      channelNames: ['private-team.{team}.users', 'private-team.{team}.permissions'],
    },
    refusesAll: (body) =>
      Object.values(body as Record<string, { status: number }>).every((answer) => answer.status !== 200),
  },
  { method: 'GET', path: '/api/{team}/boards' },
  { method: 'PUT', path: '/api/{team}/boards/{new}', body: { name: 'Planted', row_version: 1 } },
  { method: 'PUT', path: '/api/{team}/boards/{board}', body: { name: 'Hijacked', row_version: 1 } },
  { method: 'PUT', path: '/api/{team}/boards/{board}', body: { name: 'Hijacked', row_version: 2 } },
  {
    method: 'PUT',
    path: '/api/{team}/boards/{board}',
    body: { name: 'Hijacked', is_private: true, row_version: 2 },
  },
  { method: 'DELETE', path: '/api/{team}/boards/{board}' },
  { method: 'GET', path: '/api/{team}/boards/{board}/folders' },
  { method: 'GET', path: '/api/{team}/permissions/boards/{board}' },
  { method: 'POST', path: '/api/{team}/boards/{board}/unlock', body: { password: 'guessing-it' } },
  {
    method: 'POST',
    path: '/api/{team}/permissions',
    body: {
      resource_type: 'board',
      resource_id: '{board}',
      permissions: ['VIEW_BOARD:allow:role:guest'],
      final_permissions: [],
      row_version: 1,
    },
  },
  { method: 'GET', path: '/api/{team}/permissions/access?resource_type=board&resource_id={board}' },
  {
    method: 'POST',
    path: '/api/broadcasting/multi-auth',
    body: { socketId: '123.456', channelNames: ['private-team.{team}.board.{board}'] },
    refusesAll: (body) =>
      Object.values(body as Record<string, { status: number }>).every((answer) => answer.status !== 200),
  },
  // The board page's lookup has no workspace id: only the board's id can be foreign.
  { method: 'GET', path: '/api/boards/{board}' },
  {
    method: 'PUT',
    path: '/api/{team}/folders/{new}',
    body: { board_id: '{board}', name: 'Planted', row_version: 1 },
  },
  {
    method: 'PUT',
    path: '/api/{team}/folders/{new}',
    body: { board_id: '{board}', parent_id: '{folder}', name: 'Planted', row_version: 1 },
  },
  {
    method: 'PUT',
    path: '/api/{team}/folders/{folder}',
    body: { board_id: '{board}', name: 'Hijacked', row_version: 2 },
  },
  { method: 'DELETE', path: '/api/{team}/folders/{folder}' },
  { method: 'GET', path: '/api/{team}/boards/{board}/attributes' },
  {
    method: 'PUT',
    path: '/api/{team}/attributes/{uuid}',
    body: { board_id: '{board}', name: 'Planted', type: 'text', row_version: 1 },
  },
  {
    method: 'PUT',
    path: '/api/{team}/attributes/{attribute}',
    body: { board_id: '{board}', name: 'Hijacked', type: 'text', row_version: 2 },
  },
  { method: 'DELETE', path: '/api/{team}/attributes/{attribute}' },
  { method: 'GET', path: '/api/{team}/folders/{folder}/items' },
  { method: 'GET', path: '/api/{team}/boards/{board}/activity' },
  { method: 'GET', path: '/api/{team}/boards/{board}/activity?item_id={item}&limit=5' },
  { method: 'PUT', path: '/api/{team}/items/{uuid}', body: { folder_id: '{folder}', row_version: 1 } },
  {
    method: 'PUT',
    path: '/api/{team}/items/{uuid}',
    body: { folder_id: '{folder}', parent_id: '{item}', row_version: 1 },
  },
  {
    method: 'PUT',
    path: '/api/{team}/items/{item}',
    body: { values: { '{attribute}': { data: 'Hijacked' } }, row_version: 2 },
  },
  { method: 'PUT', path: '/api/{team}/items/{item}', body: { folder_id: '{folder}', row_version: 1 } },
  { method: 'DELETE', path: '/api/{team}/items/{item}' },
  {
    method: 'POST',
    path: '/api/{team}/save-multiple',
    body: [{ type: 'item', op: 'put', id: '{uuid}', body: { folder_id: '{folder}', row_version: 1 } }],
  },
  {
    method: 'POST',
    path: '/api/{team}/save-multiple',
    body: [
      { type: 'board', op: 'put', id: '{new}', body: { name: 'Planted', row_version: 1 } },
      { type: 'item', op: 'delete', id: '{item}' },
    ],
  },
  {
    method: 'POST',
    path: '/api/{team}/save-multiple',
    body: [{ type: 'attribute', op: 'delete', id: '{attribute}' }],
  },
  {
    method: 'POST',
    path: '/api/{team}/boards/{board}/references',
    body: { attribute_id: '{attribute}', from_item_id: '{item}', to_item_id: '{item}' },
  },
  {
    method: 'DELETE',
    path: '/api/{team}/boards/{board}/references',
    body: { attribute_id: '{attribute}', from_item_id: '{item}', to_item_id: '{item}' },
  },
  { method: 'GET', path: '/api/{team}/boards/{board}/items?q=Item' },
  // Items the caller may not see are left out of the answer: an empty object refuses them all.
  {
    method: 'GET',
    path: '/api/{team}/items/titles?ids={item},{uuid}',
    refusesAll: (body) => Object.keys(body as object).length === 0,
  },
  // Comments of items the caller may not see are left out: an empty page refuses them all.
  {
    method: 'GET',
    path: '/api/{team}/comments/multiple?item_ids={item},{uuid}',
    refusesAll: (body) => {
      const page = body as { data: unknown[]; counts: object };
      return page.data.length === 0 && Object.keys(page.counts).length === 0;
    },
  },
  {
    method: 'PUT',
    path: '/api/{team}/comments/{uuid}',
    body: { text: { html: '<p>Planted</p>' }, board_id: '{board}', item_id: '{item}', row_version: 1 },
  },
  {
    method: 'PUT',
    path: '/api/{team}/comments/{uuid}',
    body: {
      text: { html: '<p>Planted</p>' },
      board_id: '{board}',
      item_id: '{item}',
      parent_id: '{comment}',
      row_version: 1,
    },
  },
  {
    method: 'PUT',
    path: '/api/{team}/comments/{comment}',
    body: { text: { html: '<p>Hijacked</p>' }, board_id: '{board}', item_id: '{item}', row_version: 2 },
  },
  { method: 'DELETE', path: '/api/{team}/comments/{comment}' },
  { method: 'PUT', path: '/api/{team}/comments/{comment}/pin', body: { pinned: true } },
  {
    method: 'PUT',
    path: '/api/{team}/comment-reaction/{uuid}',
    body: { comment_id: '{comment}', reaction: '👍' },
  },
  {
    method: 'POST',
    path: '/api/{team}/save-multiple',
    body: [{ type: 'comment', op: 'delete', id: '{comment}' }],
  },
  { method: 'GET', path: '/api/{team}/items/{item}/follow' },
  { method: 'PUT', path: '/api/{team}/items/{item}/follow', body: { following: true } },
  { method: 'GET', path: '/api/{team}/items/{item}/followers' },
  { method: 'POST', path: '/api/{team}/items/{item}/followers', body: { user_ids: ['{member}'] } },
  { method: 'GET', path: '/api/{team}/folders/{folder}/views' },
  { method: 'GET', path: '/api/{team}/folders/{folder}/export' },
  { method: 'GET', path: '/api/{team}/folders/{folder}/export?view_id={view}' },
  {
    method: 'PUT',
    path: '/api/{team}/views/{uuid}',
    body: { folder_id: '{folder}', type: 'table', name: 'Planted', row_version: 1 },
  },
  {
    method: 'PUT',
    path: '/api/{team}/views/{view}',
    body: { folder_id: '{folder}', type: 'table', name: 'Hijacked', row_version: 2 },
  },
  { method: 'DELETE', path: '/api/{team}/views/{view}' },
  { method: 'GET', path: '/api/{team}/views/{view}/calendar-feed' },
  { method: 'POST', path: '/api/{team}/views/{view}/calendar-feed' },
  { method: 'DELETE', path: '/api/{team}/views/{view}/calendar-feed' },
  { method: 'GET', path: '/api/{team}/views/{view}/follow' },
  { method: 'PUT', path: '/api/{team}/views/{view}/follow', body: { following: true } },
  { method: 'GET', path: '/api/{team}/views/{view}/followers' },
  { method: 'POST', path: '/api/{team}/views/{view}/followers', body: { user_ids: ['{member}'] } },
  {
    method: 'POST',
    path: '/api/{team}/save-multiple',
    body: [{ type: 'view', op: 'delete', id: '{view}' }],
  },
  // Uploads check the workspace (and board) before reading a byte: no body is needed to be refused.
  { method: 'POST', path: '/api/{team}/attachments' },
  { method: 'POST', path: '/api/{team}/attachments?board_id={board}' },
  { method: 'GET', path: '/api/{team}/attachments/{uuid}' },
  { method: 'GET', path: '/api/{team}/attachments/{uuid}/file' },
  { method: 'GET', path: '/api/{team}/boards/{board}/trash' },
  { method: 'GET', path: '/api/{team}/boards/{board}/trash?limit=5' },
  {
    method: 'POST',
    path: '/api/{team}/boards/{board}/trash/restore',
    body: { records: [{ type: 'item', id: '{item}' }] },
  },
  {
    method: 'POST',
    path: '/api/{team}/boards/{board}/trash/restore',
    body: {
      records: [
        { type: 'folder', id: '{folder}' },
        { type: 'attribute', id: '{attribute}' },
      ],
    },
  },
  {
    method: 'DELETE',
    path: '/api/{team}/boards/{board}/trash',
    body: { records: [{ type: 'item', id: '{item}' }] },
  },
  {
    method: 'DELETE',
    path: '/api/{team}/boards/{board}/trash',
    body: {
      records: [
        { type: 'folder', id: '{folder}' },
        { type: 'attribute', id: '{attribute}' },
      ],
    },
  },
  { method: 'POST', path: '/api/me/invitations/{invitation}/accept' },
  { method: 'DELETE', path: '/api/me/invitations/{invitation}' },
  // Notifications belong to their recipient: others' ids are ignored, so the answer counts none.
  {
    method: 'PUT',
    path: '/api/notifications/read',
    body: { notification_ids: ['{notification}'] },
    refusesAll: (body) => (body as { updated: number }).updated === 0,
  },
  {
    method: 'PUT',
    path: '/api/notifications/unread',
    body: { notification_ids: ['{notification}', '{uuid}'] },
    refusesAll: (body) => (body as { updated: number }).updated === 0,
  },
  // The caller's own list (it has no foreign id to ask for): only the canary check applies.
  { method: 'GET', path: '/api/notifications', refusesAll: () => true },
  { method: 'GET', path: '/api/notifications?unread=1', refusesAll: () => true },
  // Device tokens belong to their person: another's is never removed.
  {
    method: 'DELETE',
    path: '/api/notifications/device-tokens',
    body: { token: { endpoint: '{device}' } },
    refusesAll: (body) => (body as { removed: boolean }).removed === false,
  },
  // The anonymous unsubscribe link with another person's id and a signature that is not theirs.
  { method: 'GET', path: '/api/unsubscribe?u={member}&e=4102444800&s={uuid}' },
  { method: 'POST', path: '/api/unsubscribe?u={member}&e=4102444800&s={uuid}' },
  // A calendar feed's anonymous document with a made-up token (the token is its only credential).
  { method: 'GET', path: '/api/calendar-feeds/{uuid}AAAAAAA.ics' },
  // A public form by another workspace's view id: only a shared form view answers (this is not one).
  { method: 'GET', path: '/api/public/forms/{view}' },
  {
    method: 'POST',
    path: '/api/public/forms/{view}/submissions',
    body: { values: { '{attribute}': 'planted' }, challenge: { token: '1.a.b', nonce: '0' } },
  },
  // The same with files: a body that is not multipart is refused before the form is looked up.
  {
    method: 'POST',
    path: '/api/public/forms/{view}/submissions/files',
    body: { values: { '{attribute}': 'planted' }, challenge: { token: '1.a.b', nonce: '0' } },
  },
  // What another workspace shares with anyone.
  { method: 'GET', path: '/api/{team}/shared-links' },
  // A published documents site by another workspace's ids: only a published documents view answers
  // (this is a calendar), and only under its own workspace's number.
  { method: 'GET', path: '/p/e{team}-{view}' },
  { method: 'GET', path: '/p/e{team}-{view}/page-{item}' },
  { method: 'GET', path: '/p/i{team}-{view}/page-{item}' },
  { method: 'GET', path: '/p/f{team}-{view}' },
  { method: 'GET', path: '/p/f{team}-{view}/files/{uuid}' },
  // A file of a published page, by another workspace's ids (no page of theirs holds it).
  { method: 'GET', path: '/p/e{team}-{view}/files/{uuid}' },
  { method: 'GET', path: '/p/i{team}-{view}/files/{uuid}' },
  // A board's sharing, read or changed by another workspace's ids; its public reads while the board
  // is not public (they answer only for a board its own managers made public).
  { method: 'GET', path: '/api/{team}/boards/{board}/sharing' },
  {
    method: 'PUT',
    path: '/api/{team}/boards/{board}/sharing',
    body: { is_public: true, show_folders: true },
  },
  { method: 'GET', path: '/api/public/boards/{board}' },
  { method: 'POST', path: '/api/public/boards/{board}/unlock', body: { password: 'guess' } },
  { method: 'GET', path: '/api/public/boards/{board}/folders/{folder}' },
  // A visitor's writes to a board that is not public, by another workspace's ids.
  { method: 'POST', path: '/api/public/boards/{board}/visitors' },
  {
    method: 'POST',
    path: '/api/public/boards/{board}/folders/{folder}/items',
    body: { values: { '{attribute}': 'Planted' } },
  },
  {
    method: 'PATCH',
    path: '/api/public/boards/{board}/items/{item}',
    body: { values: { '{attribute}': 'Planted' } },
  },
  { method: 'GET', path: '/api/public/boards/{board}/items/{item}/comments' },
  {
    method: 'POST',
    path: '/api/public/boards/{board}/items/{item}/comments',
    body: { text: { html: '<p>Planted</p>' }, name: 'Mallory' },
  },
  // A document's history by another workspace's ids.
  { method: 'GET', path: '/api/{team}/items/{item}/document/versions' },
  { method: 'GET', path: '/api/{team}/items/{item}/document/versions/{uuid}' },
  { method: 'POST', path: '/api/{team}/items/{item}/document/versions/{uuid}/restore' },
  // The service worker's anonymous check of a pushed notification, forged for another's.
  { method: 'GET', path: '/api/notifications/push-state?id={notification}&check={member}.4102444800.{uuid}' },
  // Search names its workspace: another's answers 404, and the caller's own finds none of its canary.
  { method: 'GET', path: '/api/search?q=canary&team_id={team}' },
  { method: 'GET', path: '/api/search?q=anary&team_id={team}&limit=50' },
];
