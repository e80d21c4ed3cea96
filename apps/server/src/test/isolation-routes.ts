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
   * {board} and {folder} a board and a folder of a workspace, {new} a fresh board or folder id.
   */
  path: string;
  body?: Record<string, unknown>;
  /**
   * For routes that answer 2xx by design and refuse inside the body (channel authorisation):
   * true when the body refuses everything asked.
   */
  refusesAll?: (body: unknown) => boolean;
}

export const TENANT_ROUTES: TenantRoute[] = [
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
  { method: 'POST', path: '/api/me/invitations/{invitation}/accept' },
  { method: 'DELETE', path: '/api/me/invitations/{invitation}' },
];
