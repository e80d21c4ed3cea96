import type { ItemTitle, ItemTitles } from '@strata/contracts/references';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * Titles of items the open folder does not hold (references to other folders and boards), read
 * through `GET /api/{teamId}/items/titles?ids=` and kept in this tab. The ids every cell asks for
 * while one render commits are sent together: one request per burst (up to 200 ids each).
 */

/** The route's limit of ids per request (contracts/references.ts ITEM_TITLES_MAX). */
const BATCH = 200;
/** A title read this long ago is read again the next time a cell shows it (renames elsewhere). */
const FRESH_MS = 60_000;
/** After a failed read (offline), the ids are asked for again no sooner than this. */
const RETRY_MS = 15_000;

/** The API client is loaded when titles are first asked for, not with every cell. */
const loadApi = () => import('../api');

interface Entry {
  /** The title; null: the item is gone or hidden from the caller; undefined: the read failed. */
  title: ItemTitle | null | undefined;
  at: number;
}

const entries = new Map<string, Entry>();
const inFlight = new Set<string>();
/** Ids waiting for the next flush, by workspace. */
const queued = new Map<number, Set<string>>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let version = 0;
const listeners = new Set<() => void>();

const keyOf = (teamId: number, id: string) => `${teamId}:${id}`;

function notify(): void {
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getVersion = () => version;

function isDue(teamId: number, id: string, now: number): boolean {
  const key = keyOf(teamId, id);
  if (inFlight.has(key)) return false;
  const entry = entries.get(key);
  if (!entry) return true;
  return now - entry.at >= (entry.title === undefined ? RETRY_MS : FRESH_MS);
}

async function readTitles(teamId: number, ids: readonly string[]): Promise<void> {
  let answer: ItemTitles | undefined;
  try {
    const { api } = await loadApi();
    answer = await api.get<ItemTitles>(`/api/${teamId}/items/titles?ids=${ids.join(',')}`);
  } catch {
    answer = undefined;
  }
  const at = Date.now();
  for (const id of ids) {
    const key = keyOf(teamId, id);
    inFlight.delete(key);
    const known = entries.get(key);
    // A failed read keeps a title read before rather than forgetting it.
    if (answer === undefined && known?.title) entries.set(key, { ...known, at });
    else entries.set(key, { title: answer === undefined ? undefined : (answer[id] ?? null), at });
  }
  notify();
}

function flush(): void {
  flushTimer = null;
  const batches = [...queued];
  queued.clear();
  for (const [teamId, set] of batches) {
    const ids = [...set];
    for (let start = 0; start < ids.length; start += BATCH) {
      const chunk = ids.slice(start, start + BATCH);
      for (const id of chunk) inFlight.add(keyOf(teamId, id));
      void readTitles(teamId, chunk);
    }
  }
}

/** Asks for the titles of these items (those not known, or known for a while) in the next burst. */
export function requestItemTitles(teamId: number, ids: readonly string[]): void {
  const now = Date.now();
  for (const id of ids) {
    if (!isDue(teamId, id, now)) continue;
    let set = queued.get(teamId);
    if (!set) {
      set = new Set();
      queued.set(teamId, set);
    }
    set.add(id);
  }
  if (queued.size > 0 && flushTimer === null) flushTimer = setTimeout(flush, 0);
}

/** Titles learnt elsewhere (the picker's search answers them): cells show them without a request. */
export function rememberItemTitles(teamId: number, titles: ItemTitles): void {
  const at = Date.now();
  for (const [id, title] of Object.entries(titles)) entries.set(keyOf(teamId, id), { title, at });
  notify();
}

/** The title known for an item: a title, null (gone or hidden), or undefined (not read yet, or failed). */
export function knownItemTitle(teamId: number, id: string): ItemTitle | null | undefined {
  return entries.get(keyOf(teamId, id))?.title;
}

/**
 * The titles of these items, asked for when the component commits and followed as they arrive.
 * Answers a lookup: a title, null for an item the caller cannot see (or that is gone), undefined
 * while unknown. Without a workspace (outside a board) nothing is read.
 */
export function useItemTitles(
  teamId: number | undefined,
  ids: readonly string[],
): (id: string) => ItemTitle | null | undefined {
  const current = useSyncExternalStore(subscribe, getVersion, getVersion);
  const wanted = ids.join(',');
  useEffect(() => {
    if (teamId !== undefined && wanted !== '') requestItemTitles(teamId, wanted.split(','));
  }, [teamId, wanted]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` is the cache's version: a new lookup when titles arrive
  return useCallback(
    (id: string) => (teamId === undefined ? undefined : knownItemTitle(teamId, id)),
    [teamId, current],
  );
}

/** Tests: forget every title and pending request. */
export function resetItemTitles(): void {
  if (flushTimer !== null) clearTimeout(flushTimer);
  flushTimer = null;
  entries.clear();
  inFlight.clear();
  queued.clear();
  notify();
}
