/**
 * Store apply: what the client record store costs on top of holding the rows in a Map, when a
 * collection of 10,000 rows arrives from the server.
 *
 * Method:
 * - 10,000 item-like rows (id, row_version, timestamps, name, board, position, a few values) are
 *   serialised once; both sides start from that same JSON text, as a response body would.
 * - Baseline: `JSON.parse` + `Map.set` of every row by id: the least any client cache can do.
 * - Candidate: a fresh store whose transport answers the index with `JSON.parse` of the same text,
 *   awaited to `ready`, with one subscriber that reads `getSnapshot()` when notified, as React's
 *   useSyncExternalStore would. So it includes the merge rules, the snapshot array and the one
 *   notification. No persistence adapter: its write is asynchronous and lands after the render.
 * - The same two without the parse (rows parsed before the clock starts) give `apply_only_ratio`:
 *   what the store costs against Map.set alone, which the parse (~90% of both sides) otherwise hides.
 *   These runs last ~2 ms, so a young-generation GC landing in one side moves them by 30% either way.
 * - Also measured (reported, not the ratio): a refresh of a store already holding the 10,000 rows at
 *   the same row_version, which the bulk rule replaces row by row.
 * - Warm-up of 5 runs per side, then 31 rounds alternating which side goes first; each figure is the
 *   median over rounds of one run's wall time (performance.now), ratio = median store / median baseline.
 */
import { createRecordStore } from '../packages/sync/src/records/record-store';
import type { RecordTransport } from '../packages/sync/src/records/record-types';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const ROWS = 10_000;
const ROUNDS = 31;
const WARMUP = 5;
const INDEX = '/api/1/items';

interface ItemRow {
  id: string;
  row_version: number;
  created_at: string;
  updated_at: string;
  name: string;
  board_id: string;
  position: string;
  values: { id: string; attribute_id: string; data: unknown }[];
}

function makeRows(): ItemRow[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    id: `item${String(i).padStart(7, '0')}`,
    row_version: 1 + (i % 7),
    created_at: '2026-06-01T09:00:00.000Z',
    updated_at: '2026-06-02T10:30:00.000Z',
    name: `Item number ${i}`,
    board_id: 'B0ard1dXyZ9',
    position: `a${i.toString(36)}`,
    values: [
      { id: `v${i}-1`, attribute_id: 'status', data: { label_id: i % 5 } },
      { id: `v${i}-2`, attribute_id: 'due', data: { date: '2026-07-01' } },
    ],
  }));
}

function transportFor(text: string): RecordTransport<ItemRow> {
  const refuse = () => Promise.reject(new Error('read-only benchmark transport'));
  return {
    index: async () => JSON.parse(text) as ItemRow[],
    put: refuse,
    delete: refuse,
    saveMultiple: refuse,
  };
}

function baseline(text: string): number {
  const start = performance.now();
  const rows = JSON.parse(text) as ItemRow[];
  const map = new Map<string, ItemRow>();
  for (const row of rows) map.set(row.id, row);
  const elapsed = performance.now() - start;
  if (map.size !== ROWS) throw new Error(`baseline holds ${map.size} rows`);
  return elapsed;
}

/** Map.set alone: the rows are parsed before the clock starts. */
function mapOnly(text: string): number {
  const rows = JSON.parse(text) as ItemRow[];
  const start = performance.now();
  const map = new Map<string, ItemRow>();
  for (const row of rows) map.set(row.id, row);
  const elapsed = performance.now() - start;
  if (map.size !== ROWS) throw new Error(`map holds ${map.size} rows`);
  return elapsed;
}

/** The store's load alone: its transport hands over rows parsed before the clock starts. */
async function storeOnly(text: string): Promise<number> {
  const rows = JSON.parse(text) as ItemRow[];
  const transport = { ...transportFor(text), index: async () => rows };
  const start = performance.now();
  const store = createRecordStore<ItemRow>({ name: 'items', transport, indexPath: INDEX });
  let seen = 0;
  store.subscribe(() => {
    seen = store.getSnapshot().length;
  });
  await store.ready;
  const elapsed = performance.now() - start;
  if (seen !== ROWS) throw new Error(`store showed ${seen} rows`);
  return elapsed;
}

async function storeLoad(text: string): Promise<number> {
  const start = performance.now();
  const store = createRecordStore<ItemRow>({
    name: 'items',
    transport: transportFor(text),
    indexPath: INDEX,
  });
  let seen = 0;
  store.subscribe(() => {
    seen = store.getSnapshot().length;
  });
  await store.ready;
  const elapsed = performance.now() - start;
  if (seen !== ROWS) throw new Error(`store showed ${seen} rows`);
  return elapsed;
}

async function storeRefresh(text: string): Promise<number> {
  const store = createRecordStore<ItemRow>({
    name: 'items',
    transport: transportFor(text),
    indexPath: INDEX,
  });
  await store.ready;
  let seen = 0;
  store.subscribe(() => {
    seen = store.getSnapshot().length;
  });
  const start = performance.now();
  await store.refresh();
  const elapsed = performance.now() - start;
  if (seen !== ROWS) throw new Error(`store showed ${seen} rows after refresh`);
  return elapsed;
}

export async function run(): Promise<BenchResult> {
  const text = JSON.stringify(makeRows());
  const sides = [
    { name: 'baseline', measure: async () => baseline(text), samples: [] as number[] },
    { name: 'map-only', measure: async () => mapOnly(text), samples: [] as number[] },
    { name: 'store-only', measure: () => storeOnly(text), samples: [] as number[] },
    { name: 'load', measure: () => storeLoad(text), samples: [] as number[] },
    { name: 'refresh', measure: () => storeRefresh(text), samples: [] as number[] },
  ];
  for (const side of sides) for (let i = 0; i < WARMUP; i++) await side.measure();
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) side.samples.push(await side.measure());
  }
  const [baselineMs, mapOnlyMs, storeOnlyMs, loadMs, refreshMs] = sides.map((side) => median(side.samples));
  return {
    name: 'store-apply',
    ratio: loadMs! / baselineMs!,
    goal: '<=2',
    details: {
      rows: ROWS,
      store_ms: round(loadMs!, 2),
      baseline_ms: round(baselineMs!, 2),
      refresh_ms: round(refreshMs!, 2),
      refresh_ratio: round(refreshMs! / baselineMs!, 3),
      // Without the shared JSON.parse: the store's rules, snapshot and notification vs bare Map.set.
      apply_only_ratio: round(storeOnlyMs! / mapOnlyMs!, 3),
      store_only_ms: round(storeOnlyMs!, 2),
      map_only_ms: round(mapOnlyMs!, 2),
      json_kb: round(text.length / 1024),
    },
  };
}
