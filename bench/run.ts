/**
 * Benchmark runner: `npm run bench` runs every `bench/<name>.bench.ts`, `npm run bench -- NAME [NAME...]`
 * only those, one after another. Each prints one line per goal it measures (most have one):
 *
 *   http-overhead ratio=0.912 goal=>=0.85 app_rps=12345 bare_rps=13530
 *
 * A ratio that misses its goal is reported, not failed: benchmarks are measurements, not tests. The exit
 * code is 1 only for an unknown name or a benchmark that throws.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchModule, BenchResult } from './lib/types';

const SUFFIX = '.bench.ts';
const benchDir = dirname(fileURLToPath(import.meta.url));

function availableBenchmarks(): string[] {
  return readdirSync(benchDir)
    .filter((file) => file.endsWith(SUFFIX))
    .map((file) => file.slice(0, -SUFFIX.length))
    .sort();
}

function formatResult(result: BenchResult): string {
  const pairs = Object.entries(result.details).map(([key, value]) => `${key}=${value}`);
  return [result.name, `ratio=${result.ratio.toFixed(3)}`, `goal=${result.goal}`, ...pairs].join(' ');
}

async function runOne(name: string): Promise<BenchResult | BenchResult[]> {
  const mod = (await import(pathToFileURL(join(benchDir, `${name}${SUFFIX}`)).href)) as Partial<BenchModule>;
  if (typeof mod.run !== 'function') throw new Error(`${name}${SUFFIX} does not export run()`);
  return mod.run();
}

async function main(): Promise<number> {
  const available = availableBenchmarks();
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark: ${unknown.join(', ')}`);
    console.error(`Available: ${available.join(', ') || '(none)'}`);
    return 1;
  }

  let failed = false;
  for (const name of requested.length > 0 ? requested : available) {
    try {
      for (const result of [await runOne(name)].flat()) console.log(formatResult(result));
    } catch (error) {
      failed = true;
      console.error(`${name} failed:`, error);
    }
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
