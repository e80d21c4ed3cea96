import {
  createDeltaSync,
  type DeltaChange,
  type DeltaPage,
  type DeltaSync,
} from '@strata/sync/records/delta-sync';
import type { RecordId, SyncedRecord } from '@strata/sync/records/record-rules';
import type { RecordStore } from '@strata/sync/records/record-types';
import { api } from '../api';
import { openRecordStoresNamed } from './stores';

/**
 * Catching a workspace's open board collections up with the server through delta sync
 * (docs/delta-sync.md): one `GET /api/{teamId}/changes?since=` for all of them, instead of reading
 * every list again, when the real-time channels start delivering (what changed between the
 * lists' load and the subscription would be missed otherwise) and back from offline.
 *
 * Each store knows the change number its list covers (`cursor()`, from the list's X-Change-Seq).
 * The pull starts from the lowest of them, its changes go to the stores they belong to, and each
 * store that took part then covers the pull's cursor. A store without a cursor reads its list again.
 */

type Kind = 'board' | 'folder' | 'attribute' | 'item' | 'view';

/** The collections delta sync feeds here, by the end of their store names (boards-store.ts, ...). */
const KIND_SUFFIX: Record<Kind, string> = {
  board: ':boards',
  folder: ':folders',
  attribute: ':attributes',
  item: ':items',
  view: ':views',
};
const KINDS = Object.keys(KIND_SUFFIX) as Kind[];

interface Named {
  name: string;
  store: RecordStore<SyncedRecord>;
}

/** The end of the name of the store that holds a record (its board's, its folder's). */
function ownerSuffix(kind: Kind, data: Record<string, unknown>): string {
  switch (kind) {
    case 'board':
      return ':boards';
    case 'folder':
      return `:b${String(data.board_id)}:folders`;
    case 'attribute':
      return `:b${String(data.board_id)}:attributes`;
    case 'item':
      return `:f${String(data.folder_id)}:items`;
    case 'view':
      return `:f${String(data.folder_id)}:views`;
  }
}

const asRecord = (change: DeltaChange): SyncedRecord =>
  ({ ...(change.data as object), row_version: change.row_version }) as SyncedRecord;

interface TeamSync {
  delta: DeltaSync;
  /** The stores of the pull that runs: those whose cursor it starts from or passes. */
  participants: Named[];
  timer: ReturnType<typeof setTimeout> | null;
  waiting: Waiter[];
  /** Whether one of the workspace's channels has started delivering in this page. */
  isSubscribed: boolean;
  /** Stores loaded from their kept copies before that: caught up by the subscription's pull. */
  deferred: Waiter[];
  fallback: ReturnType<typeof setTimeout> | null;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

const teams = new Map<string, TeamSync>();

function openStores(prefix: string, kind?: Kind): Named[] {
  const kinds = kind ? [kind] : KINDS;
  // A store still loading takes part when it has a cursor: it is being caught up from its kept copy.
  return openRecordStoresNamed(prefix).filter(
    ({ name, store }) =>
      (store.isInitialized() || store.cursor() !== undefined) &&
      kinds.some((k) => name.endsWith(KIND_SUFFIX[k])),
  );
}

/** Merges each changed record into the store of its board or folder; a moved item leaves the others. */
function applyChanges(prefix: string, kind: Kind, changes: DeltaChange[]): void {
  const stores = openStores(prefix, kind);
  const byStore = new Map<Named, SyncedRecord[]>();
  const owners = new Map<RecordId, string>();
  for (const change of changes) {
    const suffix = ownerSuffix(kind, change.data as Record<string, unknown>);
    owners.set(change.id, suffix);
    const owner = stores.find(({ name }) => name.endsWith(suffix));
    if (owner) byStore.set(owner, [...(byStore.get(owner) ?? []), asRecord(change)]);
  }
  for (const [{ store }, records] of byStore) store.merge(records);
  for (const { name, store } of stores) {
    const elsewhere = [...owners].filter(([id, suffix]) => !name.endsWith(suffix) && store.find(id));
    if (elsewhere.length > 0) store.forget(elsewhere.map(([id]) => id));
  }
}

/** A snapshot (the server started over): every open store gets exactly its share of it. */
function replaceAll(prefix: string, kind: Kind, changes: DeltaChange[]): void {
  for (const entry of openStores(prefix, kind)) {
    const share = changes.filter((change) =>
      entry.name.endsWith(ownerSuffix(kind, change.data as Record<string, unknown>)),
    );
    entry.store.replace(share.map(asRecord));
  }
}

function teamSync(userId: number, teamId: number): TeamSync {
  const prefix = `u${userId}:t${teamId}:`;
  let sync = teams.get(prefix);
  if (sync) return sync;
  const state: TeamSync = {
    participants: [],
    timer: null,
    waiting: [],
    isSubscribed: false,
    deferred: [],
    fallback: null,
    delta: null as never,
  };
  state.delta = createDeltaSync({
    fetchChanges: (since) => api.get<DeltaPage>(`/api/${teamId}/changes?since=${since}&limit=1000`),
    cursor: {
      get() {
        state.participants = openStores(prefix).filter(({ store }) => store.cursor() !== undefined);
        const cursors = state.participants.map(({ store }) => store.cursor()!);
        return cursors.length > 0 ? Math.min(...cursors) : undefined;
      },
      set(cursor) {
        for (const { store } of state.participants) store.raiseCursor(cursor);
      },
    },
    handlers: Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        {
          apply: (changes: DeltaChange[]) => applyChanges(prefix, kind, changes),
          remove: (ids: RecordId[]) => {
            for (const { store } of openStores(prefix, kind)) store.forget(ids);
          },
          replace: (changes: DeltaChange[]) => replaceAll(prefix, kind, changes),
        },
      ]),
    ),
  });
  sync = state;
  teams.set(prefix, sync);
  return sync;
}

/** Waits for the next pull of a workspace, with the stores that have no cursor read again. */
async function runCatchUp(userId: number, teamId: number, sync: TeamSync): Promise<void> {
  const prefix = `u${userId}:t${teamId}:`;
  const withoutCursor = openStores(prefix).filter(({ store }) => store.cursor() === undefined);
  const refreshed = Promise.all(withoutCursor.map(({ store }) => store.refresh()));
  const hasCursors = openStores(prefix).some(({ store }) => store.cursor() !== undefined);
  await Promise.all([refreshed, hasCursors ? sync.delta.pull() : undefined]);
}

/** Calls within this window share one pull: the record and board channels subscribe together. */
const GATHER_MS = 50;

/**
 * Brings the open boards, folders, attributes, items and views of a workspace up to date with the
 * server: one delta pull (a server reset replaces them with its snapshot), plus a fresh list for
 * any store whose list came without a cursor. Calls close together share one pull. Called when
 * the workspace's channels start delivering, which the stores loaded before then wait for.
 */
export function catchUpTeam(userId: number, teamId: number): Promise<void> {
  const sync = teamSync(userId, teamId);
  sync.isSubscribed = true;
  if (sync.fallback !== null) clearTimeout(sync.fallback);
  sync.fallback = null;
  return new Promise<void>((resolve, reject) => {
    gatherPull(userId, teamId, sync, [...sync.deferred.splice(0), { resolve, reject }]);
  });
}

/**
 * How long a store loaded from its kept copy waits for the workspace's channels to start
 * delivering before it is caught up on its own (no real-time connection: blocked, or off).
 */
const SUBSCRIPTION_WAIT_MS = 6_000;

/**
 * Catches up a store loaded from its kept copy. Before the workspace's channels deliver, a pull
 * now would have to be made again once they do (what changed in between would be missed), so it
 * waits for that one pull: a page's first load asks for its changes once. Afterwards (a folder
 * opened later) it pulls at once.
 */
export function catchUpTeamOnLoad(userId: number, teamId: number): Promise<void> {
  const sync = teamSync(userId, teamId);
  return new Promise<void>((resolve, reject) => {
    if (sync.isSubscribed) return gatherPull(userId, teamId, sync, [{ resolve, reject }]);
    sync.deferred.push({ resolve, reject });
    sync.fallback ??= setTimeout(() => {
      sync.fallback = null;
      gatherPull(userId, teamId, sync, sync.deferred.splice(0));
    }, SUBSCRIPTION_WAIT_MS);
  });
}

/** The waiters join the pull that starts GATHER_MS after the first of them. */
function gatherPull(userId: number, teamId: number, sync: TeamSync, waiters: Waiter[]): void {
  sync.waiting.push(...waiters);
  if (sync.timer !== null) return;
  sync.timer = setTimeout(() => {
    sync.timer = null;
    const waiting = sync.waiting.splice(0);
    runCatchUp(userId, teamId, sync).then(
      () => {
        for (const caller of waiting) caller.resolve();
      },
      (error: unknown) => {
        for (const caller of waiting) caller.reject(error);
      },
    );
  }, GATHER_MS);
}
