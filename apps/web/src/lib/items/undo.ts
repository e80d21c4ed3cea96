import type { Item } from '@strata/contracts/items';
import type { RecordStore } from '@strata/sync/records/record-types';
import { api } from '../api';

/** What an undo step takes back; the toast names it ("Undone: …"). */
export type UndoKind = 'edit' | 'move' | 'create' | 'delete';

/**
 * One step of the undo stack: the inverse of one change the user made, a bulk change being one
 * step. Steps are recorded by the writes of item-writes.ts; an undo's own writes record none.
 */
export interface UndoStep {
  kind: UndoKind;
  /** How many items the change touched. */
  count: number;
  /**
   * True when the inverse shows at once (writes through a record store are optimistic; offline
   * they wait in the queue): the "Undone" toast need not wait for the server's answer.
   */
  isShownAtOnce: boolean;
  /** Applies the inverse; settles when every write it made is answered. */
  revert(): Promise<void>;
}

export interface UndoStack {
  /** Records a step; past the limit the oldest is dropped. */
  push(step: UndoStep): void;
  /**
   * Takes the last step off the stack and starts its inverse: `done` settles when it is applied
   * (a failure is not put back: what failed is reported, the step before it is next).
   */
  undo(): { step: UndoStep; done: Promise<void> } | undefined;
  size(): number;
  clear(): void;
}

/** Steps kept per tab. */
export const UNDO_LIMIT = 50;

export function createUndoStack(limit = UNDO_LIMIT): UndoStack {
  let steps: UndoStep[] = [];
  return {
    push(step) {
      steps.push(step);
      if (steps.length > limit) steps = steps.slice(steps.length - limit);
    },
    undo() {
      const step = steps.pop();
      if (!step) return undefined;
      // Started at once, so that what it shows at once is there when undo() returns.
      let done: Promise<void>;
      try {
        done = step.revert();
      } catch (error) {
        done = Promise.reject(error);
      }
      return { step, done };
    },
    size: () => steps.length,
    clear() {
      steps = [];
    },
  };
}

/** This tab's undo stack (Ctrl/Cmd+Z: features/items/use-undo-shortcut.ts). */
export const undoStack = createUndoStack();

/** Most records one trash restore may name (TRASH_MAX_RECORDS of contracts/trash.ts, without zod). */
const RESTORE_BATCH = 500;

/**
 * Brings deleted items back from their board's trash (`POST .../boards/{b}/trash/restore`; their
 * subitems come with them), then reloads the store they were deleted from so they show at once
 * (the board's channel announces them too). Not queued: a restore's result must be seen.
 */
export async function restoreItems(store: RecordStore<Item>, items: readonly Item[]): Promise<void> {
  const byBoard = new Map<string, { teamId: number; boardId: string; ids: string[] }>();
  for (const item of items) {
    const key = `${item.team_id}:${item.board_id}`;
    const entry = byBoard.get(key) ?? { teamId: item.team_id, boardId: item.board_id, ids: [] };
    entry.ids.push(item.id);
    byBoard.set(key, entry);
  }
  for (const { teamId, boardId, ids } of byBoard.values()) {
    for (let start = 0; start < ids.length; start += RESTORE_BATCH) {
      const records = ids.slice(start, start + RESTORE_BATCH).map((id) => ({ type: 'item' as const, id }));
      await api.post(`/api/${teamId}/boards/${encodeURIComponent(boardId)}/trash/restore`, { records });
    }
  }
  if (store.isInitialized()) await store.refresh().catch(() => undefined);
}
