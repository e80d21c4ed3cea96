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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createSession } from '../apps/server/src/modules/auth/sessions.service';
import { launchChromium } from '../e2e/browser';
import { type BenchBoard, base62Id, insertBenchItems } from './lib/board-fixture';
import { buildWebApp, putView, serveBenchBoard, within as withinMs } from './lib/served-board';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const SIZES = [0, 1_000, 10_000] as const;
const VIEWS = ['table', 'columns'] as const;
const WARMUP = 1;
const ROUNDS = 7;
/** How long a visit may take before the bench gives up on it. */
const VISIT_TIMEOUT_MS = 30_000;

type ViewType = (typeof VIEWS)[number];

interface Visit {
  /** From the navigation's start to the first frame with the view's first rows. */
  ms: number;
  /** When the folder's items had arrived (responseEnd). */
  itemsMs: number;
  /** Elements inside the view (the grid, or the columns), once settled. */
  nodes: number;
  /** Item rows (cards) drawn. */
  rows: number;
}

interface Target {
  url: string;
  view: ViewType;
  viewName: string;
  size: number;
  folderId: string;
  itemsPath: string;
}

/** `cold`: the first visit on a device; `warm`: a visit after one, with the records it kept. */
type Visited = 'cold' | 'warm';
const MODES: Visited[] = ['cold', 'warm'];

async function put(board: BenchBoard, url: string, payload: unknown): Promise<void> {
  const res = await board.app.inject({
    method: url.includes('save-multiple') ? 'POST' : 'PUT',
    url,
    headers: { authorization: `Bearer ${board.token}` },
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
}

/** Three folders of 0, 1,000 and 10,000 items, each with a stored table and columns view. */
async function seed(board: BenchBoard, baseUrl: string): Promise<Target[]> {
  const targets: Target[] = [];
  for (const size of SIZES) {
    const folderId = base62Id();
    await put(board, `/api/${board.teamId}/save-multiple`, [
      {
        type: 'folder',
        op: 'put',
        id: folderId,
        body: { board_id: board.boardId, name: `${size} items`, row_version: 1 },
      },
    ]);
    if (size > 0) await insertBenchItems(board, folderId, size);
    for (const view of VIEWS) {
      const viewName = `Bench ${view}`;
      const id = await putView(board, folderId, view, viewName);
      targets.push({
        url: `${baseUrl}/b/${board.boardId}/${folderId}?view=${id}`,
        view,
        viewName,
        size,
        folderId,
        itemsPath: `/api/${board.teamId}/folders/${folderId}/items`,
      });
    }
  }
  return targets;
}

/**
 * Runs in the page before the app (kept as text: tsx's helpers do not exist in the page):
 * resolves `window.__drawn` with the time of the first frame after the requested view shows its
 * first rows, then (once settled) the view's size.
 */
const WATCH_FOR_VIEW = `
const isDrawn = () => {
  const tab = document.querySelector('[role="tab"][aria-selected="true"]');
  if (!tab || !tab.textContent.includes(target.viewName)) return false;
  if (target.view === 'table') {
    const grid = document.querySelector('[role="grid"]');
    return !!grid && (target.size === 0 || !!grid.querySelector('[role="row"][data-item-id]'));
  }
  const lane = document.querySelector('[data-group-key]');
  return !!lane && (target.size === 0 || !!lane.parentElement.querySelector('[data-item-id]'));
};
const viewElement = () =>
  target.view === 'table'
    ? document.querySelector('[role="grid"]')
    : document.querySelector('[data-group-key]')?.parentElement;
window.__drawn = new Promise((resolve) => {
  const observer = new MutationObserver(check);
  function check() {
    if (!isDrawn()) return;
    observer.disconnect();
    // The frame that draws it: its animation frame, with the style and layout it paints (forced
    // here, so that tasks queued behind the frame are not counted).
    requestAnimationFrame(() => {
      viewElement().getBoundingClientRect();
      const ms = performance.now();
      const items = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === target.itemsPath);
      // Counted once late effects (measurements, the channel) have settled.
      setTimeout(() => {
        const view = viewElement();
        resolve({
          ms,
          itemsMs: items ? items.responseEnd : NaN,
          nodes: view ? view.querySelectorAll('*').length : 0,
          rows: view ? view.querySelectorAll('[data-item-id]').length : 0,
        });
      }, 500);
    });
  }
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    check();
  });
});
`;

/**
 * Resolves once this device keeps the folder's records (IndexedDB `strata-records`): its views,
 * the board's attributes, and its items when it has any (an empty list is never written).
 */
const KEPT_ON_DEVICE = `async ({ folderId, size }) => {
  for (;;) {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('strata-records');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const entries = db.objectStoreNames.contains('collections')
      ? await new Promise((resolve) => {
          const all = db.transaction('collections').objectStore('collections').getAll();
          all.onsuccess = () => resolve(all.result);
        })
      : [];
    db.close();
    const has = (suffix, count) =>
      entries.some((e) => e.name.endsWith(suffix) && (count === undefined || (e.json ? JSON.parse(e.json) : e.records).length === count));
    if (has(':f' + folderId + ':views') && has(':attributes') && (size === 0 || has(':f' + folderId + ':items', size)))
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
}`;

const within = <T>(promise: Promise<T>, what: string) => withinMs(promise, what, VISIT_TIMEOUT_MS);

async function visit(browser: Browser, target: Target, token: unknown, mode: Visited): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  const problems: string[] = [];
  const open = async () => {
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(target.url, { waitUntil: 'commit' });
    const drawn = await within(
      page.evaluate(() => (window as never as { __drawn: Promise<Visit> }).__drawn),
      'not drawn',
    );
    if (problems.length > 0) throw new Error(`the page failed: ${problems.join('; ')}`);
    return { page, drawn };
  };
  try {
    await context.addInitScript(
      (value) => window.localStorage.setItem('strata.token', value),
      JSON.stringify(token),
    );
    const { view, viewName, size, itemsPath } = target;
    await context.addInitScript({
      content: `{ const target = ${JSON.stringify({ view, viewName, size, itemsPath })};\n${WATCH_FOR_VIEW}\n}`,
    });
    const first = await open();
    if (mode === 'cold') return first.drawn;
    await within(
      first.page.evaluate(`(${KEPT_ON_DEVICE})(${JSON.stringify({ folderId: target.folderId, size })})`),
      'records not kept on the device',
    );
    await first.page.close();
    return (await open()).drawn;
  } catch (error) {
    throw new Error(`${mode} ${target.view} of ${target.size} items: ${(error as Error).message}`);
  } finally {
    await context.close();
  }
}

export async function run(): Promise<BenchResult> {
  const work = mkdtempSync(join(tmpdir(), 'strata-table-'));
  const outDir = join(work, 'web');
  let board: BenchBoard | null = null;
  let browser: Browser | null = null;
  try {
    await buildWebApp(outDir);
    const served = await serveBenchBoard(outDir);
    board = served.board;
    const baseUrl = served.origin;
    const targets = await seed(board, baseUrl);
    const { record: token } = await createSession({ ctx: board.app.ctx, userId: board.ownerId });
    browser = await launchChromium();

    const runs = targets.flatMap((target) => MODES.map((mode) => ({ target, mode })));
    const samples = new Map(runs.map((one) => [one, [] as Visit[]]));
    for (let i = 0; i < WARMUP; i++)
      for (const one of runs) await visit(browser, one.target, token, one.mode);
    for (let roundNo = 0; roundNo < ROUNDS; roundNo++) {
      const order = roundNo % 2 === 0 ? runs : [...runs].reverse();
      for (const one of order) samples.get(one)!.push(await visit(browser, one.target, token, one.mode));
    }

    const of = (mode: Visited, view: ViewType, size: number) =>
      samples.get(
        runs.find((one) => one.mode === mode && one.target.view === view && one.target.size === size)!,
      )!;
    const ms = (mode: Visited, view: ViewType, size: number) => median(of(mode, view, size).map((s) => s.ms));
    const itemsMs = (view: ViewType, size: number) => median(of('cold', view, size).map((s) => s.itemsMs));
    const last = (view: ViewType, size: number) => of('cold', view, size).at(-1)!;
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
  } finally {
    await browser?.close();
    await board?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
