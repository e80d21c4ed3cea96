import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol: the app's CSP (rightly) refuses injected script tags.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (or only in the element `within` selects, for a test about one
 * widget); answers the serious and critical violations.
 */
export async function seriousViolations(page: Page, within?: string): Promise<Violation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global by the script tag
    const axe = (window as any).axe;
    const context = selector ? document.querySelector(selector) : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  }, within);
}
