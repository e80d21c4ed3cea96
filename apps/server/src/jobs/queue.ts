import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { type Database, type DbOrTx, drizzleExecutor } from '../db/client';
import { withSchemaLock } from '../db/migrate';

export interface JobDefinition<T> {
  name: string;
  /** Retries with exponential backoff before the job is marked failed (and kept for inspection). */
  retryLimit: number;
  handler: (data: T) => Promise<void>;
  /**
   * Handles a whole fetch at once instead of `handler` one job after another (automations' runs
   * are performed together): a throw retries every job of the fetch, so it must be safe to repeat.
   */
  handleMany?: (data: T[]) => Promise<void>;
  /**
   * Jobs fetched at once (1 by default), handled one after another: pg-boss waits its polling
   * interval between fetches unless woken, so a kind that comes in bursts takes many per fetch.
   */
  batchSize?: number;
}

export interface JobQueue {
  /**
   * Enqueues inside `db` (pass the open transaction so the job commits or rolls back with it);
   * `startAfterSeconds` holds it back that long.
   */
  enqueue<T extends object>(
    db: DbOrTx,
    name: string,
    data: T,
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  /** Several jobs of one kind in one statement (a notification for 200 people), as `enqueue` each. */
  enqueueMany<T extends object>(
    db: DbOrTx,
    name: string,
    data: readonly T[],
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  register<T>(definition: JobDefinition<T>): void;
  /**
   * Starts a registered job by pg-boss's scheduler on a cron (UTC), once per time across every
   * process sharing the database.
   */
  every(name: string, cron: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Jobs not yet finished (created, retry or active), for tests and the health route. */
  pendingCount(name: string): Promise<number>;
  /**
   * Makes the workers of `name` look for jobs now instead of at their next poll (tests waiting for
   * a job's effect; a job enqueued in a transaction is only seen after its commit).
   */
  wake(name: string): void;
}

/**
 * The job queue is pg-boss on our own database: on PostgreSQL with its own pool; on PGlite
 * in-process through the shared single connection.
 */
export function createJobQueue(
  database: Database,
  logger: Logger,
  options: { pollingIntervalSeconds?: number } = {},
): JobQueue {
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.connectionString, max: 4 })
      : new PgBoss({ db: { executeSql: database.executeSql } });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, JobDefinition<unknown>>();
  const workerIds = new Map<string, string>();
  const crons = new Map<string, string>();
  let started = false;

  return {
    async enqueue(db, name, data, options = {}) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`Unknown job ${name}`);
      await boss.send(name, data, {
        db: { executeSql: drizzleExecutor(db) },
        retryLimit: definition.retryLimit,
        retryBackoff: true,
        retryDelay: 2,
        // As a time, not a number of seconds: PGlite types pg-boss's parameter as a timestamp.
        ...(options.startAfterSeconds
          ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) }
          : {}),
      });
    },
    async enqueueMany(db, name, data, options = {}) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`Unknown job ${name}`);
      if (data.length === 0) return;
      const startAfter = options.startAfterSeconds
        ? new Date(Date.now() + options.startAfterSeconds * 1000).toISOString()
        : undefined;
      const jobs = data.map((item) => ({
        name,
        data: item,
        retryLimit: definition.retryLimit,
        retryBackoff: true,
        retryDelay: 2,
        ...(startAfter ? { startAfter } : {}),
      }));
      await boss.insert(jobs, { db: { executeSql: drizzleExecutor(db) } } as Parameters<
        typeof boss.insert
      >[1]);
    },
    register(definition) {
      definitions.set(definition.name, definition as JobDefinition<unknown>);
    },
    every(name, cron) {
      crons.set(name, cron);
    },
    async start() {
      // pg-boss locks its own schema's creation but not a queue's (a table partition each): two
      // processes creating the same queues at once deadlock, so both happen under the schema lock.
      const prepare = async () => {
        await boss.start();
        for (const definition of definitions.values()) await boss.createQueue(definition.name);
        for (const [name, cron] of crons) await boss.schedule(name, cron, {}, { tz: 'UTC' });
      };
      if (database.connectionString) await withSchemaLock(database.connectionString, prepare);
      else await prepare();
      for (const definition of definitions.values()) {
        const workerId = await boss.work(
          definition.name,
          {
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
            batchSize: definition.batchSize ?? 1,
          },
          async (jobs) => {
            if (definition.handleMany) {
              try {
                await definition.handleMany(jobs.map((job) => job.data));
              } catch (error) {
                logger.warn({ err: error, job: definition.name }, 'jobs failed; they will be retried');
                throw error;
              }
              return;
            }
            for (const job of jobs) {
              try {
                await definition.handler(job.data);
              } catch (error) {
                logger.warn(
                  { err: error, job: definition.name, id: job.id },
                  'job failed; it will be retried',
                );
                throw error;
              }
            }
          },
        );
        workerIds.set(definition.name, workerId);
      }
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: database.kind === 'postgres', timeout: 10_000 });
    },
    async pendingCount(name) {
      const { rows } = await database.executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
        [name],
      );
      return Number(rows[0]?.n ?? 0);
    },
    wake(name) {
      const workerId = workerIds.get(name);
      if (started && workerId) boss.notifyWorker(workerId);
    },
  };
}
