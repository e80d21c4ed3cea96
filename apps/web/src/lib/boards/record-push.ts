import type { SyncedRecord } from '@strata/sync/records/record-rules';
import type { RecordStore } from '@strata/sync/records/record-types';

/**
 * One event of a workspace's record channel (`private-team.{id}.records`): `board.created`,
 * `folder.deleted`, ... A private board's events (and its folders') carry no `data`: every
 * member hears them, so they name nothing.
 */
export interface RecordPush<T> {
  type: string;
  id: string;
  row_version: number;
  data?: T;
}

/** The event's payload if it has the shape of a record push, else null (ignored). */
export function readPush<T>(payload: unknown): RecordPush<T> | null {
  const push = payload as Partial<RecordPush<T>> | null;
  if (!push || typeof push !== 'object') return null;
  if (typeof push.type !== 'string' || typeof push.id !== 'string' || typeof push.row_version !== 'number')
    return null;
  const data = push.data && typeof push.data === 'object' ? push.data : undefined;
  return { type: push.type, id: push.id, row_version: push.row_version, data };
}

export type PushOutcome = 'received' | 'forgotten' | 'refreshed' | 'ignored';

/**
 * Applies one pushed change to a store, by the record-sync rules: a deletion (the event, or a copy
 * marked deleted) forgets the record; a copy is received, which keeps the local one unless the
 * pushed row_version is higher; an event without data reloads the collection from the server
 * (what the caller may see of it), if it was loaded at all.
 */
export function applyPush<T extends SyncedRecord & { deleted?: boolean }>(
  store: RecordStore<T>,
  push: RecordPush<T>,
): PushOutcome {
  if (push.type.endsWith('.deleted') || push.data?.deleted) {
    if (!store.find(push.id)) return 'ignored';
    store.forget([push.id]);
    return 'forgotten';
  }
  if (push.data) {
    const before = store.find(push.id);
    store.receive(push.data);
    return store.find(push.id) === before ? 'ignored' : 'received';
  }
  if (!store.isInitialized()) return 'ignored';
  store.refresh().catch(() => undefined);
  return 'refreshed';
}

/**
 * The same payload reaches every listener of a channel (pusher-js hands each bound handler the
 * one parsed object): several screens following one workspace apply it once.
 */
export function createOncePerPayload(): (payload: unknown) => boolean {
  const seen = new WeakSet<object>();
  return (payload) => {
    if (!payload || typeof payload !== 'object') return true;
    if (seen.has(payload)) return false;
    seen.add(payload);
    return true;
  };
}
