/**
 * Board first load: in Chromium, a warm reload of a board page whose folder has 100 items (the
 * second visit on a device: code in the HTTP cache, records in IndexedDB), to the first frame
 * that draws an item row, against the first paint of a static page of the same size, served by
 * the same server. Goal: <= 2x. It also prints how many API requests the warm reload makes (goal
 * <= 8) and any asked twice.
 *
 * Method:
 * - The web app as users get it (production build with its own Vite config), served with the API
 *   and the real-time hub by one app as in production on a PGlite data directory, on a local port.
 *   One board (the benches' eight attributes, an Owner-like members column among them) with a
 *   folder of 100 items and a stored table view.
 * - Requests: the API requests of the reload that reached the server (resource timing entries with
 *   bytes transferred, SETTLE_MS after the first row), listed with their initiator.
 * - Candidate: a fresh browser context (service workers blocked) visits the board once, waits
 *   until the folder's records are kept on the device, then reloads; the time runs from the
 *   reload's navigation start to the animation frame after the first item row is in the grid.
 * - Baseline: the board page as that reload drew it, saved as a static HTML document (scripts
 *   removed, the same stylesheet) and served from the same origin; its first contentful paint in
 *   the same kind of fresh context, second visit (stylesheet cached).
 * - WARMUP rounds, then ROUNDS rounds (env ROUNDS, default 7) alternating the two; ratio =
 *   median(candidate) / median(baseline). With TRACE=1 each reload prints its resource timings
 *   (start-end ms, bytes over the wire, address), to see what a load waits on; with PROFILE=1
 *   its main thread's time by script and function (Chromium's sampling profiler); STAGES,
 *   FIBERS, TRACE_FILE and UNMINIFIED: bench/lib/first-load-diagnostics.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSession } from '../apps/server/src/modules/auth/sessions.service';
import { launchChromium } from '../e2e/browser';
import { type BenchBoard, insertBenchItems } from './lib/board-fixture';
import { fiberCensus, readStages, startTrace, WATCH_STAGES } from './lib/first-load-diagnostics';
import { startProfiler } from './lib/profiler';
import { buildWebApp, putView, serveBenchBoard, within as withinMs } from './lib/served-board';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const ITEMS = 100;
const WARMUP = 1;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const VISIT_TIMEOUT_MS = 30_000;
/** After the first row, how long the page may go on asking before its requests are counted. */
const SETTLE_MS = 4_000;
const STATIC_PAGE = 'bench-static-board.html';

/** Resolves `window.__firstRow` with the frame time of the first item row in the grid. */
const WATCH_FIRST_ROW = `
window.__firstRow = new Promise((resolve) => {
  const drawn = () => document.querySelector('[role="grid"] [role="row"][data-item-id]');
  const observer = new MutationObserver(check);
  function check() {
    if (!drawn()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      drawn().getBoundingClientRect();
      resolve(performance.now());
    });
  }
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document.body, { childList: true, subtree: true });
    check();
  });
});
`;

/** Resolves once IndexedDB keeps the folder's items (the second visit can then read them). */
const KEPT_ON_DEVICE = `async (folderId) => {
  for (;;) {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('strata-records');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const names = db.objectStoreNames.contains('collections')
      ? await new Promise((resolve) => {
          const all = db.transaction('collections').objectStore('collections').getAllKeys();
          all.onsuccess = () => resolve(all.result.map(String));
        })
      : [];
    db.close();
    if (names.some((name) => name.endsWith(':f' + folderId + ':items'))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}`;

const within = <T>(promise: Promise<T>, what: string) => withinMs(promise, what, VISIT_TIMEOUT_MS);

async function newContext(browser: Browser, token: unknown): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  await context.addInitScript(
    (value) => window.localStorage.setItem('strata.token', value),
    JSON.stringify(token),
  );
  await context.addInitScript({ content: WATCH_FIRST_ROW });
  if (process.env.STAGES) await context.addInitScript({ content: WATCH_STAGES });
  return context;
}

interface BoardVisit {
  ms: number;
  /** API requests of the reload, in order, as `METHOD path?query`. */
  requests: string[];
  html: string;
}

/** Visits the board, waits for its records on the device, and measures the reload. */
async function visitBoard(
  browser: Browser,
  url: string,
  folderId: string,
  token: unknown,
): Promise<BoardVisit> {
  const context = await newContext(browser, token);
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(url, { waitUntil: 'commit' });
    await within(page.evaluate('window.__firstRow'), 'first visit drew no row');
    await within(page.evaluate(`(${KEPT_ON_DEVICE})(${JSON.stringify(folderId)})`), 'items not kept');
    const profiler = process.env.PROFILE ? await startProfiler(context, page) : undefined;
    const stopTrace = await startTrace(browser, page);
    await page.reload({ waitUntil: 'commit' });
    const ms = (await within(page.evaluate('window.__firstRow'), 'reload drew no row')) as number;
    await stopTrace();
    if (profiler) console.log(await profiler.stop(), ms);
    if (process.env.STAGES) console.log(`first row ${Math.round(ms)} ms; stages: ${await readStages(page)}`);
    if (process.env.FIBERS) console.log(await fiberCensus(page));
    await page.waitForTimeout(SETTLE_MS);
    const requests = await apiRequests(page);
    if (problems.length > 0) throw new Error(`the page failed: ${problems.join('; ')}`);
    const html = await staticCopy(page);
    if (process.env.TRACE)
      console.log(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((e) => {
              const r = e as PerformanceResourceTiming;
              return `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${r.transferSize} ${r.name.replace(location.origin, '')}`;
            })
            .join('\n'),
        ),
        ms,
      );
    return { ms, requests, html };
  } finally {
    await context.close();
  }
}

/**
 * The API requests of the load that reached the server, in order, as `METHOD path?query` (the
 * method as resource timing knows it: fetch's initiator). Answers the browser took from its own
 * cache (an avatar image) sent nothing, so they are not counted.
 */
async function apiRequests(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/') && entry.transferSize > 0)
      .map((entry) => {
        const url = new URL(entry.name);
        return `${entry.initiatorType} ${url.pathname}${url.search}`;
      }),
  );
}

/** The page as drawn, without scripts: what a server-rendered copy of it would send. */
async function staticCopy(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const script of Array.from(copy.querySelectorAll('script, link[rel="modulepreload"]')))
      script.remove();
    return `<!doctype html>\n${copy.outerHTML}`;
  });
}

/** First contentful paint of the static copy, on its second visit in a fresh context. */
async function visitStatic(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.reload({ waitUntil: 'load' });
    const fcp = await within(
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
              if (entry) resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      ),
      'static page painted nothing',
    );
    return fcp;
  } finally {
    await context.close();
  }
}

/** Requests made more than once in one load. */
function repeated(requests: string[]): string[] {
  const seen = new Map<string, number>();
  for (const request of requests) seen.set(request, (seen.get(request) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([request, n]) => `${request} x${n}`);
}

export async function run(): Promise<BenchResult> {
  const work = mkdtempSync(join(tmpdir(), 'strata-first-load-'));
  const outDir = join(work, 'web');
  let board: BenchBoard | null = null;
  let browser: Browser | null = null;
  try {
    await buildWebApp(outDir);
    // The static copy is written before the server starts: its static files are listed then.
    writeFileSync(join(outDir, STATIC_PAGE), '<!doctype html><title>placeholder</title>');
    const served = await serveBenchBoard(outDir);
    board = served.board;
    const baseUrl = served.origin;
    await insertBenchItems(board, board.folderId, ITEMS);
    const viewId = await putView(board, board.folderId, 'table', 'Bench table');
    const boardUrl = `${baseUrl}/b/${board.boardId}/${board.folderId}?view=${viewId}`;
    const { record: token } = await createSession({ ctx: board.app.ctx, userId: board.ownerId });
    browser = await launchChromium();

    const first = await visitBoard(browser, boardUrl, board.folderId, token);
    writeFileSync(join(outDir, STATIC_PAGE), first.html);
    const staticUrl = `${baseUrl}/${STATIC_PAGE}`;
    const candidate: BoardVisit[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const pair = [
        async () => candidate.push(await visitBoard(browser!, boardUrl, board!.folderId, token)),
        async () => baseline.push(await visitStatic(browser!, staticUrl)),
      ];
      for (const step of i % 2 === 0 ? pair : pair.reverse()) await step();
      if (i < WARMUP) {
        candidate.length = 0;
        baseline.length = 0;
      }
    }
    const boardMs = median(candidate.map((v) => v.ms));
    const staticMs = median(baseline);
    const last = candidate.at(-1)!;
    return {
      name: 'board-first-load',
      ratio: boardMs / staticMs,
      goal: '<=2',
      details: {
        first_row_ms: round(boardMs),
        static_paint_ms: round(staticMs),
        static_kb: round(first.html.length / 1024),
        api_requests: last.requests.length,
        api_requests_goal: '<=8',
        repeated: repeated(last.requests).join(', ') || 'none',
        requests: last.requests.join(' | '),
      },
    };
  } finally {
    await browser?.close();
    await board?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
