import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './db/lock-file';
import { serializeError } from './lib/log-errors';

/** Process entry: config -> lock -> database and migrations -> listen; graceful stop on signals. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let lock: DataDirLock | undefined;
  try {
    config = loadConfig();
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`strata: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      lock?.release();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
    } finally {
      lock?.release();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await app.close().catch(() => {});
    lock?.release();
    process.exit(1);
  }
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  app.log.info(`Strata ${config.appVersion} on ${config.appUrl} — data: ${storage}`);
  if (config.devMailEnabled) {
    // The outbox answers loopback addresses only, so APP_URL (often a public name) is not the way in.
    app.log.info(
      `Mail is not sent (no SMTP_URL): read it at http://localhost:${config.port}/dev/mail from this machine`,
    );
  }
}

main().catch((error) => {
  // A failed query (a migration, the first writes) is told without its parameters, as in the log;
  // its stack goes on with the database's own error ("caused by: ...").
  process.stderr.write(
    `strata: failed to start: ${error instanceof Error ? serializeError(error).stack : String(error)}\n`,
  );
  process.exit(1);
});
