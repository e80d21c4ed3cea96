import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock-file';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function lockOf(dir: string, pid: number) {
  writeFileSync(
    join(dir, 'strata.lock'),
    JSON.stringify({ pid, host: hostname(), started_at: '2026-01-01T00:00:00Z' }),
  );
}

describe('the data directory lock', () => {
  test('is taken on an empty directory and removed on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-lock-'));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  test('held by a live process, it refuses a second process with a clear message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(holder);
    lockOf(dir, holder.pid!);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`in use by another Strata process \\(pid ${holder.pid}`),
    );
  });

  test('left by a process that is gone (a crash), it is stale and taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-lock-'));
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => gone.on('exit', r));
    lockOf(dir, gone.pid!);
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  test('with unreadable content, it is stale and taken over', () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-lock-'));
    writeFileSync(join(dir, 'strata.lock'), 'garbage');
    const lock = acquireDataDirLock(dir);
    expect(existsSync(lock.path)).toBe(true);
    lock.release();
  });

  test('release does not remove a lock another process took since', () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-lock-'));
    const lock = acquireDataDirLock(dir);
    lockOf(dir, 999_999);
    lock.release();
    expect(existsSync(lock.path)).toBe(true);
  });
});
