import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, driven by playwright-core (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

const shots = fileURLToPath(new URL('../.test-results/screenshots/', import.meta.url));

/** Saves a screenshot for people to look at (not compared). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** Collects console errors and failed requests, so a test can assert a clean page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A failed load names no address in its text: the location carries it.
    if (message.type() === 'error') {
      const where = message.text().startsWith('Failed to load resource')
        ? ` (${message.location().url})`
        : '';
      problems.push(`${message.text()}${where}`);
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
