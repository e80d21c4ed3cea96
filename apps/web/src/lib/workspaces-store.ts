import type { Team } from '@strata/contracts/teams';
import type { RecordStore } from '@strata/sync/records/record-types';
import { api } from './api';
import { onSync } from './connection';
import { createHttpTransport } from './records/http-transport';
import { forgetTeamStores, recordStore } from './records/stores';
import { useRecordCollection } from './records/use-record-collection';
import { useConflictNotices } from './records/use-records';
import { useSession } from './session';
import { useChannel } from './use-channel';

let current: RecordStore<Team> | null = null;
let currentUserId: number | null = null;

/**
 * The signed-in user's workspaces as a record store: kept in IndexedDB (a reload offline still
 * lists them), renamed with compare-and-set, and updated by pushes that are applied only when
 * newer (team.updated).
 */
export function workspacesStore(userId: number): RecordStore<Team> {
  currentUserId = userId;
  current = recordStore<Team>({
    name: `u${userId}:workspaces`,
    // teamPaths.myWorkspaces, written out: importing the contract would bring zod into the first load.
    indexPath: '/api/me/workspaces',
    transport: createHttpTransport<Team>({
      recordPath: (team) => `/api/teams/${team.id}`,
      body: (team) => ({ name: team.name, row_version: team.row_version }),
      queue: true,
    }),
  });
  return current;
}

/** Reloads the list (joined, left, created, deleted, a new role): what the server says wins. */
export function refreshWorkspaces(): Promise<void> {
  const store = current;
  if (!store) return Promise.resolve();
  const before = store.getSnapshot();
  const userId = currentUserId;
  return (store.isInitialized() ? store.refresh() : store.initialize()).then(
    () => {
      // The stores of workspaces that left the list go: nothing may reload them (they answer 404).
      if (userId === null) return;
      for (const team of before) if (!store.find(team.id)) forgetTeamStores(userId, team.id);
    },
    () => undefined,
  );
}

// Back from offline, the sync reloads the list with everything else (changes missed meanwhile).
onSync(() => refreshWorkspaces());

/** A pushed change of a workspace's own fields (team.updated), applied if its row_version is newer. */
export function receiveWorkspaceUpdate(payload: unknown): void {
  const update = payload as { id?: number; row_version?: number; data?: Partial<Team> } | null;
  const local = update?.id === undefined ? undefined : current?.find(update.id);
  if (!local || typeof update?.row_version !== 'number') return;
  current?.receive({ ...local, ...update.data, row_version: update.row_version });
}

/**
 * Renames a workspace through the store: the list shows the new name at once, the save carries
 * row_version for compare-and-set, and offline it waits in the queue. A 409 puts the server's copy
 * back and raises a conflict notice.
 */
export function renameWorkspace(team: Team, name: string): Promise<Team> {
  const local = current?.find(team.id);
  if (!current || !local) return api.put<Team>(`/api/teams/${team.id}`, { name }, { queue: true });
  return current.save({ ...local, name });
}

/** The conflict notices of the workspace list; mounted once, by the shell. */
export function useWorkspaceConflictNotices(): void {
  const { profile } = useSession();
  useConflictNotices(profile ? workspacesStore(profile.id) : null);
}

/**
 * Follows one workspace's own channel for changes of its shared fields (a rename elsewhere shows
 * in this list at once). Several listeners of one channel share one subscription.
 */
export function useWorkspaceUpdates(teamId: number, onUpdate?: (payload: unknown) => void): void {
  useChannel(`private-team.${teamId}.users`, {
    'team.updated': (payload) => {
      receiveWorkspaceUpdate(payload);
      onUpdate?.(payload);
    },
  });
}

export interface WorkspacesView {
  /** Undefined until the list is known (from this device or the server). */
  data: readonly Team[] | undefined;
  isPending: boolean;
  isError: boolean;
}

export function useWorkspaces(): WorkspacesView {
  const { profile } = useSession();
  const store = profile ? workspacesStore(profile.id) : null;
  const { data, isPending, isError } = useRecordCollection(store);
  return { data, isPending, isError };
}
