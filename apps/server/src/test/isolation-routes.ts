/**
 * Every tenant route, for the isolation harness. Each later resource adds its routes here:
 * `ids` names the placeholders the harness fills with ids of other workspaces (or mixes with the
 * caller's own, for requests with two ids).
 */
export interface TenantRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Placeholders: {team} a workspace id, {member} a user id of a workspace member. */
  path: string;
  body?: Record<string, unknown>;
}

export const TENANT_ROUTES: TenantRoute[] = [
  { method: 'GET', path: '/api/teams/{team}' },
  { method: 'PUT', path: '/api/teams/{team}', body: { name: 'Hijacked' } },
  { method: 'DELETE', path: '/api/teams/{team}' },
  { method: 'GET', path: '/api/teams/{team}/members' },
  { method: 'GET', path: '/api/teams/{team}/members/count' },
  { method: 'PUT', path: '/api/teams/{team}/members/{member}', body: { role: 'admin' } },
  { method: 'DELETE', path: '/api/teams/{team}/members/{member}' },
  { method: 'DELETE', path: '/api/teams/{team}/leave' },
  { method: 'GET', path: '/api/{team}/permissions/access?resource_type=workspace&resource_id={team}' },
  { method: 'DELETE', path: '/api/teams/{team}/photo' },
  { method: 'GET', path: '/api/{team}/features' },
  { method: 'GET', path: '/api/{team}/permissions' },
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
];
