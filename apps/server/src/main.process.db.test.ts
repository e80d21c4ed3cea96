import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { serverRoot } from './lib/paths';

const repoRoot = join(serverRoot(), '../..');
const entry = join(serverRoot(), 'src/main.ts');
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(dataDir: string, port: number): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output, exited: new Promise((r) => child.on('exit', (code) => r(code))) };
}

async function waitHealthy(port: number, run: Run): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    if (run.child.exitCode !== null) throw new Error(`server exited:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${run.output()}`);
}

describe('the server process', () => {
  test('a second process on the same DATA_DIR fails at once; SIGTERM stops cleanly; a crash leaves no blocking lock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'strata-proc-'));
    const port = await freePort();
    const first = start(dataDir, port);
    await waitHealthy(port, first);

    const second = start(dataDir, await freePort());
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `The data directory ${dataDir} is in use by another Strata process (pid ${first.child.pid}`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    // Restart, then crash with SIGKILL: the lock stays behind but does not block the next start.
    const third = start(dataDir, port);
    await waitHealthy(port, third);
    third.child.kill('SIGKILL');
    await third.exited;
    const fourth = start(dataDir, port);
    await waitHealthy(port, fourth);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  }, 180_000);
});
