import type { Logger } from 'pino';
import type { HotCaches } from './cache/hot-caches';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Clock } from './lib/clock';

/** What every service needs, built once in buildApp and passed as `ctx`. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  log: Logger;
  /** Hot-path reads kept in memory, dropped by the writes that change them (cache/hot-caches.ts). */
  caches: HotCaches;
  /** Autobot's user id: who automations' changes are made by (app variable automation.user_id). */
  autobotId: number;
}
