import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** PUT a JSON body here to set what the status service answers (null: 204). */
    statusControlUrl: string;
  }
}

/**
 * A stand-in for the status-message service on its own origin: GET /message answers 204, or
 * 200 with `{ content }` once a test PUTs a message to /control.
 */
async function startStatusService(): Promise<{ url: string; close(): Promise<void> }> {
  let content: string | null = null;
  const server = createHttpServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'PUT' && request.url === '/control') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        content = (JSON.parse(body) as { content: string | null }).content;
        response.writeHead(204).end();
      });
      return;
    }
    if (request.url === '/message' && content) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ content }));
      return;
    }
    response.writeHead(request.url === '/message' ? 204 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server the way a user does (`npm start`: build if needed, then serve) on a
 * free port with a fresh data directory, or uses E2E_BASE_URL when given.
 */
export default async function setup(project: TestProject) {
  const status = await startStatusService();
  project.provide('statusControlUrl', `${status.url}/control`);
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL);
    return () => status.close();
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'strata-e2e-'));
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      APP_URL: `http://127.0.0.1:${port}`,
      STATUS_MESSAGE_URL: status.url,
      // The suite signs up many people from one address within a minute; the limit itself is
      // tested in the API suite.
      AUTH_RATE_LIMIT: '1000',
      // Time triggers are tried by moving the server's clock (POST /api/dev/clock).
      TEST_TIME_SOURCE: '1',
      // The webhook tests' receivers listen on this machine.
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the server did not start within 240 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    await status.close();
  };
}
