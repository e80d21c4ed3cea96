import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { serverRoot } from './lib/paths';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * The push services of the browsers (Chrome and Edge's FCM, Firefox's autopush, Windows, Apple):
 * a device token must point at one of them or a subdomain (docs/notifications.md).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;

/** Every setting the server reads from the environment, with its default. The README lists them. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  REDIS_KEY_PREFIX: z.string().default('strata:'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Strata <no-reply@strata.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_NAME: z.string().default('Strata'),
  MIN_CLIENT_VERSION: optionalText,
  FORCE_CLIENT_VERSION: optionalText,
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(300)
    .default(60 * 60 * 24 * 30),
  EMAIL_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24),
  INVITATION_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 7),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  PHOTO_MAX_MB: z.coerce.number().positive().default(5),
  ATTACHMENT_MAX_MB: z.coerce.number().positive().default(25),
  CORS_ORIGINS: optionalText,
  TRUST_PROXY: bool,
  FORCE_RELOAD_ON_DEPLOY: bool,
  PUSHER_APP_KEY: z.string().default('strata'),
  PUSHER_APP_SECRET: optionalText,
  BROADCAST_HOST: optionalText,
  BROADCAST_PORT: z.coerce.number().int().optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  MOBILE_SYNC_THRESHOLD: z.coerce.number().int().min(0).default(1000),
  FEATURES: z.string().default(''),
  /** Seconds a notification waits unread before it is mailed (several within it go as one mail). */
  NOTIFICATION_EMAIL_DELAY_S: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Zero bits a public form's proof of work asks for (domain forms/form-challenge.ts). */
  FORM_CHALLENGE_BITS: z.coerce.number().int().min(0).max(24).default(14),
  /** Answers one public form takes per minute from all its visitors together. */
  FORM_ANSWERS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  STATUS_MESSAGE_URL: optionalText,
  WEB_DIST_DIR: optionalText,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  PASSWORD_HASHING: z.enum(['strong', 'test']).default('strong'),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  PUSH_SERVICE_HOSTS: z.string().default(DEFAULT_PUSH_SERVICE_HOSTS.join(',')),
  OUTGOING_ALLOW_LOOPBACK: bool,
  /** Hosts (host or host:port, comma-separated) webhooks may reach whatever their address: tests, intranet receivers. */
  WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  /** The key (32 bytes, base64) that encrypts stored secrets (webhook secrets); unset, one is kept in the database. */
  SECRETS_KEY: optionalText,
  /** A clock the browser tests move (POST /api/dev/clock); refused in production. */
  TEST_TIME_SOURCE: bool,
});

/** argon2id cost. Each hash records its own, so a hash made under one cost verifies under any. */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane): what every served build uses. */
export const STRONG_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * The cheapest cost argon2 accepts (8 KiB, 1 pass), ~100 times faster: only for the test suite,
 * which hashes a password for every account it signs up. Refused outside NODE_ENV=test.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 8, timeCost: 1, parallelism: 1 };

/** The variables, by name, as the environment gives them: strings. */
export type Env = { [K in keyof z.input<typeof envSchema>]?: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  appName: string;
  appVersion: string;
  /** Seconds a notification waits unread before it is mailed (NOTIFICATION_EMAIL_DELAY_S). */
  notificationEmailDelayS: number;
  /** Zero bits a public form's proof of work asks for (FORM_CHALLENGE_BITS). */
  formChallengeBits: number;
  /** Answers one public form takes per minute from everywhere (FORM_ANSWERS_PER_MINUTE). */
  formAnswersPerMinute: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of every Redis key, so deployments can share one Redis. */
  redisKeyPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  minClientVersion?: string;
  /** Clients below this version are told to reload at once (X-Force-Reload). */
  forceClientVersion?: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  emailTokenTtlS: number;
  /** Seconds an invitation link works (resending makes a new one). */
  invitationTtlS: number;
  authRateLimit: number;
  photoMaxMb: number;
  /** Largest attachment upload in MB (spec section 5: 'Your file must be less than {n}MB'). */
  attachmentMaxMb: number;
  corsOrigins: string[];
  trustProxy: boolean;
  /** The start-up NewAppVersion announcement asks open apps to reload (after 60 to 160 s). */
  forceReloadOnDeploy: boolean;
  pusherKey: string;
  /** Signs channel authorisations; when unset one is generated and kept in the database. */
  pusherSecret?: string;
  broadcastHost?: string;
  broadcastPort?: number;
  requestTimeoutMs: number;
  mobileSyncThreshold: number;
  features: Record<string, boolean>;
  /** Base URL of the status-message service (GET {url}/message), shown as a banner. */
  statusMessageUrl?: string;
  webDistDir: string;
  migrationsDir: string;
  shutdownTimeoutMs: number;
  /** Development mail outbox (/dev/mail) is on only without SMTP and outside production. */
  devMailEnabled: boolean;
  passwordHashing: PasswordHashing;
  /** VAPID keys from the environment (base64url); unset, a pair is generated and kept in the database. */
  vapid?: { publicKey: string; privateKey: string };
  /** Who runs this server, for push services (VAPID `sub`): a mailto: or https: URL. */
  vapidSubject: string;
  /** Hosts (and their subdomains) device tokens may point at; `*` allows any public host. */
  pushServiceHosts: string[];
  /**
   * Outgoing requests (push, later webhooks) may reach loopback addresses, and push endpoints may be
   * plain http on loopback: only for tests and development (OUTGOING_ALLOW_LOOPBACK).
   */
  outgoingAllowLoopback: boolean;
  /** Hosts (lower case, `host` or `host:port`) webhooks reach without the SSRF guard (WEBHOOK_ALLOW_HOSTS). */
  webhookAllowHosts: string[];
  /** The key of stored secrets (SECRETS_KEY), 32 bytes; unset, one is generated and kept in the database. */
  secretsKey?: Buffer;
  /** The services' clock can be moved forward from this machine (browser tests of time triggers). */
  testTimeSource: boolean;
}

export class ConfigError extends Error {}

/** The address of a `Name <address>` sender (or the text itself). */
function mailAddress(from: string): string {
  return from.match(/<([^>]+)>/)?.[1]?.trim() ?? from.trim();
}

/** Reads and validates the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production: without it no mail (verification, password reset) could be delivered.',
    );
  }
  if (e.PASSWORD_HASHING === 'test' && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      'PASSWORD_HASHING=test is only for the test suite (NODE_ENV=test): its hashes would be cheap to crack.',
    );
  }
  if (e.TEST_TIME_SOURCE && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'TEST_TIME_SOURCE is only for tests: in production the clock must be the real one.',
    );
  }
  if (e.SECRETS_KEY && Buffer.from(e.SECRETS_KEY, 'base64').length !== 32) {
    throw new ConfigError('SECRETS_KEY is 32 bytes in base64 (openssl rand -base64 32).');
  }
  if (e.OUTGOING_ALLOW_LOOPBACK && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'OUTGOING_ALLOW_LOOPBACK is only for tests and development: in production it would let outgoing requests reach this machine.',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither (then a pair is generated).',
    );
  }
  if (e.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(e.VAPID_SUBJECT)) {
    throw new ConfigError('VAPID_SUBJECT must be a mailto: or https:// URL.');
  }
  if (e.DATABASE_URL && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const root = serverRoot();
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    appName: e.APP_NAME,
    notificationEmailDelayS: e.NOTIFICATION_EMAIL_DELAY_S,
    formChallengeBits: e.FORM_CHALLENGE_BITS,
    formAnswersPerMinute: e.FORM_ANSWERS_PER_MINUTE,
    appVersion: version,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    minClientVersion: e.MIN_CLIENT_VERSION,
    forceClientVersion: e.FORCE_CLIENT_VERSION,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL,
    emailTokenTtlS: e.EMAIL_TOKEN_TTL,
    invitationTtlS: e.INVITATION_TTL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    photoMaxMb: e.PHOTO_MAX_MB,
    attachmentMaxMb: e.ATTACHMENT_MAX_MB,
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((o) => o.trim()) : [],
    trustProxy: e.TRUST_PROXY ?? false,
    forceReloadOnDeploy: e.FORCE_RELOAD_ON_DEPLOY ?? false,
    pusherKey: e.PUSHER_APP_KEY,
    pusherSecret: e.PUSHER_APP_SECRET,
    broadcastHost: e.BROADCAST_HOST,
    broadcastPort: e.BROADCAST_PORT,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    mobileSyncThreshold: e.MOBILE_SYNC_THRESHOLD,
    features: Object.fromEntries(
      e.FEATURES.split(',')
        .map((f) => f.trim())
        .filter(Boolean)
        .map((f) => [f, true]),
    ),
    statusMessageUrl: e.STATUS_MESSAGE_URL?.replace(/\/+$/, ''),
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : resolve(root, '../web/dist'),
    migrationsDir: join(root, 'drizzle'),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    devMailEnabled: !e.SMTP_URL && e.NODE_ENV !== 'production',
    passwordHashing: e.PASSWORD_HASHING === 'test' ? TEST_PASSWORD_HASHING : STRONG_PASSWORD_HASHING,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    outgoingAllowLoopback: e.OUTGOING_ALLOW_LOOPBACK ?? false,
    webhookAllowHosts: e.WEBHOOK_ALLOW_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    ...(e.SECRETS_KEY ? { secretsKey: Buffer.from(e.SECRETS_KEY, 'base64') } : {}),
    testTimeSource: e.TEST_TIME_SOURCE ?? false,
  };
}
