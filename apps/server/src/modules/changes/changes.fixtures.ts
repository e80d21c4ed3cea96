import type { ChangesPage } from '@strata/contracts/changes';
import type { Role } from '@strata/domain/permissions/actions';
import { expect } from 'vitest';
import { teamMembers } from '../../db/schema/teams';
import { noteChanges } from '../../events/change-log';
import { quickUser } from '../../test/quick-user';
import type { TestApp } from '../../test/test-app';

export type Person = { id: number; token: string; email: string };
export type Seeded = Awaited<ReturnType<typeof seedWorkspace>>;

/**
 * A workspace with one person per role and a pending invitation (as guest, so the free plan's
 * five seats leave room for one more) of someone who has an account and can accept or decline.
 */
export async function seedWorkspace(t: TestApp) {
  const ctx = t.app.ctx;
  const owner = await quickUser(ctx, { name: 'Owner' });
  const created = await t.request({
    method: 'POST',
    url: '/api/teams',
    token: owner.token,
    json: { name: 'Synced' },
  });
  expect(created.statusCode).toBe(201);
  const team = created.json() as { id: number };
  const people = {} as Record<Exclude<Role, 'owner'>, Person>;
  for (const role of ['admin', 'full-member', 'restricted-member', 'guest'] as const) {
    const person = await quickUser(ctx, { name: `A ${role}` });
    // As joining does: the membership and its change in one transaction.
    await ctx.db.transaction(async (tx) => {
      await tx.insert(teamMembers).values({ teamId: team.id, userId: person.id, role });
      await noteChanges(tx, team.id, [
        { type: 'member', id: person.id },
        { type: 'team', id: team.id },
      ]);
    });
    people[role] = person;
  }
  const invitee = await quickUser(ctx, { name: 'Invitee' });
  const invited = await t.request({
    method: 'POST',
    url: `/api/teams/${team.id}/members`,
    token: owner.token,
    json: { invitations: [{ email: invitee.email, role: 'guest' }] },
  });
  expect(invited.statusCode).toBe(200);
  const outsider = await quickUser(ctx, { name: 'Outsider' });
  return { team, owner, ...people, invitee, outsider };
}

/** GET /api/{teamId}/changes with a query string. */
export function requestChanges(t: TestApp, token: string, teamId: number, query = '') {
  return t.request({ method: 'GET', url: `/api/${teamId}/changes${query}`, token });
}

/** One page, which must be a 200. */
export async function pull(t: TestApp, token: string, teamId: number, since?: number, limit?: number) {
  const params = new URLSearchParams();
  if (since !== undefined) params.set('since', String(since));
  if (limit !== undefined) params.set('limit', String(limit));
  const res = await requestChanges(t, token, teamId, params.size > 0 ? `?${params}` : '');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChangesPage;
}

/** `type:id` keys, sorted: what a page changed or deleted, for comparing as sets. */
export const keysOf = (records: readonly { type: string; id: number | string }[]) =>
  records.map((r) => `${r.type}:${r.id}`).sort();

/** The record as its own GET answers it, to compare with what delta sync carried. */
export async function ownCopy(t: TestApp, token: string, teamId: number, type: string, id: number | string) {
  const get = async (url: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const byId = (list: { id?: number; resource_type?: string; resource_id?: string }[]) =>
    list.find((r) => (type === 'permission_record' ? `${r.resource_type}:${r.resource_id}` : r.id) === id);
  if (type === 'team') return get(`/api/teams/${teamId}`);
  if (type === 'member') return byId(await get(`/api/teams/${teamId}/members`));
  if (type === 'invitation') return byId(await get(`/api/teams/${teamId}/members/invitations`));
  if (type === 'permission_record') return byId(await get(`/api/${teamId}/permissions`));
  throw new Error(`no GET for ${type}`);
}
