import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';

/** Automations through the API in tests (docs/automations.md). */
export function automationApi(api: ReturnType<typeof itemApi>, s: Seeded) {
  const save = (token: string, id: string, body: Record<string, unknown>) =>
    api.send('PUT', `/api/${s.team.id}/automations/${id}`, token, body);
  const list = (token: string, boardId: string) =>
    api.send('GET', `/api/${s.team.id}/boards/${boardId}/automations`, token);
  const remove = (token: string, id: string) =>
    api.send('DELETE', `/api/${s.team.id}/automations/${id}`, token);
  const runs = (token: string, id: string) =>
    api.send('GET', `/api/${s.team.id}/automations/${id}/runs`, token);
  const usage = (token: string) => api.send('GET', `/api/${s.team.id}/automations/usage`, token);

  /** A new automation saved by the owner; expects 200. */
  async function create(
    boardId: string,
    recipe: Record<string, unknown>,
    body: Record<string, unknown> = {},
  ) {
    const id = uuid();
    const res = await save(s.owner.token, id, {
      board_id: boardId,
      name: 'An automation',
      enabled: true,
      recipe,
      row_version: 1,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; row_version: number; enabled: boolean };
  }

  return { save, list, remove, runs, usage, create };
}

/** What an automations suite works with: the app, its API helpers and a seeded workspace. */
export interface AutomationSuite {
  t: TestApp;
  api: ReturnType<typeof itemApi>;
  s: Seeded;
  a: ReturnType<typeof automationApi>;
}

/** A test app with a seeded workspace, for a suite's beforeAll (close `t` after). */
export async function openAutomationSuite(): Promise<AutomationSuite> {
  const t = await createTestApp();
  const api = itemApi(t);
  const s = await seedWorkspace(t);
  return { t, api, s, a: automationApi(api, s) };
}
