/**
 * Calendar render: in Chromium, a folder of 10,000 dated items opened in its calendar view (the
 * month) must be drawn with its day cells and events in <= 1.5x the time the same view of an
 * empty folder takes, and the calendar's DOM must not grow with the items beyond the days' visible
 * cap (`dayMaxEvents`: the rest behind "+N more"): about the same at 10,000 items as at 1,000.
 *
 * Method:
 * - The web app as users get it: built with its own Vite config (production, into a temporary
 *   directory) and served, with the API and the real-time hub, by one app as in production (full
 *   plugin stack) on a PGlite data directory, on a local port. One board with the eight attributes
 *   of the benches' fixture (a date attribute among them, the one the calendar places items by)
 *   and three folders of 0, 1,000 and 10,000 items, dated over the days of the current month (the
 *   month the calendar opens on); each folder has a stored calendar view (month mode, the view's
 *   defaults), saved through `PUT /api/{teamId}/views/{id}`.
 * - A sample is one visit of `/b/{board}/{folder}?view={id}` by a signed-in user, at 1280 x 800,
 *   in a fresh browser context (service workers blocked), either `cold` (the first visit on the
 *   device: nothing in IndexedDB or the HTTP cache, so the items come from the server) or `warm`
 *   (a second visit, once the first one's records are kept in IndexedDB: they show while the
 *   server is asked again). Its time runs from the navigation's start to the frame that draws the
 *   calendar (its tab selected) with its month title, the month grid's day cells and, for a folder
 *   with items, an event inside a day cell; that frame's animation frame, with its style and
 *   layout done. So it holds everything that grows with the folder: the items' read on the
 *   server, transfer and JSON (or IndexedDB), the record store, the calendar's model (the view's
 *   filters, the events) and FullCalendar's layout of them.
 * - Once settled (1 s after that frame), the elements inside the calendar's section are counted,
 *   and the events in the day cells: those drawn visible, and all of them (FullCalendar keeps a
 *   few hidden ones mounted behind "+N more"); each the median over a size's visits.
 * - Warm-up of WARMUP visits of each kind, then ROUNDS rounds (env ROUNDS, default 5) of every
 *   size and kind, the order turned each round. Ratio = median(10,000) / median(0) per kind; the
 *   line's ratio is the worse of the two. `cold_items_ms` is when the items' answer had arrived
 *   (resource timing) in the cold visits of 0 and 10,000 items: the server's and the network's
 *   share, the rest being the page's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createSession } from '../apps/server/src/modules/auth/sessions.service';
import { launchChromium } from '../e2e/browser';
import { type BenchBoard, base62Id, benchValues, insertBenchItems } from './lib/board-fixture';
import { buildWebApp, putView, serveBenchBoard, within as withinMs } from './lib/served-board';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const SIZES = [0, 1_000, 10_000] as const;
const WARMUP = 1;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** How long a visit may take before the bench gives up on it. */
const VISIT_TIMEOUT_MS = 30_000;
/** After the calendar is drawn, how long late effects (measurements, the channel) may settle. */
const SETTLE_MS = 1_000;
const VIEW_NAME = 'Bench calendar';

interface Visit {
  /** From the navigation's start to the first frame with the month's cells (and an event). */
  ms: number;
  /** When the folder's items had arrived (responseEnd). */
  itemsMs: number;
  /** Elements inside the calendar's section, once settled. */
  nodes: number;
  /** Events in the day cells, once settled: all of them, and those drawn visible. */
  events: number;
  visibleEvents: number;
  /** The days' "+N more" links, once settled. */
  moreLinks: number;
  /** The month's title, once settled. */
  title: string;
}

interface Target {
  url: string;
  size: number;
  folderId: string;
  itemsPath: string;
}

/** `cold`: the first visit on a device; `warm`: a visit after one, with the records it kept. */
type Visited = 'cold' | 'warm';
const MODES: Visited[] = ['cold', 'warm'];

/** `YYYY-MM-DD` of the nth item's day: the days of the current month in turn. */
function monthDays(): (n: number) => string {
  const now = new Date();
  const [year, month] = [now.getFullYear(), now.getMonth()];
  const days = new Date(year, month + 1, 0).getDate();
  return (n) => new Date(Date.UTC(year, month, 1 + (n % days))).toISOString().slice(0, 10);
}

/** Three folders of 0, 1,000 and 10,000 dated items, each with a stored calendar view. */
async function seed(board: BenchBoard, baseUrl: string): Promise<Target[]> {
  const targets: Target[] = [];
  for (const size of SIZES) {
    const folderId = base62Id();
    const res = await board.app.inject({
      method: 'POST',
      url: `/api/${board.teamId}/save-multiple`,
      headers: { authorization: `Bearer ${board.token}` },
      payload: [
        {
          type: 'folder',
          op: 'put',
          id: folderId,
          body: { board_id: board.boardId, name: `${size} items`, row_version: 1 },
        },
      ],
    });
    if (res.statusCode >= 300) throw new Error(`folder: ${res.statusCode} ${res.body}`);
    // The items' dates spread over the current month's days (the calendar opens on today's month).
    const dayOf = monthDays();
    const dateId = board.attributeIds.date!;
    if (size > 0)
      await insertBenchItems(board, folderId, size, (n) => ({
        ...benchValues(board, n),
        [dateId]: { data: dayOf(n) },
      }));
    const id = await putView(board, folderId, 'calendar', VIEW_NAME);
    targets.push({
      url: `${baseUrl}/b/${board.boardId}/${folderId}?view=${id}`,
      size,
      folderId,
      itemsPath: `/api/${board.teamId}/folders/${folderId}/items`,
    });
  }
  return targets;
}

/**
 * Runs in the page before the app (kept as text: tsx's helpers do not exist in the page):
 * resolves `window.__drawn` with the time of the first frame after the calendar shows its month
 * (title, day cells and, with items, an event in a day cell), then (once settled) its size.
 */
const WATCH_FOR_CALENDAR = `
const section = () => document.querySelector('section[class*="calendar"]');
// An event in a day cell (the "+N more" link is a button too, opening a dialog).
const EVENT = '[role="cell"][data-date] [role="button"]:not([aria-haspopup])';
const isDrawn = () => {
  const tab = document.querySelector('[role="tab"][aria-selected="true"]');
  if (!tab || !tab.textContent.includes(target.viewName)) return false;
  const calendar = section();
  if (!calendar || calendar.querySelectorAll('[role="cell"][data-date]').length < 28) return false;
  const title = calendar.parentElement.parentElement.querySelector('h2');
  if (!title || title.textContent.trim() === '') return false;
  return target.size === 0 || !!calendar.querySelector(EVENT);
};
window.__drawn = new Promise((resolve) => {
  const observer = new MutationObserver(check);
  function check() {
    if (!isDrawn()) return;
    observer.disconnect();
    // The frame that draws it: its animation frame, with the style and layout it paints (forced
    // here, so that tasks queued behind the frame are not counted).
    requestAnimationFrame(() => {
      section().getBoundingClientRect();
      const ms = performance.now();
      const items = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === target.itemsPath);
      setTimeout(() => {
        const calendar = section();
        const events = calendar ? [...calendar.querySelectorAll(EVENT)] : [];
        const visible = events.filter((event) => {
          const box = event.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(event).visibility !== 'hidden';
        });
        resolve({
          ms,
          itemsMs: items ? items.responseEnd : NaN,
          nodes: calendar ? calendar.querySelectorAll('*').length : 0,
          events: events.length,
          visibleEvents: visible.length,
          moreLinks: calendar
            ? calendar.querySelectorAll('[role="cell"][data-date] [role="button"][aria-haspopup]').length
            : 0,
          title: calendar ? calendar.parentElement.parentElement.querySelector('h2').textContent : '',
        });
      }, target.settleMs);
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
    const { size, itemsPath } = target;
    const watched = { viewName: VIEW_NAME, size, itemsPath, settleMs: SETTLE_MS };
    await context.addInitScript({
      content: `{ const target = ${JSON.stringify(watched)};\n${WATCH_FOR_CALENDAR}\n}`,
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
    throw new Error(`${mode} calendar of ${target.size} items: ${(error as Error).message}`);
  } finally {
    await context.close();
  }
}

export async function run(): Promise<BenchResult> {
  const work = mkdtempSync(join(tmpdir(), 'strata-calendar-'));
  const outDir = join(work, 'web');
  let board: BenchBoard | null = null;
  let browser: Browser | null = null;
  try {
    await buildWebApp(outDir);
    const served = await serveBenchBoard(outDir);
    board = served.board;
    const targets = await seed(board, served.origin);
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

    const of = (mode: Visited, size: number) =>
      samples.get(runs.find((one) => one.mode === mode && one.target.size === size)!)!;
    const ms = (mode: Visited, size: number) => median(of(mode, size).map((s) => s.ms));
    const itemsMs = (size: number) => median(of('cold', size).map((s) => s.itemsMs));
    // The settled counts of every visit of a size (cold and warm), their median: a first visit
    // may still be drawing when counted.
    const settled = (size: number, count: (visit: Visit) => number) =>
      median(MODES.flatMap((mode) => of(mode, size).map(count)));
    const nodes = (size: number) => settled(size, (s) => s.nodes);
    if (settled(10_000, (s) => s.visibleEvents) < 1)
      throw new Error(`the 10,000-item month drew no events (${of('cold', 10_000).at(-1)!.title})`);
    const ratios = MODES.map((mode) => ms(mode, 10_000) / ms(mode, 0));
    return {
      name: 'calendar-render',
      ratio: Math.max(...ratios),
      goal: '<=1.5',
      details: {
        cold_ratio: round(ratios[0]!, 3),
        warm_ratio: round(ratios[1]!, 3),
        cold_0_ms: round(ms('cold', 0)),
        cold_1000_ms: round(ms('cold', 1_000)),
        cold_10000_ms: round(ms('cold', 10_000)),
        warm_0_ms: round(ms('warm', 0)),
        warm_1000_ms: round(ms('warm', 1_000)),
        warm_10000_ms: round(ms('warm', 10_000)),
        cold_items_ms: `${round(itemsMs(0))}/${round(itemsMs(10_000))}`,
        nodes_0: nodes(0),
        nodes_1000: nodes(1_000),
        nodes_10000: nodes(10_000),
        nodes_ratio: round(nodes(10_000) / nodes(1_000), 3),
        events_10000: settled(10_000, (s) => s.visibleEvents),
        event_elements_10000: settled(10_000, (s) => s.events),
        more_links_10000: settled(10_000, (s) => s.moreLinks),
        rounds: ROUNDS,
      },
    };
  } finally {
    await browser?.close();
    await board?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
