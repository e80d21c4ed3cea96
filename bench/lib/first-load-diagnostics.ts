/**
 * What `board-first-load` can tell besides its ratio, to see where a warm reload's time goes:
 * - STAGES=1: when each part of the board page first appeared (the frame, the board's header,
 *   the view tabs, the grid, the first row), from a mutation observer, in ms from navigation, with
 *   how many there were then (the rows drawn in the first row's frame).
 * - FIBERS=1: the React fibers mounted at the first row, by the page region they sit in and by
 *   component, from a walk of React's tree.
 * - TRACE_FILE=path: a Chromium trace of the reload to the first row, written to path (open it in
 *   the DevTools performance panel).
 * - UNMINIFIED=1 (bench/lib/served-board.ts): the web app built without minifying, so PROFILE=1
 *   names functions.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

const STAGES = [
  'nav',
  '[aria-label="Board actions"]',
  '[role=tablist]',
  '[role=grid]',
  '[role=grid] [role=row][data-item-id]',
];

/** An init script that notes when each of STAGES first shows (`window.__stages`). */
export const WATCH_STAGES = `window.__stages = [];
const stages = ${JSON.stringify(STAGES)};
const seen = new Set();
new MutationObserver(() => {
  for (const stage of stages)
    if (!seen.has(stage) && document.querySelector(stage)) {
      seen.add(stage);
      window.__stages.push(stage + ' @' + Math.round(performance.now()) + ' (' + document.querySelectorAll(stage).length + ')');
    }
}).observe(document, { childList: true, subtree: true });`;

export function readStages(page: Page): Promise<string> {
  return page.evaluate('window.__stages.join(", ")') as Promise<string>;
}

/** Counts the page's React fibers by region (the nearest landmark, tab list or grid) and by component. */
const FIBER_CENSUS = `(() => {
  const container = document.getElementById('root');
  let fiber = container[Object.keys(container).find((key) => key.startsWith('__reactContainer'))];
  const regions = ['[role=grid]', '[role=tablist]', 'nav', 'aside', 'header', 'main'];
  const byRegion = {};
  const byComponent = {};
  const walk = (node, region) => {
    for (; node; node = node.sibling) {
      let here = region;
      if (node.tag === 5 && node.stateNode instanceof Element) {
        const match = regions.find((selector) => node.stateNode.matches(selector));
        if (match) here = match + ' ' + (node.stateNode.getAttribute('aria-label') ?? '');
      }
      byRegion[here] = (byRegion[here] ?? 0) + 1;
      const type = node.type;
      const name = typeof type === 'string' ? type : type?.displayName || type?.name || 'tag ' + node.tag;
      byComponent[here + ': ' + name] = (byComponent[here + ': ' + name] ?? 0) + 1;
      walk(node.child, here);
    }
  };
  walk(fiber.child ?? fiber, 'root');
  const top = (counts, n) => Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => v + ' ' + k);
  return ['fibers by region:', ...top(byRegion, 20), 'fibers by component:', ...top(byComponent, 40)].join('\\n');
})()`;

export function fiberCensus(page: Page): Promise<string> {
  return page.evaluate(FIBER_CENSUS) as Promise<string>;
}

/** Starts a Chromium trace of the page when TRACE_FILE is set; the answer stops it and writes the file. */
export async function startTrace(browser: Browser, page: Page): Promise<() => Promise<void>> {
  const path = process.env.TRACE_FILE;
  if (!path) return async () => {};
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'v8.execute',
      'blink',
      'loading',
      'blink.user_timing',
    ],
  });
  return async () => writeFileSync(path, await browser.stopTracing());
}
