import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort, type ServerProcess, startServerProcess, waitHealthy } from './test/server-process';

const started: ServerProcess[] = [];
afterAll(() => {
  for (const run of started) run.child.kill('SIGKILL');
});

function start(dataDir: string, port: number): ServerProcess {
  const run = startServerProcess(port, { DATA_DIR: dataDir });
  started.push(run);
  return run;
}

describe('the server process', () => {
  test('a second process on the same DATA_DIR fails at once; SIGTERM stops cleanly; a crash leaves no blocking lock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'strata-proc-'));
    const port = await freePort();
    const first = start(dataDir, port);
    await waitHealthy(first);

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
    await waitHealthy(third);
    third.child.kill('SIGKILL');
    await third.exited;
    const fourth = start(dataDir, port);
    await waitHealthy(fourth);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  }, 180_000);
});
