/** A fake server for record-store tests: compare-and-set saves, all-or-nothing batches, scripted failures. */
import { HttpError } from '../http-client';
import type { RecordPersistence } from './persistence';
import type { RecordId, SyncedRecord } from './record-rules';
import { createRecordStore } from './record-store';
import type { RecordTransport, SaveOperation } from './record-types';

export interface Row extends SyncedRecord {
  id: string;
  name?: string;
  [field: string]: unknown;
}

export type Call =
  | { kind: 'index'; path: string }
  | { kind: 'put'; record: Row }
  | { kind: 'delete'; record: Row }
  | { kind: 'saveMultiple'; operations: SaveOperation<Row>[] };

export const T0 = '2026-06-01T09:00:00.000Z';

export function row(id: string, row_version: number, fields: Record<string, unknown> = {}): Row {
  return { id, row_version, created_at: T0, ...fields };
}

export function conflictError(current: Row | undefined): HttpError {
  const message = 'Updates overlapped, causing a hiccup. Please verify the latest data is correct.';
  return new HttpError(409, message, 'CONFLICT', undefined, undefined, undefined, {
    message,
    code: 'CONFLICT',
    current,
  });
}

export const serverError = () => new HttpError(500, 'Something Went Wrong', undefined, undefined, undefined);

/**
 * The server side of spec section 4: a put is applied only if its row_version is stored + 1 (else 409
 * with the current row), a delete of an unknown row is 404, save-multiple applies all or nothing.
 * `hold()` parks requests until released, to look at the store while requests are in flight.
 */
export function createFakeServer(initial: Row[] = []) {
  const rows = new Map<RecordId, Row>(initial.map((r) => [r.id, r]));
  const calls: Call[] = [];
  const failures: Error[] = [];
  let isSwallowing = false;
  const gates = new Map<string, Promise<void>>();
  let stamp = 0;

  async function enter(call: Call): Promise<void> {
    calls.push(structuredClone(call));
    if (isSwallowing) {
      isSwallowing = false;
      // Lost on the way (the tab closed): never answered, never applied.
      await new Promise<never>(() => {});
    }
    const gate = gates.get(call.kind) ?? gates.get('*');
    if (gate) await gate;
    const failure = failures.shift();
    if (failure) throw failure;
  }

  function applyPut(target: Map<RecordId, Row>, record: Row): Row {
    const stored = target.get(record.id);
    if (record.row_version !== (stored?.row_version ?? 0) + 1) throw conflictError(stored && { ...stored });
    stamp++;
    const saved = { ...record, updated_at: `2026-06-01T10:00:00.${String(stamp).padStart(3, '0')}Z` };
    target.set(record.id, saved);
    return saved;
  }

  function applyDelete(target: Map<RecordId, Row>, record: Row): void {
    if (!target.delete(record.id)) throw new HttpError(404, 'Not Found', 'NOT_FOUND', undefined, undefined);
  }

  const transport: RecordTransport<Row> = {
    async index(path) {
      await enter({ kind: 'index', path });
      return structuredClone([...rows.values()]);
    },
    async put(record) {
      await enter({ kind: 'put', record });
      return { ...applyPut(rows, record) };
    },
    async delete(record) {
      await enter({ kind: 'delete', record });
      applyDelete(rows, record);
    },
    async saveMultiple(operations) {
      await enter({ kind: 'saveMultiple', operations });
      const working = new Map(rows);
      const saved: Row[] = [];
      for (const { method, record } of operations) {
        if (method === 'put') saved.push({ ...applyPut(working, record) });
        else applyDelete(working, record);
      }
      rows.clear();
      for (const [id, r] of working) rows.set(id, r);
      return saved;
    },
  };

  return {
    transport,
    rows,
    calls,
    /** The next request is never answered and never reaches the server (false takes it back). */
    swallowNext(on = true) {
      isSwallowing = on;
    },
    /** Requests after this one fail in turn with these errors. */
    failNext(...errors: Error[]) {
      failures.push(...errors);
    },
    /** Parks requests of these kinds (all kinds when none is named) until the returned function is called. */
    hold(...kinds: Call['kind'][]): () => void {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const keys = kinds.length > 0 ? kinds : ['*'];
      for (const key of keys) gates.set(key, gate);
      return () => {
        for (const key of keys) if (gates.get(key) === gate) gates.delete(key);
        release();
      };
    },
    /** Someone else's change: the stored row moves on by one version; returns it, as a push would. */
    edit(id: string, fields: Record<string, unknown>): Row {
      const stored = rows.get(id);
      const next = {
        ...(stored ?? row(id, 0)),
        ...fields,
        row_version: (stored?.row_version ?? 0) + 1,
      };
      rows.set(id, next);
      return { ...next };
    },
    sent(): Call['kind'][] {
      return calls.filter((c) => c.kind !== 'index').map((c) => c.kind);
    },
  };
}

/** Lets queued promise callbacks run (several hops: the store awaits inside awaits). */
export async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

export const NOW = '2026-06-01T12:00:00.000Z';
export const INDEX = '/api/7/items';

export function setup(
  options: {
    rows?: Row[];
    indexPath?: string | null;
    autoInitialize?: boolean;
    persistence?: RecordPersistence;
    pretend?: boolean;
    server?: ReturnType<typeof createFakeServer>;
  } = {},
) {
  const server = options.server ?? createFakeServer(options.rows ?? []);
  const mode = { pretend: options.pretend ?? false };
  const store = createRecordStore<Row>({
    name: 'items',
    transport: server.transport,
    indexPath: options.indexPath === null ? undefined : (options.indexPath ?? INDEX),
    autoInitialize: options.autoInitialize,
    persistence: options.persistence,
    now: () => new Date(NOW),
    isPretend: () => mode.pretend,
  });
  return { server, store, mode };
}

export async function loaded(rows: Row[]) {
  const context = setup({ rows });
  await context.store.ready;
  return context;
}

export const byId = (rows: readonly Row[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
