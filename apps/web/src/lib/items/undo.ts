import type { Item } from '@strata/contracts/items';
import type { RecordStore } from '@strata/sync/records/record-types';
import { api } from '../api';

/** What an undo step takes back; the toast names it ("Undone: …", "Redone: …"). */
export type UndoKind = 'edit' | 'move' | 'create' | 'delete';

/**
 * One step of the undo stack: one change the user made, a bulk change being one step, with its
 * inverse (undo) and the change itself again (redo). Steps are recorded by the writes of
 * item-writes.ts; the writes of an undo or a redo record none.
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
  /** Makes the change again after its undo; settles when every write it made is answered. */
  reapply(): Promise<void>;
  /** As `isShownAtOnce`, for `reapply` (a delete is redone only once the server answers). */
  isReappliedAtOnce: boolean;
}

/** An undo or a redo under way: `done` settles when it is applied. */
export interface UndoRun {
  step: UndoStep;
  done: Promise<void>;
}

export interface UndoStack {
  /** Records a new change; past the limit the oldest is dropped. A new change empties the redo stack. */
  push(step: UndoStep): void;
  /**
   * Takes the last step off the stack and starts its inverse; the step then waits to be redone.
   * A failure is not put back: what failed is reported, the step before it is next, and the
   * failed step cannot be redone.
   */
  undo(): UndoRun | undefined;
  /** Makes the last undone change again; it can then be undone again. Failures as for undo. */
  redo(): UndoRun | undefined;
  size(): number;
  redoSize(): number;
  clear(): void;
}

/** Steps kept per tab. */
export const UNDO_LIMIT = 50;

/** Starts `run` at once, so that what it shows at once is there when the caller gets the promise. */
function start(run: () => Promise<void>): Promise<void> {
  try {
    return run();
  } catch (error) {
    return Promise.reject(error);
  }
}

export function createUndoStack(limit = UNDO_LIMIT): UndoStack {
  let steps: UndoStep[] = [];
  let undone: UndoStep[] = [];
  /** Moves `step` from one stack to the other, and back out of it if the run fails. */
  const track = (step: UndoStep, done: Promise<void>, onto: () => UndoStep[]): UndoRun => {
    onto().push(step);
    done.catch(() => {
      const stack = onto();
      const index = stack.lastIndexOf(step);
      if (index >= 0) stack.splice(index, 1);
    });
    return { step, done };
  };
  return {
    push(step) {
      steps.push(step);
      if (steps.length > limit) steps = steps.slice(steps.length - limit);
      undone = [];
    },
    undo() {
      const step = steps.pop();
      if (!step) return undefined;
      return track(
        step,
        start(() => step.revert()),
        () => undone,
      );
    },
    redo() {
      const step = undone.pop();
      if (!step) return undefined;
      return track(
        step,
        start(() => step.reapply()),
        () => steps,
      );
    },
    size: () => steps.length,
    redoSize: () => undone.length,
    clear() {
      steps = [];
      undone = [];
    },
  };
}

/** This tab's undo stack (Ctrl/Cmd+Z, redo Ctrl/Cmd+Shift+Z and Ctrl+Y: features/items/use-undo-shortcut.ts). */
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
