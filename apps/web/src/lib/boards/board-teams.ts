import { useSyncExternalStore } from 'react';
import { readStoredJson, writeStoredJson } from '../stored-json';

/**
 * Which workspace holds a board, as this device last saw it. The board page's address names no
 * workspace; with this a reload opens the board's stores (and their copies kept on the device)
 * at once instead of asking `GET /api/boards/{id}` first. A board the remembered workspace turns
 * out not to hold is forgotten and looked up again.
 */
const KEY = 'strata.board-teams';
/** Enough for every board a person works in; the oldest go first. */
const MAX_ENTRIES = 200;

const listeners = new Set<() => void>();
let version = 0;

function read(): Record<string, number> {
  const parsed = readStoredJson(KEY);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
}

function write(entries: Record<string, number>): void {
  // A full or blocked storage only costs the lookup request.
  writeStoredJson(KEY, entries);
  version++;
  for (const listener of listeners) listener();
}

const entryKey = (userId: number, boardId: string) => `${userId}:${boardId}`;

export function rememberedBoardTeam(userId: number, boardId: string): number | undefined {
  const teamId = read()[entryKey(userId, boardId)];
  return typeof teamId === 'number' ? teamId : undefined;
}

export function rememberBoardTeam(userId: number, boardId: string, teamId: number): void {
  const entries = read();
  const key = entryKey(userId, boardId);
  if (entries[key] === teamId) return;
  delete entries[key];
  entries[key] = teamId;
  const keys = Object.keys(entries);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete entries[old];
  write(entries);
}

export function forgetBoardTeam(userId: number, boardId: string): void {
  const entries = read();
  const key = entryKey(userId, boardId);
  if (!(key in entries)) return;
  delete entries[key];
  write(entries);
}

/** Re-renders when an entry is remembered or forgotten (a stale one forgotten starts a lookup). */
export function useBoardTeamsVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}
