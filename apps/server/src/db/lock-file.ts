import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  path: string;
  release(): void;
}

interface LockContent {
  pid: number;
  host: string;
  started_at: string;
}

/**
 * Takes the data directory for this process. PGlite has no lock of its own and a second process
 * would silently lose writes, so a second start fails at once. A lock whose process is gone
 * (crash, kill -9) is stale and taken over.
 */
export function acquireDataDirLock(
  dataDir: string,
  isAlive: (pid: number) => boolean = processIsAlive,
): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'strata.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      const content: LockContent = {
        pid: process.pid,
        host: hostname(),
        started_at: new Date().toISOString(),
      };
      writeSync(fd, JSON.stringify(content));
      closeSync(fd);
      return { path, release: () => releaseIfOurs(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(path);
    if (holder && holder.host === hostname() && holder.pid !== process.pid && isAlive(holder.pid)) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another Strata process (pid ${holder.pid}, started ${holder.started_at}). ` +
          'Stop that process, or start this one with another DATA_DIR or with DATABASE_URL.',
      );
    }
    if (holder && holder.host !== hostname()) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is locked by host ${holder.host} (pid ${holder.pid}). ` +
          `If that process is gone, delete ${path}.`,
      );
    }
    // Stale (dead pid, unreadable content, or our own pid from a previous life): remove and retry.
    rmSync(path, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock ${path}: another process keeps taking it.`);
}

function readLock(path: string): LockContent | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as LockContent;
    return typeof value.pid === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function releaseIfOurs(path: string): void {
  const holder = readLock(path);
  if (holder?.pid === process.pid) rmSync(path, { force: true });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
