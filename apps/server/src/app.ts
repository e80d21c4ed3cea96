import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream, Logger } from 'pino';
import { trackCommits } from './cache/commit-hooks';
import { createHotCaches } from './cache/hot-caches';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { createDispatcher, type Dispatcher, purgeDispatchedEvents } from './events/dispatcher';
import { registerAuthentication } from './http/authenticate';
import { registerChangeCursor } from './http/change-cursor';
import { registerClientVersion } from './http/client-version';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/error-handler';
import { purgeIdempotencyKeys, registerIdempotency } from './http/idempotency';
import { registerInputPolicy } from './http/input-policy';
import { registerSecurity } from './http/security';
import { findAutobotId } from './modules/automations/autobot';
import { registerAutomationRunner } from './modules/automations/automation-batch';
import { registerAutomationClock } from './modules/automations/automation-clock';
import { createAutomationTrigger } from './modules/automations/automation-trigger';
import { automationRoutes } from './modules/automations/automations.routes';
import { registerHookDelivery } from './modules/hooks/hook-delivery';
import { createHookFanout } from './modules/hooks/hook-fanout';
import { hookRoutes } from './modules/hooks/hooks.routes';
import { MovableClock, testClockRoutes } from './modules/platform/test-clock.routes';
import './http/types';
import { readWebIndex, registerWebApp } from './http/web-app';
import { createJobQueue } from './jobs/queue';
import { type Clock, systemClock } from './lib/clock';
import { serializeError } from './lib/log-errors';
import { requestForLog } from './lib/log-requests';
import { createMailTransport, MAIL_JOB, type OutgoingMail } from './mail/mail';
import { activityRoutes } from './modules/activity/activity.routes';
import { attachmentRoutes } from './modules/attachments/attachments.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { purgeExpiredAuthRows } from './modules/auth/maintenance';
import { boardLookupRoutes } from './modules/boards/board-lookup.routes';
import { boardRoutes } from './modules/boards/boards.routes';
import { changeRoutes } from './modules/changes/changes.routes';
import { commentRoutes } from './modules/comments/comments.routes';
import { createCollabServer } from './modules/documents/collab-server';
import { documentVersionRoutes } from './modules/documents/document-versions.routes';
import { publishedRoutes } from './modules/documents/published.routes';
import { exportRoutes } from './modules/exports/exports.routes';
import { formRoutes } from './modules/forms/forms.routes';
import { invitationAcceptanceRoutes } from './modules/invitations/acceptance.routes';
import { myInvitationRoutes } from './modules/invitations/my-invitations.routes';
import { readCommittedItems } from './modules/items/items.read';
import { itemRoutes } from './modules/items/items.routes';
import { fileRoutes } from './modules/me/files.routes';
import { meRoutes } from './modules/me/me.routes';
import { itemFollowRoutes } from './modules/notifications/item-follow';
import { itemFollowersRoutes } from './modules/notifications/item-followers';
import { registerNotificationEmail } from './modules/notifications/notification-email';
import { notificationPreferenceRoutes } from './modules/notifications/notification-preferences';
import {
  createNotificationProducer,
  registerNotificationProducer,
} from './modules/notifications/notification-producer';
import { registerNotificationPush } from './modules/notifications/notification-push';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { pushSubscriptionRoutes } from './modules/notifications/push-subscriptions.routes';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe.routes';
import { viewFollowersRoutes } from './modules/notifications/view-followers';
import { announceVersion } from './modules/platform/announce-version';
import { devMailRoutes } from './modules/platform/dev-mail.routes';
import { logRoutes } from './modules/platform/log.routes';
import { platformRoutes } from './modules/platform/platform.routes';
import { publicBoardRoutes } from './modules/public-boards/public-boards.routes';
import { referenceRoutes } from './modules/references/references.routes';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchIndexer, repairItemTexts } from './modules/search/search-indexer';
import { invitationRoutes } from './modules/teams/invitations.routes';
import { memberRoutes } from './modules/teams/members.routes';
import { permissionRecordRoutes } from './modules/teams/permission-records.routes';
import { permissionRoutes } from './modules/teams/permissions.routes';
import { subscriptionRoutes } from './modules/teams/subscription.routes';
import { teamPhotoRoutes } from './modules/teams/team-photo.routes';
import { teamRoutes } from './modules/teams/teams.routes';
import { trashRoutes } from './modules/trash/trash.routes';
import { calendarFeedRoutes } from './modules/views/calendar-feed.routes';
import { sharedLinkRoutes } from './modules/views/shared-links.routes';
import { viewRoutes } from './modules/views/views.routes';
import { createBus } from './realtime/bus';
import { registerRealtime } from './realtime/register-realtime';

/** How often the maintenance sweep runs (expired keys and rows, old events, search repair). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** The sweep repairs the search text of items changed within this window (two sweeps). */
const SEARCH_REPAIR_WINDOW_MS = 2 * SWEEP_INTERVAL_MS;

export interface BuildOptions {
  /** An open database; by default one is opened from the configuration (and closed with the app). */
  database?: Database;
  clock?: Clock;
  /** false silences the request log (tests). */
  logger?: boolean;
  /** Where the log is written instead of stdout (tests that read it). */
  logStream?: DestinationStream;
  /** Job polling interval; tests shorten it. */
  jobPollingIntervalSeconds?: number;
  /** Events outbox polling interval (requests that write nudge it anyway); tests shorten it. */
  eventPollingIntervalMs?: number;
}

export type App = FastifyInstance & {
  ctx: AppContext;
  /** The events outbox's dispatcher (tests wait for it to settle). */
  dispatcher: Dispatcher;
};

/**
 * Builds the whole server without listening: tests drive it with `inject`, main.ts listens.
 * Migrations run and the job workers start before it resolves.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers["x-authorization-password"]',
              'req.headers.cookie',
            ],
            // A failed query's parameters (a password hash, an email) and a URL's credentials (a
            // calendar feed's token, a link's signature) never reach the log.
            serializers: { err: serializeError, req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
  }) as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await runMigrations(database, config.migrationsDir);
  const jobs = createJobQueue(database, app.log as unknown as Logger, {
    pollingIntervalSeconds: options.jobPollingIntervalSeconds,
  });
  const log = app.log as unknown as Logger;
  // Joins the processes: real-time fan-out and cache invalidations (Redis with REDIS_URL).
  const bus = createBus({ redisUrl: config.redisUrl, channel: `${config.redisKeyPrefix}realtime`, log });
  const caches = createHotCaches({ bus, log });
  trackCommits(database.db, {
    onCommit: (list, sequences) => caches.committed(list, sequences),
    beforeCommit: (tx, sequences) => readCommittedItems(tx, sequences, caches.folders),
  });
  await bus.start();
  // Browser tests of time triggers move the clock (TEST_TIME_SOURCE=1, never in production).
  const movableClock = config.testTimeSource && !options.clock ? new MovableClock() : undefined;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs,
    clock: options.clock ?? movableClock ?? systemClock,
    log,
    caches,
    autobotId: await findAutobotId(database.db),
  };
  app.decorate('ctx', ctx);

  const mail = createMailTransport(config, database.db);
  jobs.register<OutgoingMail>({ name: MAIL_JOB, retryLimit: 10, handler: (m) => mail.send(m) });
  registerNotificationEmail(ctx);
  registerNotificationProducer(ctx);
  registerNotificationPush(ctx);
  registerAutomationRunner(ctx);
  registerAutomationClock(ctx);
  registerHookDelivery(ctx);

  await app.register(swagger, {
    openapi: { info: { title: `${config.appName} API`, version: config.appVersion } },
    transform: jsonSchemaTransform,
  });
  const web = readWebIndex(config, ctx.autobotId);
  await registerSecurity(app, config, web?.scriptHashes);
  registerErrorHandler(app);
  registerInputPolicy(app);
  registerClientVersion(app, config);
  registerAuthentication(app, ctx);
  registerIdempotency(app, ctx);
  registerChangeCursor(app, ctx);
  await registerCompression(app);

  platformRoutes(app, ctx);
  logRoutes(app, ctx);
  // Only the auth routes read or set cookies (the web app's refresh cookie).
  await app.register(async (scope) => {
    await scope.register(cookie);
    authRoutes(scope, ctx);
    invitationAcceptanceRoutes(scope, ctx);
  });
  // Multipart parsing (with its per-request hooks) only where files are uploaded.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: config.photoMaxMb * 1024 * 1024, files: 1, fields: 5 },
    });
    meRoutes(scope, ctx);
    teamPhotoRoutes(scope, ctx);
    attachmentRoutes(scope, ctx);
  });
  fileRoutes(app, ctx);
  teamRoutes(app, ctx);
  subscriptionRoutes(app, ctx);
  memberRoutes(app, ctx);
  invitationRoutes(app, ctx);
  myInvitationRoutes(app, ctx);
  permissionRoutes(app, ctx);
  permissionRecordRoutes(app, ctx);
  boardRoutes(app, ctx);
  itemRoutes(app, ctx);
  referenceRoutes(app, ctx);
  activityRoutes(app, ctx);
  viewRoutes(app, ctx);
  calendarFeedRoutes(app, ctx);
  formRoutes(app, ctx);
  publishedRoutes(app, ctx);
  publicBoardRoutes(app, ctx);
  const collab = createCollabServer(ctx, bus);
  documentVersionRoutes(app, ctx, collab);
  sharedLinkRoutes(app, ctx);
  commentRoutes(app, ctx);
  searchRoutes(app, ctx);
  itemFollowRoutes(app, ctx);
  itemFollowersRoutes(app, ctx);
  viewFollowersRoutes(app, ctx);
  notificationPreferenceRoutes(app, ctx);
  exportRoutes(app, ctx);
  trashRoutes(app, ctx);
  automationRoutes(app, ctx);
  hookRoutes(app, ctx);
  boardLookupRoutes(app, ctx);
  changeRoutes(app, ctx);
  notificationRoutes(app, ctx);
  pushSubscriptionRoutes(app, ctx);
  await app.register(async (scope) => unsubscribeRoutes(scope, ctx));
  devMailRoutes(app, ctx);
  testClockRoutes(app, ctx, movableClock);
  const realtime = await registerRealtime(app, ctx, bus, collab);
  await registerWebApp(app, config, web);

  const dispatcher = createDispatcher({
    db: database.db,
    log: ctx.log,
    subscribers: [
      realtime.subscriber,
      createNotificationProducer(ctx),
      createSearchIndexer(ctx.db),
      createAutomationTrigger(ctx),
      createHookFanout(ctx),
    ],
    pollIntervalMs: options.eventPollingIntervalMs,
  });
  app.decorate('dispatcher', dispatcher);
  // A write answered here has committed its events: send them now rather than at the next poll.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') dispatcher.nudge();
    done();
  });

  await jobs.start();
  await announceVersion(ctx);
  dispatcher.start();
  const sweep = async () => {
    try {
      await purgeIdempotencyKeys(ctx);
      await purgeExpiredAuthRows(ctx);
      await purgeDispatchedEvents({ db: ctx.db, now: ctx.clock.now() });
      await repairItemTexts(ctx.db, new Date(ctx.clock.now().getTime() - SEARCH_REPAIR_WINDOW_MS));
    } catch (error) {
      app.log.warn({ err: error }, 'maintenance sweep failed');
    }
  };
  const sweepTimer = setInterval(sweep, SWEEP_INTERVAL_MS);
  sweepTimer.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweepTimer);
    await dispatcher.stop();
    await realtime.close();
    await jobs.stop();
    mail.close();
    if (ownsDatabase) await database.close();
  });
  return app;
}
