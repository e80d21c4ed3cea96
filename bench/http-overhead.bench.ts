/**
 * HTTP overhead: what the app's full plugin stack (helmet, cookies, multipart, rate-limit registration,
 * error handler, auth and idempotency hooks, zod response serialisation) costs on the cheapest route.
 *
 * Method:
 * - The app is built as in production (PGlite in a temporary DATA_DIR, migrations, job queue, logger off)
 *   and listens on 127.0.0.1; `GET /api/health` does no I/O.
 * - The baseline is a bare `node:http` server in the same process answering the same path with the
 *   byte-identical body and the same content-type (both copied from one real app response). It sends
 *   none of the app's other headers (helmet's 11 security headers): that difference is part of the cost.
 * - autocannon (10 connections, keep-alive, no pipelining) runs in one worker thread, so the client has
 *   its own event loop and, on a 2-core machine, roughly its own core while the servers share the main
 *   thread. Running the client on the servers' thread would add the same client cost to both sides and
 *   pull the ratio towards 1.
 * - One discarded 1 s warm-up per server, then 5 rounds of 3 s per server, alternating which server
 *   goes first in each round so drift (thermal, other load, GC state) hits both sides alike.
 * - Throughput is autocannon's mean of per-second request counts for a run; the reported figures are
 *   medians over rounds, and ratio = median app req/s / median bare req/s (goal >= 0.85). p97.5 latency
 *   is reported too, in autocannon's whole-millisecond resolution (autocannon has no p95).
 * - Expect noise: on a shared 2-vCPU VM single 3 s runs of the same server differ by 30% or more; the
 *   medians are steadier, but compare ratios across runs, not single req/s figures across machines.
 * - Every response must be a 2xx with the expected body; a run with errors, timeouts, non-2xx or
 *   mismatched bodies aborts the benchmark instead of reporting a meaningless number.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const PATH = '/api/health';
const ROUNDS = 5;
const DURATION_S = 3;
const WARMUP_S = 1;
const CONNECTIONS = 10;

interface Sample {
  rps: number;
  /** autocannon's latency histogram holds whole milliseconds, so this is coarse on loopback. */
  p97_5: number;
}

async function measure(url: string, expectBody: string, duration: number): Promise<Sample> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, workers: 1, expectBody });
  const bad = result.errors + result.timeouts + result.non2xx + result.mismatches;
  if (bad > 0 || result.requests.total === 0) {
    throw new Error(
      `${url}: ${result.requests.total} responses, errors=${result.errors} timeouts=${result.timeouts} ` +
        `non2xx=${result.non2xx} mismatches=${result.mismatches}`,
    );
  }
  return { rps: result.requests.average, p97_5: result.latency.p97_5 };
}

function listenBare(body: string, contentType: string): Promise<Server> {
  const length = String(Buffer.byteLength(body));
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === PATH) {
      response.writeHead(200, { 'content-type': contentType, 'content-length': length });
      response.end(body);
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

export async function run(): Promise<BenchResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'strata-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: undefined,
  });
  const app = await buildApp(config, { logger: false });
  let bare: Server | undefined;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${PATH}`;

    const reference = await fetch(appUrl);
    const body = await reference.text();
    const contentType = reference.headers.get('content-type');
    if (!reference.ok || !contentType) throw new Error(`${appUrl} answered ${reference.status}: ${body}`);

    bare = await listenBare(body, contentType);
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${PATH}`;

    const targets = [
      { name: 'app', url: appUrl, samples: [] as Sample[] },
      { name: 'bare', url: bareUrl, samples: [] as Sample[] },
    ];
    for (const target of targets) await measure(target.url, body, WARMUP_S);
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) target.samples.push(await measure(target.url, body, DURATION_S));
    }

    const [appStats, bareStats] = targets.map(({ samples }) => ({
      rps: median(samples.map((s) => s.rps)),
      p97_5: median(samples.map((s) => s.p97_5)),
    }));
    return {
      name: 'http-overhead',
      ratio: appStats!.rps / bareStats!.rps,
      goal: '>=0.85',
      details: {
        app_rps: round(appStats!.rps),
        bare_rps: round(bareStats!.rps),
        app_p97_5_ms: round(appStats!.p97_5, 2),
        bare_p97_5_ms: round(bareStats!.p97_5, 2),
      },
    };
  } finally {
    const server = bare;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
