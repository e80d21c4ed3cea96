import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createMemoryPersistence } from './persistence';
import { createRecordStore } from './record-store';
import { createFakeServer, INDEX, type Row, row, serverError } from './record-store.fixtures';
import type { RecordStore } from './record-types';

/**
 * The store against a reference model: the spec's rules written as plainly as possible, one request at
 * a time. Random sequences of local saves (fresh and stale), other users' edits (pushed, pushed late, or
 * only on the server), failures, deletes, drafts, flushes, refreshes, merges and reloads; after every
 * step the store must show what the model shows.
 */

type Id = 'a' | 'b' | 'c';
/** What the model keeps of a record; `disk` marks a copy read from persistence and not confirmed since. */
interface Copy {
  row_version: number;
  name?: string;
  draft?: true;
  disk?: true;
}

type Step =
  | { kind: 'save'; id: Id; name: string; stale: boolean }
  | { kind: 'remoteEdit'; id: Id; name: string; push: 'now' | 'never' | 'late' }
  | { kind: 'remoteDelete'; id: Id }
  | { kind: 'fail' }
  | { kind: 'delete'; id: Id }
  | { kind: 'draft'; id: Id; name: string }
  | { kind: 'clearDrafts' }
  | { kind: 'flush' }
  | { kind: 'refresh' }
  | { kind: 'merge' }
  | { kind: 'reload' }
  | { kind: 'crash'; id: Id; name: string };

const id = fc.constantFrom<Id>('a', 'b', 'c');
const name = fc.constantFrom('x', 'y', 'z');
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('save'), id, name, stale: fc.boolean() }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant('remoteEdit'),
      id,
      name,
      push: fc.constantFrom('now', 'never', 'late'),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('remoteDelete'), id }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('fail') }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('delete'), id }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('draft'), id, name }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('clearDrafts') }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('flush') }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('refresh') }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('merge') }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('reload') }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('crash'), id, name }), weight: 1 },
) as fc.Arbitrary<Step>;

const strip = ({ row_version, name }: Copy): Copy =>
  name === undefined ? { row_version } : { row_version, name };
const isChanged = (before: Copy | undefined, after: Copy) =>
  before === undefined || before.row_version !== after.row_version || before.name !== after.name;

function createModel() {
  const server = new Map<Id, Copy>();
  let client = new Map<Id, Copy>();
  let drafts = new Map<Id, Copy | undefined>();
  const model = { server, failures: 0, conflicts: 0, initialized: true };

  /** A request reaches the server unless a scripted failure eats it. */
  function reaches(): boolean {
    if (model.failures === 0) return true;
    model.failures--;
    return false;
  }
  const isNewer = (incoming: Copy, local: Copy | undefined) =>
    local === undefined || local.disk === true || incoming.row_version > local.row_version;
  const winner = (local: Copy | undefined, remote: Copy) =>
    local === undefined || local.disk || remote.row_version >= local.row_version ? remote : local;

  function restoreDraft(key: Id, prior: Copy | undefined) {
    drafts.delete(key);
    drafts.set(key, prior);
  }

  return {
    model,
    visible: (key: Id) => client.get(key),
    rows: () => client,
    hasDrafts: () => drafts.size > 0,
    save(key: Id, record: Copy) {
      const sent = strip(record);
      const isDrafted = drafts.has(key);
      const prior = drafts.get(key);
      const baseline = isDrafted ? prior : client.get(key);
      if (!isChanged(baseline, sent)) {
        if (isDrafted && baseline) {
          drafts.delete(key);
          client.set(key, baseline);
        }
        return;
      }
      const attempt = { ...sent, row_version: sent.row_version + 1 };
      if (!reaches()) {
        if (isDrafted) restoreDraft(key, prior);
        return;
      }
      const stored = server.get(key);
      if (attempt.row_version === (stored?.row_version ?? 0) + 1) {
        server.set(key, attempt);
        drafts.delete(key);
        client.set(key, attempt);
        return;
      }
      model.conflicts++;
      if (stored) {
        drafts.delete(key);
        client.set(key, stored);
      } else if (isDrafted) restoreDraft(key, prior);
    },
    receive(key: Id, copy: Copy) {
      if (drafts.has(key)) {
        if (isNewer(copy, drafts.get(key))) drafts.set(key, copy);
      } else if (isNewer(copy, client.get(key))) client.set(key, copy);
    },
    merge(copies: [Id, Copy][]) {
      for (const [key, copy] of copies) {
        if (drafts.has(key)) drafts.set(key, winner(drafts.get(key), copy));
        else client.set(key, winner(client.get(key), copy));
      }
    },
    delete(key: Id) {
      if (drafts.has(key) && drafts.get(key) === undefined) {
        drafts.delete(key);
        client.delete(key);
        return;
      }
      if (!reaches() || !server.has(key)) return;
      server.delete(key);
      drafts.delete(key);
      client.delete(key);
    },
    draft(key: Id, record: Copy) {
      if (!drafts.has(key)) drafts.set(key, client.get(key));
      client.set(key, { ...strip(record), draft: true });
    },
    clearDrafts() {
      for (const [key, prior] of drafts) {
        if (prior === undefined) client.delete(key);
        else client.set(key, prior);
      }
      drafts.clear();
    },
    flush() {
      const puts: { key: Id; prior: Copy | undefined; attempt: Copy }[] = [];
      for (const [key, prior] of [...drafts]) {
        const sent = strip(client.get(key)!);
        if (!isChanged(prior, sent)) {
          drafts.delete(key);
          client.set(key, prior!);
        } else puts.push({ key, prior, attempt: { ...sent, row_version: sent.row_version + 1 } });
      }
      if (puts.length === 0) return;
      if (!reaches()) {
        for (const put of puts) restoreDraft(put.key, put.prior);
        return;
      }
      const culprit = puts.find((p) => p.attempt.row_version !== (server.get(p.key)?.row_version ?? 0) + 1);
      if (culprit === undefined) {
        for (const put of puts) {
          server.set(put.key, put.attempt);
          drafts.delete(put.key);
          client.set(put.key, put.attempt);
        }
        return;
      }
      model.conflicts++;
      const current = server.get(culprit.key);
      for (const put of puts) {
        if (put === culprit && current) {
          drafts.delete(put.key);
          client.set(put.key, current);
        } else restoreDraft(put.key, put.prior);
      }
    },
    /** refresh() once initialised; initialize() (the retry) before. */
    refresh() {
      if (!reaches()) return;
      model.initialized = true;
      const next = new Map<Id, Copy>();
      for (const [key, remote] of server) {
        const local = client.get(key);
        if (local !== undefined && drafts.has(key)) {
          drafts.set(key, winner(drafts.get(key), remote));
          next.set(key, local);
        } else next.set(key, winner(local, remote));
      }
      for (const [key, local] of client) if (!next.has(key) && drafts.has(key)) next.set(key, local);
      client = next;
    },
    /** A save that never gets an answer, then the tab closes: the optimistic copy is what persists. */
    crash(key: Id, record: Copy) {
      const sent = strip(record);
      const baseline = drafts.has(key) ? drafts.get(key) : client.get(key);
      if (isChanged(baseline, sent)) {
        drafts.delete(key);
        client.set(key, { ...sent, row_version: sent.row_version + 1 });
      } else if (drafts.has(key) && baseline) {
        drafts.delete(key);
        client.set(key, baseline);
      }
      this.reload();
    },
    /** A new store on the same persistence: it shows what was persisted (drafts as their prior copy). */
    reload() {
      const persisted = new Map<Id, Copy>();
      for (const [key, copy] of client) {
        const kept = drafts.has(key) ? drafts.get(key) : copy;
        if (kept) persisted.set(key, { ...strip(kept), disk: true });
      }
      client = persisted;
      drafts = new Map();
      model.conflicts = 0;
      model.initialized = false;
      this.refresh();
    },
  };
}

const view = (rows: Iterable<[string, Copy]>) =>
  [...rows]
    .map(([key, copy]) => ({ id: key, ...strip(copy), ...(copy.draft ? { draft: true } : {}) }))
    .sort((x, y) => x.id.localeCompare(y.id));

const viewStore = (records: readonly Row[]) =>
  view(records.map((r) => [r.id, { row_version: r.row_version, name: r.name, draft: r.draft }]));

async function settle(promise: Promise<unknown>): Promise<void> {
  await promise.catch(() => undefined);
}

describe('record store against a reference model', () => {
  test('after every step of a random sequence the store equals the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const fake = createFakeServer();
        const persistence = createMemoryPersistence();
        const open = () =>
          createRecordStore<Row>({ name: 'items', transport: fake.transport, indexPath: INDEX, persistence });
        let store: RecordStore<Row> = open();
        await store.ready;
        const reference = createModel();
        const { model } = reference;
        /** Every version each record had on the server, for late (out-of-order) pushes. */
        const history = new Map<Id, Row[]>();

        for (const s of steps) {
          switch (s.kind) {
            case 'save': {
              const local = reference.visible(s.id);
              const base = local ?? { row_version: 0 };
              const rowVersion = s.stale ? Math.max(0, base.row_version - 1) : base.row_version;
              reference.save(s.id, { ...base, row_version: rowVersion, name: s.name });
              const mine = store.find(s.id) ?? row(s.id, 0);
              await settle(store.save({ ...mine, row_version: rowVersion, name: s.name }));
              break;
            }
            case 'remoteEdit': {
              const edited = fake.edit(s.id, { name: s.name });
              model.server.set(s.id, { row_version: edited.row_version, name: s.name });
              history.set(s.id, [...(history.get(s.id) ?? []), edited]);
              const versions = history.get(s.id)!;
              const pushed = s.push === 'now' ? edited : s.push === 'late' ? versions[0] : undefined;
              if (pushed) {
                reference.receive(s.id, { row_version: pushed.row_version, name: pushed.name });
                store.receive({ ...pushed });
              }
              break;
            }
            case 'remoteDelete':
              fake.rows.delete(s.id);
              model.server.delete(s.id);
              break;
            case 'fail':
              fake.failNext(serverError());
              model.failures++;
              break;
            case 'delete': {
              const local = store.find(s.id);
              if (!local) break;
              reference.delete(s.id);
              await settle(store.delete(local));
              break;
            }
            case 'draft': {
              const base = reference.visible(s.id) ?? { row_version: 0 };
              reference.draft(s.id, { ...base, name: s.name });
              store.createDraft({ ...(store.find(s.id) ?? row(s.id, 0)), name: s.name });
              break;
            }
            case 'clearDrafts':
              reference.clearDrafts();
              store.clearDrafts();
              break;
            case 'flush':
              reference.flush();
              await settle(store.flushDrafts());
              break;
            case 'refresh':
              reference.refresh();
              await settle(store.isInitialized() ? store.refresh() : store.initialize());
              break;
            case 'merge': {
              // A delta list: every record's current server copy plus its first version, stale by now.
              const list = [...fake.rows.values(), ...[...history.values()].map((versions) => versions[0]!)];
              reference.merge(list.map((r) => [r.id as Id, { row_version: r.row_version, name: r.name }]));
              store.merge(list.map((r) => ({ ...r })));
              break;
            }
            case 'crash': {
              const base = reference.visible(s.id) ?? { row_version: 0 };
              reference.crash(s.id, { ...base, name: s.name });
              const sentBefore = fake.calls.length;
              fake.swallowNext();
              void store.save({ ...(store.find(s.id) ?? row(s.id, 0)), name: s.name });
              if (fake.calls.length === sentBefore) fake.swallowNext(false);
              await store.whenPersisted();
              store = open();
              await settle(store.ready);
              break;
            }
            case 'reload':
              await store.whenPersisted();
              reference.reload();
              store = open();
              await settle(store.ready);
              break;
          }
          expect(viewStore(store.getSnapshot())).toEqual(view(reference.rows()));
          expect(store.hasDrafts()).toBe(reference.hasDrafts());
          expect(store.getConflicts()).toHaveLength(model.conflicts);
          expect(store.isInitialized()).toBe(model.initialized);
          expect(viewStore([...fake.rows.values()])).toEqual(view(model.server));
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
