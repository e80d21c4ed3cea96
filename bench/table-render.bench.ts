/**
 * Table render: in Chromium, a folder of 10,000 items opened in its table view, and in its
 * columns view, must be drawn with its first rows in <= 1.3x the time the same view of an empty
 * folder takes, and draw no more than 1.05x the DOM of the same view at 1,000 items
 * (ARCHITECTURE §6: "DOM size does not grow with item count").
 *
 * Method:
 * - The web app as users get it: built with its own Vite config (production, into a temporary
 *   directory) and served, with the API and the real-time hub, by one app as in production (full
 *   plugin stack) on a PGlite data directory, on a local port. One board with the eight attributes of
 *   the benches' fixture (a label attribute among them) and three folders of 0, 1,000 and 10,000
 *   items; each folder has a stored table view and a stored columns view, saved through
 *   `PUT /api/{teamId}/views/{id}`.
 * - A sample is one visit of `/b/{board}/{folder}?view={id}` by a signed-in user, at 1280 x 800,
 *   in a fresh browser context (service workers blocked), either `cold` (the first visit on the
 *   device: nothing in IndexedDB or the HTTP cache, so the items come from the server) or `warm`
 *   (a second visit, once the first one's records are kept in IndexedDB: they show while the
 *   server is asked again). Its time runs from the navigation's start to the frame that draws the
 *   requested view (its tab selected) with its first rows: item rows in the grid, cards in the
 *   columns (for the empty folder: the empty grid, the empty columns); that frame's animation
 *   frame, with its style and layout done. So it holds everything that grows with the folder: the
 *   items' read on the server, transfer and JSON (or IndexedDB), the record store, the view's
 *   rows (filter, sort, group), rendering and layout.
 * - Warm-up of WARMUP visits of each kind, then ROUNDS rounds of every size, view and kind, the
 *   order turned each round. Ratio = median(10,000) / median(0) per view and kind; the line's
 *   ratio is the worst of the four. `cold_items_ms` is when the items' answer had arrived
 *   (resource timing) in the cold visits of 0 and 10,000 items: the server's and the network's
 *   share, the rest being the page's.
 */
import { insertBenchItems } from './lib/board-fixture';
import {
  type DrawnVisit,
  MODES,
  type ServedApp,
  sampleVisits,
  seedViews,
  type ViewTarget,
  type ViewWatch,
  type Visited,
  withServedApp,
} from './lib/page-visit';
import { round } from './lib/stats';
import type { BenchResult } from './lib/types';

const SIZES = [0, 1_000, 10_000] as const;
const VIEWS = ['table', 'columns'] as const;
const WARMUP = 1;
const ROUNDS = 7;

type ViewType = (typeof VIEWS)[number];

interface Visit extends DrawnVisit {
  /** Elements inside the view (the grid, or the columns), once settled. */
  nodes: number;
  /** Item rows (cards) drawn. */
  rows: number;
}

/** Three folders of 0, 1,000 and 10,000 items, each with a stored table and columns view. */
function seed(served: ServedApp): Promise<ViewTarget[]> {
  const fill = async (folderId: string, size: number) => {
    if (size > 0) await insertBenchItems(served.board, folderId, size);
  };
  return seedViews(served, { sizes: SIZES, types: VIEWS, fill });
}

/**
 * The view is drawn when it shows its first rows: item rows in the grid, cards in the columns
 * (for the empty folder: the empty grid, the empty columns). Counted once settled: its elements
 * and its item rows (cards).
 */
const TABLE_WATCH: ViewWatch = {
  settleMs: 500,
  script: `
const isDrawn = () => {
  if (target.type === 'table') {
    const grid = document.querySelector('[role="grid"]');
    return !!grid && (target.size === 0 || !!grid.querySelector('[role="row"][data-item-id]'));
  }
  const lane = document.querySelector('[data-group-key]');
  return !!lane && (target.size === 0 || !!lane.parentElement.querySelector('[data-item-id]'));
};
const viewElement = () =>
  target.type === 'table'
    ? document.querySelector('[role="grid"]')
    : document.querySelector('[data-group-key]')?.parentElement;
const measure = (view) => ({
  nodes: view ? view.querySelectorAll('*').length : 0,
  rows: view ? view.querySelectorAll('[data-item-id]').length : 0,
});
`,
};

export async function run(): Promise<BenchResult> {
  return withServedApp(async (served) => {
    const targets = await seed(served);
    const samples = await sampleVisits<Visit>({
      ...served,
      targets,
      watch: TABLE_WATCH,
      warmup: WARMUP,
      rounds: ROUNDS,
    });

    const ms = (mode: Visited, view: ViewType, size: number) => samples.ms(mode, size, view);
    const itemsMs = (view: ViewType, size: number) => samples.itemsMs(size, view);
    const last = (view: ViewType, size: number) => samples.of('cold', size, view).at(-1)!;
    const details: Record<string, number | string> = {};
    const ratios: number[] = [];
    for (const view of VIEWS) {
      if (last(view, 10_000).rows < 5)
        throw new Error(`the 10,000-item ${view} drew ${last(view, 10_000).rows} rows`);
      for (const mode of MODES) {
        const ratio = ms(mode, view, 10_000) / ms(mode, view, 0);
        ratios.push(ratio);
        details[`${view}_${mode}_ratio`] = round(ratio, 3);
        details[`${view}_${mode}_ms`] = SIZES.map((size) => round(ms(mode, view, size))).join('/');
      }
      details[`${view}_cold_items_ms`] = `${round(itemsMs(view, 0))}/${round(itemsMs(view, 10_000))}`;
      details[`${view}_dom_ratio`] = round(last(view, 10_000).nodes / last(view, 1_000).nodes, 3);
      details[`${view}_nodes_10k`] = last(view, 10_000).nodes;
      details[`${view}_rows_10k`] = last(view, 10_000).rows;
    }
    details.dom_goal = '<=1.05';
    return { name: 'table-render', ratio: Math.max(...ratios), goal: '<=1.3', details };
  });
}
