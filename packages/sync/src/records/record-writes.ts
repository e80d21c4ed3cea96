import {
  hasChanged,
  isNewer,
  isSaveMethod,
  type RecordId,
  type SaveMethod,
  type SyncedRecord,
  withoutDraft,
} from './record-rules';
import type { RecordConflict, RecordTransport, SaveOperation } from './record-types';

/** The store's state as the writes see it; they mutate it and call commit() once per operation. */
export interface StoreCore<T extends SyncedRecord> {
  records: Map<RecordId, T>;
  /** Drafted ids and the copy each replaced (undefined for a record new in the draft). */
  readonly drafts: Map<RecordId, T | undefined>;
  /** Optimistic copies the server has not answered yet: a refresh must not drop them. */
  readonly attempts: Set<T>;
  set(id: RecordId, record: T): void;
  remove(id: RecordId): void;
  /** Sets the copy a draft rests on (what clearing restores and what persistence keeps). */
  setPrior(id: RecordId, prior: T | undefined): void;
  addConflict(conflict: RecordConflict<T>): void;
  /** Notifies subscribers and schedules persistence once for everything changed since the last commit. */
  commit(): void;
  now(): Date;
  isPretend(): boolean;
}

export interface RecordWriter<T extends SyncedRecord> {
  save(record: T): Promise<T>;
  delete(record: T): Promise<void>;
  transaction(operations: readonly SaveOperation<T>[]): Promise<T[]>;
}

interface Planned<T extends SyncedRecord> {
  method: SaveMethod;
  id: RecordId;
  /** What is sent: the optimistic copy for a put, the known copy for a delete. */
  payload: T;
  previous: T | undefined;
  /** Present when the id was drafted: the draft's prior copy, to restore the draft on failure. */
  draft: { prior: T | undefined } | undefined;
}

/** A 409's server copy, or null when the error is not a conflict. */
function conflictOf<T>(error: unknown): { current: T | undefined } | null {
  const failure = error as { status?: unknown; data?: { current?: unknown } } | null;
  if (failure?.status !== 409) return null;
  const current = failure.data?.current as T | undefined;
  return { current: current && typeof current === 'object' && 'id' in current ? current : undefined };
}

/**
 * Saves, deletes and batches with the rules of spec section 4: a save raises row_version by one at
 * once (the server's compare-and-set expects stored + 1) and is undone if it fails; a 409 puts the
 * server copy in place and records the conflict; a delete removes the record only once the server
 * confirmed it. One batch at a time: while it runs, single saves and deletes wait, then go in order.
 */
export function createRecordWriter<T extends SyncedRecord>(
  core: StoreCore<T>,
  transport: RecordTransport<T>,
): RecordWriter<T> {
  let isBatchRunning = false;
  const waiting: Array<() => void> = [];

  function whenFree<R>(run: () => Promise<R>): Promise<R> {
    if (!isBatchRunning) return run();
    return new Promise<R>((resolve, reject) => waiting.push(() => void run().then(resolve, reject)));
  }

  /** The copy a change is measured against: a draft's prior copy, else the local one. */
  function plan(method: SaveMethod, record: T): Planned<T> | null {
    const id = record.id;
    const draft = core.drafts.has(id) ? { prior: core.drafts.get(id) } : undefined;
    const baseline = draft ? draft.prior : core.records.get(id);
    const previous = core.records.get(id);
    const sent = withoutDraft(record);
    if (method === 'delete') {
      // A record that exists only as a draft never reached the server: drop it here.
      if (draft && draft.prior === undefined) {
        core.drafts.delete(id);
        core.remove(id);
        return null;
      }
      return { method, id, payload: baseline ?? sent, previous, draft };
    }
    if (!hasChanged(baseline, sent)) {
      // Nothing to send; a draft equal to its prior copy simply ends.
      if (draft && baseline) {
        core.drafts.delete(id);
        core.set(id, baseline);
      }
      return null;
    }
    const attempt = { ...sent, row_version: sent.row_version + 1 };
    core.drafts.delete(id);
    core.set(id, attempt);
    return { method, id, payload: attempt, previous, draft };
  }

  function settle(step: Planned<T>, saved: T): void {
    const { id, payload: attempt } = step;
    if (core.drafts.has(id)) {
      const prior = core.drafts.get(id);
      if (prior === attempt || (prior !== undefined && isNewer(saved, prior))) core.setPrior(id, saved);
      return;
    }
    const local = core.records.get(id);
    // A record gone meanwhile was deleted after this save: do not bring it back.
    if (local === attempt || (local !== undefined && isNewer(saved, local))) core.set(id, saved);
  }

  function revert(step: Planned<T>): void {
    const { id, payload: attempt, previous, draft } = step;
    if (core.records.get(id) !== attempt) {
      // A draft made over the attempt while it was in flight now rests on the copy before it.
      if (core.drafts.get(id) === attempt) core.setPrior(id, draft ? draft.prior : previous);
      return;
    }
    if (previous === undefined) core.remove(id);
    else core.set(id, previous);
    if (draft) core.setPrior(id, draft.prior);
  }

  function resolveConflict(step: Planned<T>, current: T | undefined): void {
    const { id, payload } = step;
    core.addConflict({ id, local: payload, server: current, at: core.now().toISOString() });
    if (current === undefined) {
      if (step.method === 'put') revert(step);
      return;
    }
    const local = core.records.get(id);
    if (core.drafts.has(id) && local !== payload) {
      // The user drafted again while this was in flight: keep the draft, on top of the server copy.
      core.setPrior(id, current);
      return;
    }
    if (local === undefined || local === payload || current.row_version >= local.row_version) {
      core.drafts.delete(id);
      core.set(id, current);
    }
  }

  function applyLocally(step: Planned<T>): void {
    if (step.method === 'delete') {
      core.drafts.delete(step.id);
      core.remove(step.id);
    }
  }

  async function send(steps: Planned<T>[], request: () => Promise<T[]>): Promise<T[]> {
    core.commit();
    if (steps.length === 0) return [];
    if (core.isPretend()) {
      for (const step of steps) applyLocally(step);
      core.commit();
      return steps.filter((s) => s.method === 'put').map((s) => s.payload);
    }
    const puts = steps.filter((s) => s.method === 'put');
    for (const step of puts) core.attempts.add(step.payload);
    try {
      const saved = await request();
      const byId = new Map(saved.map((record) => [record.id, record]));
      for (const step of steps) {
        if (step.method === 'delete') applyLocally(step);
        else settle(step, byId.get(step.id) ?? step.payload);
      }
      return puts.map((step) => byId.get(step.id) ?? step.payload);
    } catch (error) {
      const conflict = conflictOf<T>(error);
      const culprit = conflict && (steps.find((s) => s.id === conflict.current?.id) ?? steps[0]);
      for (const step of steps) {
        if (step === culprit) resolveConflict(step, conflict?.current);
        else if (step.method === 'put') revert(step);
      }
      throw error;
    } finally {
      for (const step of puts) core.attempts.delete(step.payload);
      core.commit();
    }
  }

  async function transaction(operations: readonly SaveOperation<T>[]): Promise<T[]> {
    if (isBatchRunning) throw new Error('Double transaction');
    for (const op of operations) {
      if (!isSaveMethod(op.method)) throw new Error(`Unknown save method: ${String(op.method)}`);
    }
    isBatchRunning = true;
    try {
      const steps = operations.map((op) => plan(op.method, op.record)).filter((s) => s !== null);
      return await send(steps, () =>
        transport.saveMultiple(steps.map((s) => ({ method: s.method, record: s.payload }))),
      );
    } finally {
      isBatchRunning = false;
      for (const start of waiting.splice(0)) start();
    }
  }

  return {
    save: (record) =>
      whenFree(async () => {
        const step = plan('put', record);
        if (step === null) {
          core.commit();
          return core.records.get(record.id) ?? record;
        }
        const [saved] = await send([step], async () => [await transport.put(step.payload)]);
        return saved!;
      }),
    delete: (record) =>
      whenFree(async () => {
        const step = plan('delete', record);
        await send(step ? [step] : [], async () => {
          await transport.delete(step!.payload);
          return [];
        });
      }),
    transaction,
  };
}
