/**
 * Visits of a stored view in Chromium, timed to the frame that draws it: the machinery the render
 * benches (table, calendar, gantt) share. Each bench says, as page-side code, when its view is
 * drawn and what to count in it; this file opens the page, waits for that frame, and turns the
 * visits into rounds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createSession } from '../../apps/server/src/modules/auth/sessions.service';
import { launchChromium } from '../../e2e/browser';
import { type BenchBoard, createFolder } from './board-fixture';
import { startProfiler } from './profiler';
import { buildWebApp, putView, serveBenchBoard, within } from './served-board';
import { median } from './stats';

/** `cold`: the first visit on a device; `warm`: a visit after one, with the records it kept. */
export type Visited = 'cold' | 'warm';
export const MODES: readonly Visited[] = ['cold', 'warm'];

/** What every visit answers, besides the counts its view's `measure` gives. */
export interface DrawnVisit {
  /** From the navigation's start to the first frame that draws the view. */
  ms: number;
  /** When the folder's items had arrived (responseEnd). */
  itemsMs: number;
}

/** One stored view of a folder to visit. */
export interface ViewTarget {
  url: string;
  /** The view's type; the page-side code reads it as `target.type`. */
  type: string;
  /** The view's tab: the view is drawn only once its tab is the selected one. */
  viewName: string;
  size: number;
  folderId: string;
  itemsPath: string;
}

/**
 * How a bench watches its view, as page-side code (text: tsx's helpers do not exist in the page).
 * `script` defines, with `target` in scope, `viewElement()` (the element timed and counted, or
 * null), `isDrawn()` (the view shows what the bench waits for; its tab is checked here) and
 * `measure(view)` (the counts, an object, once settled; `view` may be null).
 */
export interface ViewWatch {
  script: string;
  /** After the view is drawn, how long late effects (measurements, the channel) may settle. */
  settleMs: number;
}

/** How long a visit may take before the bench gives up on it. */
const VISIT_TIMEOUT_MS = 30_000;

/**
 * Runs in the page before the app, after the bench's script: resolves `window.__drawn` with the
 * time of the first frame after the view is drawn, then (once settled) its counts.
 */
const WATCH_FOR_VIEW = `
const isTabSelected = () => {
  const tab = document.querySelector('[role="tab"][aria-selected="true"]');
  return !!tab && tab.textContent.includes(target.viewName);
};
window.__drawn = new Promise((resolve) => {
  const observer = new MutationObserver(check);
  function check() {
    if (!isTabSelected() || !isDrawn()) return;
    observer.disconnect();
    // The frame that draws it: its animation frame, with the style and layout it paints (forced
    // here, so that tasks queued behind the frame are not counted).
    requestAnimationFrame(() => {
      viewElement().getBoundingClientRect();
      const ms = performance.now();
      const items = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === target.itemsPath);
      setTimeout(
        () => resolve({ ...measure(viewElement()), ms, itemsMs: items ? items.responseEnd : NaN }),
        target.settleMs,
      );
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

/**
 * One visit of `target.url` by a signed-in user, at 1280 x 800, in a fresh browser context
 * (service workers blocked): `cold`, the first visit on the device, or `warm`, a second one once
 * the first one's records are kept in IndexedDB.
 */
export async function visitView<V extends DrawnVisit>(options: {
  browser: Browser;
  target: ViewTarget;
  watch: ViewWatch;
  token: unknown;
  mode: Visited;
}): Promise<V> {
  const { browser, target, watch, token, mode } = options;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  const problems: string[] = [];
  // PROFILE={size}: the measured visits of that size under the sampling profiler (printed).
  const profiled = process.env.PROFILE === String(target.size);
  const open = async (measured: boolean) => {
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    const profiler = profiled && measured ? await startProfiler(context, page) : undefined;
    await page.goto(target.url, { waitUntil: 'commit' });
    const drawn = await within(
      page.evaluate(() => (window as never as { __drawn: Promise<V> }).__drawn),
      'not drawn',
      VISIT_TIMEOUT_MS,
    );
    if (profiler)
      console.log(`${mode} ${target.type} of ${target.size}: ${drawn.ms} ms\n${await profiler.stop()}`);
    if (problems.length > 0) throw new Error(`the page failed: ${problems.join('; ')}`);
    return { page, drawn };
  };
  try {
    await context.addInitScript(
      (value) => window.localStorage.setItem('strata.token', value),
      JSON.stringify(token),
    );
    const { type, viewName, size, itemsPath } = target;
    const inTarget = { type, viewName, size, itemsPath, settleMs: watch.settleMs };
    await context.addInitScript({
      content: `{ const target = ${JSON.stringify(inTarget)};\n${watch.script}\n${WATCH_FOR_VIEW}\n}`,
    });
    const first = await open(mode === 'cold');
    if (mode === 'cold') return first.drawn;
    await within(
      first.page.evaluate(`(${KEPT_ON_DEVICE})(${JSON.stringify({ folderId: target.folderId, size })})`),
      'records not kept on the device',
      VISIT_TIMEOUT_MS,
    );
    await first.page.close();
    return (await open(true)).drawn;
  } catch (error) {
    throw new Error(`${mode} ${target.type} of ${target.size} items: ${(error as Error).message}`);
  } finally {
    await context.close();
  }
}

/** The visits of every target, both ways; `type` picks the view where a folder has several. */
export interface VisitSamples<V extends DrawnVisit> {
  of(mode: Visited, size: number, type?: string): V[];
  /** The median time to draw. */
  ms(mode: Visited, size: number, type?: string): number;
  /** The median time the folder's items had arrived, in the cold visits. */
  itemsMs(size: number, type?: string): number;
  /** The median of a count over every visit of a size, cold and warm (a first visit may still be drawing when counted). */
  settled(size: number, count: (visit: V) => number, type?: string): number;
}

/**
 * Visits every target both ways: `warmup` visits of each kind, then `rounds` rounds of every
 * target and kind, the order turned each round.
 */
export async function sampleVisits<V extends DrawnVisit>(options: {
  browser: Browser;
  targets: readonly ViewTarget[];
  watch: ViewWatch;
  token: unknown;
  warmup: number;
  rounds: number;
}): Promise<VisitSamples<V>> {
  const { targets, warmup, rounds } = options;
  const runs = targets.flatMap((target) => MODES.map((mode) => ({ target, mode })));
  const samples = new Map(runs.map((one) => [one, [] as V[]]));
  const visit = (one: (typeof runs)[number]) => visitView<V>({ ...options, ...one });
  for (let i = 0; i < warmup; i++) for (const one of runs) await visit(one);
  for (let roundNo = 0; roundNo < rounds; roundNo++) {
    const order = roundNo % 2 === 0 ? runs : [...runs].reverse();
    for (const one of order) samples.get(one)!.push(await visit(one));
  }
  const of = (mode: Visited, size: number, type?: string) => {
    const run = runs.find(
      (one) => one.mode === mode && one.target.size === size && (type ?? one.target.type) === one.target.type,
    );
    if (!run) throw new Error(`no ${type ?? 'view'} of ${size} items was visited`);
    return samples.get(run)!;
  };
  return {
    of,
    ms: (mode, size, type) => median(of(mode, size, type).map((s) => s.ms)),
    itemsMs: (size, type) => median(of('cold', size, type).map((s) => s.itemsMs)),
    settled: (size, count, type) => median(MODES.flatMap((mode) => of(mode, size, type).map(count))),
  };
}

/** What a render bench measures with: the served board, its address, a session and Chromium. */
export interface ServedApp {
  board: BenchBoard;
  origin: string;
  token: unknown;
  browser: Browser;
}

/**
 * The web app as users get it: built with its own Vite config (production, into a temporary
 * directory) and served, with the API and the real-time hub, by one app as in production on the
 * benches' board; `measure` runs with it, a session of the board's owner and Chromium, and all
 * of it is closed after.
 */
export async function withServedApp<R>(measure: (served: ServedApp) => Promise<R>): Promise<R> {
  const work = mkdtempSync(join(tmpdir(), 'strata-render-'));
  let board: BenchBoard | null = null;
  let browser: Browser | null = null;
  try {
    const outDir = join(work, 'web');
    await buildWebApp(outDir);
    const served = await serveBenchBoard(outDir);
    board = served.board;
    const { record: token } = await createSession({ ctx: board.app.ctx, userId: board.ownerId });
    browser = await launchChromium();
    return await measure({ board, origin: served.origin, token, browser });
  } finally {
    await browser?.close();
    await board?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A folder of each size on the served board, its items written by `fill`, with a stored view of
 * each type (named `Bench {type}`), saved through `PUT /api/{teamId}/views/{id}`.
 */
export async function seedViews(
  served: Pick<ServedApp, 'board' | 'origin'>,
  options: {
    sizes: readonly number[];
    types: readonly string[];
    fill(folderId: string, size: number): Promise<void>;
  },
): Promise<ViewTarget[]> {
  const { board, origin } = served;
  const targets: ViewTarget[] = [];
  for (const size of options.sizes) {
    const folderId = await createFolder(board, `${size} items`);
    await options.fill(folderId, size);
    for (const type of options.types) {
      const viewName = `Bench ${type}`;
      const viewId = await putView(board, folderId, type, viewName);
      targets.push({
        url: `${origin}/b/${board.boardId}/${folderId}?view=${viewId}`,
        type,
        viewName,
        size,
        folderId,
        itemsPath: `/api/${board.teamId}/folders/${folderId}/items`,
      });
    }
  }
  return targets;
}
