/**
 * Lighthouse: the sign-in page and a board page of 100 items, audited by Lighthouse in Debian's
 * Chromium with its default mobile settings (simulated slow 4G and a slower CPU) and with its
 * desktop preset, against the goals of the first-load work: performance >= 90 on /login and >= 80
 * on the board (mobile), >= 95 on both (desktop); accessibility and best practices 100; SEO >= 90
 * on the public page. The ratio is the worst of score / goal over all of them (goal >= 1); every
 * score is printed.
 *
 * Method: the web app as users get it (production build), served with the API by one app as in
 * production on a PGlite data directory on a local port (so with compression and precompressed
 * files); the board as in board-first-load. The board page is audited signed in: the session is
 * put in the page's storage first and Lighthouse is told not to clear it, so each audit is a
 * first visit of the page with a session (HTTP cache and IndexedDB empty). With TRACE=1 each
 * audit prints the weighted audits that did not pass, by category.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { createSession } from '../apps/server/src/modules/auth/sessions.service';
import { CHROMIUM_FLAGS } from '../e2e/browser';
import { type BenchBoard, insertBenchItems } from './lib/board-fixture';
import { buildWebApp, putView, serveBenchBoard } from './lib/served-board';
import type { BenchResult } from './lib/types';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number>;
/** The metrics behind the performance score, in ms (CLS x1000), to see what a score is made of. */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'speed-index',
  'cumulative-layout-shift',
] as const;

interface Audit {
  page: 'login' | 'board';
  preset: 'mobile' | 'desktop';
  goals: Partial<Scores>;
}

const AUDITS: Audit[] = [
  {
    page: 'login',
    preset: 'mobile',
    goals: { performance: 90, accessibility: 100, 'best-practices': 100, seo: 90 },
  },
  {
    page: 'login',
    preset: 'desktop',
    goals: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 90 },
  },
  { page: 'board', preset: 'mobile', goals: { performance: 80, accessibility: 100, 'best-practices': 100 } },
  { page: 'board', preset: 'desktop', goals: { performance: 95, accessibility: 100, 'best-practices': 100 } },
];

async function audit(
  port: number,
  url: string,
  preset: Audit['preset'],
): Promise<{ scores: Scores; metrics: string }> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const scores = {} as Scores;
  for (const category of CATEGORIES)
    scores[category] = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
  if (process.env.TRACE) {
    // What kept a category below 100: its weighted audits that did not pass.
    for (const category of CATEGORIES) {
      const failing = (result.lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => {
          const items =
            (result.lhr.audits[ref.id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
          return `${ref.id}=${result.lhr.audits[ref.id]?.score} ${JSON.stringify(items).slice(0, 400)}`;
        });
      console.log(`${url} ${preset} ${category}: ${failing.join(', ') || 'all pass'}`);
    }
    // Where the main thread's time went: by script, and the long tasks.
    for (const id of ['bootup-time', 'long-tasks', 'mainthread-work-breakdown']) {
      const items = (result.lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
      console.log(`${preset} ${id}: ${JSON.stringify(items.slice(0, 12))}`);
    }
  }
  const metrics = METRICS.map((id) =>
    Math.round(
      (result.lhr.audits[id]?.numericValue ?? Number.NaN) * (id === 'cumulative-layout-shift' ? 1000 : 1),
    ),
  ).join('/');
  return { scores, metrics };
}

/** Puts the session into the origin's storage, or takes it out. */
async function setSession(chromePort: number, origin: string, token: unknown | null): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate(
      (value) => {
        window.localStorage.clear();
        if (value) window.localStorage.setItem('strata.token', value);
      },
      token === null ? null : JSON.stringify(token),
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * With TRACE: the page's issues as Chrome reports them (Lighthouse's best-practices audit only
 * counts them) and the elements that moved during the load, by size of the shift.
 */
async function traceIssues(chromePort: number, origin: string, token: unknown, url: string): Promise<void> {
  await setSession(chromePort, origin, token);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
    const cdp = await page.createCDPSession();
    cdp.on('Audits.issueAdded', (event) => console.log(`issue: ${JSON.stringify(event.issue)}`));
    await cdp.send('Audits.enable');
    await page.evaluateOnNewDocument(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[];
        }[]) {
          const sources = entry.sources.map((source) => {
            const node = source.node as Element | undefined;
            const name = node ? `${node.nodeName}.${node.className || ''}` : '?';
            return `${name} ${JSON.stringify(source.previousRect)}->${JSON.stringify(source.currentRect)}`;
          });
          console.log(`layout-shift ${entry.value.toFixed(3)} ${sources.join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    page.on('console', (message) => {
      if (message.text().startsWith('layout-shift')) console.log(message.text());
    });
    await page.goto(url, { waitUntil: 'networkidle0' });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

export async function run(): Promise<BenchResult> {
  const work = mkdtempSync(join(tmpdir(), 'strata-lighthouse-'));
  const outDir = join(work, 'web');
  let board: BenchBoard | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    await buildWebApp(outDir);
    const served = await serveBenchBoard(outDir);
    board = served.board;
    const origin = served.origin;
    await insertBenchItems(board, board.folderId, 100);
    const viewId = await putView(board, board.folderId, 'table', 'Table');
    const { record: token } = await createSession({ ctx: board.app.ctx, userId: board.ownerId });
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROMIUM_FLAGS,
    });
    const urls = {
      login: `${origin}/login`,
      board: `${origin}/b/${board.boardId}/${board.folderId}?view=${viewId}`,
    };
    if (process.env.TRACE) await traceIssues(chrome.port, origin, token, urls.board);
    const details: Record<string, number | string> = {};
    const ratios: number[] = [];
    // ONLY=board-mobile (page-preset, comma-separated) audits only those: for tracing one.
    const only = process.env.ONLY?.split(',');
    for (const { page, preset, goals } of AUDITS.filter(
      (a) => !only || only.includes(`${a.page}-${a.preset}`),
    )) {
      await setSession(chrome.port, origin, page === 'board' ? token : null);
      const { scores, metrics } = await audit(chrome.port, urls[page], preset);
      details[`${page}_${preset}`] = CATEGORIES.map((category) => scores[category]).join('/');
      details[`${page}_${preset}_ms`] = metrics;
      for (const [category, goal] of Object.entries(goals)) ratios.push(scores[category as Category] / goal);
    }
    details.order = CATEGORIES.join('/');
    details.ms_order = 'fcp/lcp/tbt/si/cls_x1000';
    return { name: 'lighthouse', ratio: Math.min(...ratios), goal: '>=1', details };
  } finally {
    chrome?.kill();
    await board?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
