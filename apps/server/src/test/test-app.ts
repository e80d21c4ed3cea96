import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRegistration, type RegistrationInput } from '@strata/test-utils/factories';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type App, buildApp } from '../app';
import { type Env, loadConfig } from '../config';
import { mailOutbox } from '../db/schema/platform';
import { users } from '../db/schema/users';
import type { Clock } from '../lib/clock';
import { MAIL_JOB } from '../mail/mail';
import { createTestDatabase } from './test-db';

export interface TestApp {
  app: App;
  /** inject with JSON body and an optional bearer token. */
  request(options: InjectOptions & { token?: string; json?: unknown }): Promise<LightMyRequestResponse>;
  /**
   * Waits until the mail job delivered at least `count` mails to `to` whose subject matches, and
   * answers the newest.
   */
  waitForMail(to: string, subject?: RegExp, count?: number): Promise<typeof mailOutbox.$inferSelect>;
  /** Registers, verifies (through the mailed link) and signs in a new user. */
  signUp(
    overrides?: Partial<RegistrationInput>,
  ): Promise<{ token: string; email: string; password: string; id: number; refreshCookie: string }>;
  close(): Promise<void>;
}

/** Query-string values of the first link in a mail. */
export function linkFromMail(text: string): URL {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail:\n${text}`);
  return new URL(match[0]);
}

/** Requests to an app as the tests send them: a bearer token and a JSON body by name. */
export function requestTo(app: App): TestApp['request'] {
  return ({ token, json, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(json !== undefined ? { payload: JSON.stringify(json) } : {}),
    });
}

export async function createTestApp(options: { env?: Partial<Env>; clock?: Clock } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'strata-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://strata.test',
    AUTH_RATE_LIMIT: '10000',
    // Every sign-up hashes a password: the cheapest argon2 cost, which only NODE_ENV=test accepts.
    PASSWORD_HASHING: 'test',
    // The API suite never depends on whether the web app was built.
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const testDb = await createTestDatabase();
  const app = await buildApp(config, {
    database: testDb.database,
    clock: options.clock,
    logger: false,
    jobPollingIntervalSeconds: 0.5,
  });
  await app.ready();

  const request = requestTo(app);

  const waitForMail: TestApp['waitForMail'] = async (to, subject, count = 1) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const mails = await app.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to.toLowerCase()))
        .orderBy(desc(mailOutbox.createdAt));
      const matching = mails.filter((m) => !subject || subject.test(m.subject));
      if (matching.length >= count) return matching[0]!;
      // The mail worker polls every half second: ask it to look now rather than wait for its poll.
      app.ctx.jobs.wake(MAIL_JOB);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no mail to ${to} matching ${subject ?? 'anything'} within 15 s`);
  };

  const signUp: TestApp['signUp'] = async (overrides) => {
    const input = buildRegistration(overrides);
    const registered = await request({ method: 'POST', url: '/api/auth/register', json: input });
    if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
    const mail = await waitForMail(input.email, /Verify/);
    const link = linkFromMail(mail.text);
    const verified = await request({
      method: 'POST',
      url: '/api/auth/email/verify',
      json: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
    });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    const login = await request({
      method: 'POST',
      url: '/api/auth/login',
      json: { email: input.email, password: input.password },
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    const [user] = await app.ctx.db.select().from(users).where(eq(users.email, input.email.toLowerCase()));
    const cookie = login.cookies.find((c) => c.name === 'strata_refresh');
    return {
      token: login.json().token.access_token,
      email: input.email.toLowerCase(),
      password: input.password,
      id: user!.id,
      refreshCookie: cookie?.value ?? '',
    };
  };

  return {
    app,
    request,
    waitForMail,
    signUp,
    async close() {
      await app.close();
      await testDb.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
