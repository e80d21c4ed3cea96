// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, test, vi } from 'vitest';
import { createHttpTransport } from './records/http-transport';
import { openRecordStoresNamed, recordStore } from './records/stores';
import { refreshWorkspaces, workspacesStore } from './workspaces-store';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const team = (id: number) => ({ id, name: `Team ${id}`, row_version: 1, owner_id: 1, user_role: 'owner' });

describe('a workspace that leaves the list', () => {
  test('takes its stores out of the tab, so that no refresh asks for it again', async () => {
    let listed = [team(1), team(2)];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify(listed), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    const store = workspacesStore(41);
    await store.initialize();
    const other = (teamId: number) =>
      recordStore({
        name: `u41:t${teamId}:boards`,
        indexPath: `/api/${teamId}/boards`,
        autoInitialize: false,
        transport: createHttpTransport({ recordPath: () => '/unused' }),
      });
    other(1);
    other(2);
    expect(openRecordStoresNamed('u41:t2:')).toHaveLength(1);

    listed = [team(1)];
    await refreshWorkspaces();
    expect(openRecordStoresNamed('u41:t2:')).toEqual([]);
    expect(openRecordStoresNamed('u41:t1:')).toHaveLength(1);
  });
});
