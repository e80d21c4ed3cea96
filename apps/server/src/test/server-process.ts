import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { serverRoot } from '../lib/paths';

const repoRoot = join(serverRoot(), '../..');
const entry = join(serverRoot(), 'src/main.ts');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `src/main.ts` as a real process, as `npm start` would, listening on 127.0.0.1:port. The
 * caller kills it (or registers it with `killAll`).
 */
export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return {
    child,
    port,
    output: () => output,
    exited: new Promise((r) => child.on('exit', (code) => r(code))),
  };
}

/** Resolves once GET /api/health answers 200; throws with the process output if it exits or stalls. */
export async function waitHealthy(run: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${run.port}/api/health`)).ok) return;
    } catch {}
    if (run.child.exitCode !== null) throw new Error(`server exited:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${run.output()}`);
}
