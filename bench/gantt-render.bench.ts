/**
 * Gantt render, and a drag's rescheduling on the server. Two lines:
 *
 * - `gantt-render`: in Chromium, a folder of 10,000 dated items, 5,000 of them depending on
 *   another, opened in its gantt view must be drawn with its first bars in <= 1.5x the time the
 *   same view of a folder of 10 takes, and the gantt's DOM at 10,000 items must be no more than
 *   1.05x the DOM at 1,000 (rows are virtualised, the header draws only the days in sight).
 * - `gantt-reschedule`: dragging a bar with 1,000 dependents reschedules them in the save's one
 *   transaction: every dependent has moved when the save answers.
 *
 * Method, `gantt-render`:
 * - The web app as users get it: built with its own Vite config (production, into a temporary
 *   directory) and served, with the API and the real-time hub, by one app as in production (full
 *   plugin stack) on a PGlite data directory, on a local port. One board with the eight attributes
 *   of the benches' fixture plus the plan's two: a start-and-end date and a dependency attribute
 *   scheduling it (every day counts). Three folders of 10, 1,000 and 10,000 items; item n's dates
 *   lie within a few weeks of today (the gantt opens scrolled to today), and every odd item
 *   depends (FS, no lag) on the even one before it, which ends before it starts: half the items
 *   are dependents, one arrow each. Each folder has a stored gantt view (its defaults: the week
 *   scale, bars from the plan's dates), saved through `PUT /api/{teamId}/views/{id}`.
 * - A sample is one visit of `/b/{board}/{folder}?view={id}` by a signed-in user, at 1280 x 800,
 *   in a fresh browser context, `cold` or `warm` as in calendar-render (bench/lib/page-visit.ts).
 *   Its time runs from the navigation's start to the frame that draws the gantt (its tab
 *   selected) with a bar (`[data-gantt-bar]`) in its scrolling section; that frame's animation
 *   frame, with its style and layout done. So it holds the items' read on the server, transfer and
 *   JSON (or IndexedDB), the record store, the gantt's model (the view's filters and order, every
 *   item's bar and links, the timeline's span) and the rows drawn.
 * - Once settled (1 s after that frame), the elements inside the gantt's section are counted, with
 *   its bars, rows and arrows; each the median over a size's visits.
 * - Warm-up of WARMUP visits of each kind, then ROUNDS rounds (env ROUNDS, default 5) of every
 *   size and kind, the order turned each round. Ratio = median(10,000) / median(10) per kind; the
 *   line's ratio is the worse of the two; `nodes_ratio` = nodes(10,000) / nodes(1,000).
 *
 * Method, `gantt-reschedule`:
 * - An app as in production on a PGlite data directory of its own (no browser), its board with
 *   the plan's two attributes. In one folder: a predecessor, a chain of 1,000 one-day items each
 *   depending (FS, no lag) on the one before, the first on the predecessor, each starting the day
 *   after the one before ends (so that any push moves all of them), and one item nobody depends on.
 * - A sample is one `PUT /api/{teamId}/items/{id}` through `app.inject`, moving an item's dates a
 *   day later: the predecessor's (the candidate: the server pushes its 1,000 dependents) or the
 *   item with no dependents (the baseline: the same plan read and scheduled, nothing else moves).
 *   After each candidate save the folder is read back: a dependent counts as moved when it has its
 *   new dates, its row_version one up and the save's own `updated_at` (the save's transaction's
 *   time, so written by that save). `moved` is the fewest over the saves.
 * - Warm-up of RESCHEDULE_WARMUP saves of each, then RESCHEDULE_ROUNDS rounds of both, the order
 *   turned each round. Ratio = median(candidate) / median(baseline): what moving 1,000 dependents
 *   costs a save. The goal is that all of them move in it; the issue sets no time budget.
 */
import { randomUUID } from 'node:crypto';
import {
  type BenchBoard,
  benchValues,
  insertBenchItems,
  openBenchBoard,
  saveRecords,
} from './lib/board-fixture';
import {
  type DrawnVisit,
  MODES,
  type ServedApp,
  sampleVisits,
  seedViews,
  type ViewTarget,
  type ViewWatch,
  withServedApp,
} from './lib/page-visit';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const SIZES = [10, 1_000, 10_000] as const;
const WARMUP = 1;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const DEPENDENTS = 1_000;
const RESCHEDULE_WARMUP = 3;
const RESCHEDULE_ROUNDS = 15;
const DAY_MS = 86_400_000;

interface Visit extends DrawnVisit {
  /** Elements inside the gantt's scrolling section, once settled. */
  nodes: number;
  /** Bars, item rows and dependency arrows drawn, once settled. */
  bars: number;
  rows: number;
  arrows: number;
}

type DateRange = { start: string; end: string };
/** The plan's attributes: the start-and-end date the bars come from, and the dependency scheduling it. */
type Plan = { dates: string; links: string };

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const rangeOf = (start: number, end: number): DateRange => ({ start: isoDay(start), end: isoDay(end) });
const today = () => Math.floor(Date.now() / DAY_MS);

/** Adds the plan's two attributes to the board, through the API. */
async function addPlan(board: BenchBoard): Promise<Plan> {
  const plan = { dates: randomUUID(), links: randomUUID() };
  const attribute = (id: string, name: string, type: string, settings: object) => ({
    type: 'attribute',
    op: 'put',
    id,
    body: { board_id: board.boardId, name, type, settings, row_version: 1 },
  });
  await saveRecords(board, [
    attribute(plan.dates, 'Plan', 'date_range', {}),
    attribute(plan.links, 'After', 'dependency', { schedules: plan.dates, workingWeekdays: null }),
  ]);
  return plan;
}

/**
 * `size` items of a folder: the fixture's values, dates within a few weeks of today, and every odd
 * item FS after the even one before it (which ends the day before it starts).
 */
async function insertPlannedItems(board: BenchBoard, plan: Plan, folderId: string, size: number) {
  const ids = Array.from({ length: size }, () => randomUUID());
  const day = today();
  await insertBenchItems(
    board,
    folderId,
    size,
    (n) => {
      const base = day - 14 + ((n >> 1) % 43);
      const odd = n % 2 === 1;
      return {
        ...benchValues(board, n),
        [plan.dates]: { data: odd ? rangeOf(base + 3, base + 5) : rangeOf(base, base + 2) },
        ...(odd ? { [plan.links]: { data: [{ item_id: ids[n - 1], type: 'FS', lag_days: 0 }] } } : {}),
      };
    },
    (n) => ids[n]!,
  );
}

/** Three folders of 10, 1,000 and 10,000 planned items, each with a stored gantt view. */
async function seed(served: ServedApp): Promise<ViewTarget[]> {
  const plan = await addPlan(served.board);
  const fill = (folderId: string, size: number) => insertPlannedItems(served.board, plan, folderId, size);
  return seedViews(served, { sizes: SIZES, types: ['gantt'], fill });
}

/**
 * The gantt is drawn when its scrolling section holds a bar. Counted once settled: its elements,
 * bars, item rows and arrows (the paths straight inside the arrows' SVG; the arrowhead is inside
 * its marker).
 */
const GANTT_WATCH: ViewWatch = {
  settleMs: 1_000,
  script: `
const viewElement = () => document.querySelector('section[class*="scroller"]');
const isDrawn = () => !!viewElement()?.querySelector('[data-gantt-bar]');
const measure = (gantt) => ({
  nodes: gantt ? gantt.querySelectorAll('*').length : 0,
  bars: gantt ? gantt.querySelectorAll('[data-gantt-bar]').length : 0,
  rows: gantt ? gantt.querySelectorAll('[data-gantt-item]').length : 0,
  arrows: gantt ? gantt.querySelectorAll('svg > path').length : 0,
});
`,
};

async function measureRender(): Promise<BenchResult> {
  return withServedApp(async (served) => {
    const targets = await seed(served);
    const samples = await sampleVisits<Visit>({
      ...served,
      targets,
      watch: GANTT_WATCH,
      warmup: WARMUP,
      rounds: ROUNDS,
    });

    const { ms, itemsMs, settled } = samples;
    const nodes = (size: number) => settled(size, (s) => s.nodes);
    if (settled(10_000, (s) => s.bars) < 5)
      throw new Error(`the 10,000-item gantt drew ${settled(10_000, (s) => s.bars)} bars`);
    const ratios = MODES.map((mode) => ms(mode, 10_000) / ms(mode, 10));
    return {
      name: 'gantt-render',
      ratio: Math.max(...ratios),
      goal: '<=1.5',
      details: {
        nodes_ratio: round(nodes(10_000) / nodes(1_000), 3),
        nodes_goal: '<=1.05',
        cold_ratio: round(ratios[0]!, 3),
        warm_ratio: round(ratios[1]!, 3),
        cold_ms: SIZES.map((size) => round(ms('cold', size))).join('/'),
        warm_ms: SIZES.map((size) => round(ms('warm', size))).join('/'),
        cold_items_ms: `${round(itemsMs(10))}/${round(itemsMs(10_000))}`,
        nodes: SIZES.map(nodes).join('/'),
        bars_10000: settled(10_000, (s) => s.bars),
        rows_10000: settled(10_000, (s) => s.rows),
        arrows_10000: settled(10_000, (s) => s.arrows),
        dependencies_10000: 10_000 / 2,
        rounds: ROUNDS,
      },
    };
  });
}

interface StoredItem {
  id: string;
  row_version: number;
  updated_at: string;
  values: Record<string, { data: unknown }>;
}

async function measureReschedule(): Promise<BenchResult> {
  const board = await openBenchBoard();
  try {
    const plan = await addPlan(board);
    // ids[0]: the predecessor; ids[1..1000]: its chain of dependents; the last: nobody's predecessor.
    const ids = Array.from({ length: DEPENDENTS + 2 }, () => randomUUID());
    const chainEnd = DEPENDENTS;
    const first = today();
    await insertBenchItems(
      board,
      board.folderId,
      ids.length,
      (n) => ({
        ...benchValues(board, n),
        [plan.dates]: { data: n > chainEnd ? rangeOf(first, first) : rangeOf(first + n, first + n) },
        ...(n >= 1 && n <= chainEnd
          ? { [plan.links]: { data: [{ item_id: ids[n - 1], type: 'FS', lag_days: 0 }] } }
          : {}),
      }),
      (n) => ids[n]!,
    );

    // The two saved items; each save moves one a day later than the last (a shift of s days after
    // s saves). The chain follows the predecessor: it is as many days on.
    const saved = {
      candidate: { id: ids[0]!, rowVersion: 1, shift: 0 },
      baseline: { id: ids.at(-1)!, rowVersion: 1, shift: 0 },
    };
    type Kind = keyof typeof saved;
    const save = async (kind: Kind): Promise<{ ms: number; item: StoredItem }> => {
      const state = saved[kind];
      state.shift += 1;
      const started = performance.now();
      const res = await board.app.inject({
        method: 'PUT',
        url: `/api/${board.teamId}/items/${state.id}`,
        headers: { authorization: `Bearer ${board.token}` },
        payload: {
          values: { [plan.dates]: { data: rangeOf(first + state.shift, first + state.shift) } },
          row_version: state.rowVersion + 1,
        },
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`save: ${res.statusCode} ${res.body}`);
      const item = res.json() as StoredItem;
      state.rowVersion = item.row_version;
      return { ms, item };
    };
    /** The dependents moved by the predecessor's last save, as read back. */
    const movedBy = async (predecessor: StoredItem): Promise<number> => {
      const res = await board.app.inject({
        method: 'GET',
        url: `/api/${board.teamId}/folders/${board.folderId}/items`,
        headers: { authorization: `Bearer ${board.token}` },
      });
      const byId = new Map((res.json() as StoredItem[]).map((item) => [item.id, item]));
      const { shift } = saved.candidate;
      return ids.slice(1, chainEnd + 1).filter((id, at) => {
        const item = byId.get(id);
        const dates = item?.values[plan.dates]?.data as DateRange | undefined;
        return (
          dates?.start === isoDay(first + at + 1 + shift) &&
          item!.row_version === 1 + shift &&
          item!.updated_at === predecessor.updated_at
        );
      }).length;
    };

    const samples = { candidate: [] as number[], baseline: [] as number[] };
    let moved = DEPENDENTS;
    const sample = async (kind: Kind, keep: boolean) => {
      const { ms, item } = await save(kind);
      if (kind === 'candidate') moved = Math.min(moved, await movedBy(item));
      if (keep) samples[kind].push(ms);
    };
    const kinds: Kind[] = ['candidate', 'baseline'];
    for (let i = 0; i < RESCHEDULE_WARMUP; i++) for (const kind of kinds) await sample(kind, false);
    for (let roundNo = 0; roundNo < RESCHEDULE_ROUNDS; roundNo++)
      for (const kind of roundNo % 2 === 0 ? kinds : [...kinds].reverse()) await sample(kind, true);

    const ms = median(samples.candidate);
    const baselineMs = median(samples.baseline);
    return {
      name: 'gantt-reschedule',
      ratio: ms / baselineMs,
      goal: `moved=${DEPENDENTS}`,
      details: {
        dependents: DEPENDENTS,
        moved,
        ms: round(ms, 1),
        baseline_ms: round(baselineMs, 1),
        rounds: RESCHEDULE_ROUNDS,
      },
    };
  } finally {
    await board.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const reschedule = await measureReschedule();
  return [await measureRender(), reschedule];
}
