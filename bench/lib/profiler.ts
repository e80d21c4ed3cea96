/**
 * Chromium's sampling profiler over a page's main thread, for the render benches' PROFILE=1:
 * `stop` answers the self time by script and by function (the 25 largest), to see what a load
 * spends its time on.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** Starts the profiler on the page; `stop` ends it and answers its summary. */
export async function startProfiler(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      const self = new Map<number, number>();
      for (const [at, id] of (profile.samples ?? []).entries())
        self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[at] ?? 0));
      const byScript = new Map<string, number>();
      const byFunction = new Map<string, number>();
      for (const node of profile.nodes) {
        const us = self.get(node.id) ?? 0;
        const script = node.callFrame.url.split('/').pop() || node.callFrame.functionName;
        const fn = `${node.callFrame.functionName || '(anonymous)'} ${script}:${node.callFrame.lineNumber}`;
        byScript.set(script, (byScript.get(script) ?? 0) + us);
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      }
      const top = (map: Map<string, number>) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([name, us]) => `${(us / 1000).toFixed(1)} ms ${name}`)
          .join('\n');
      return `by script:\n${top(byScript)}\nby function:\n${top(byFunction)}`;
    },
  };
}
