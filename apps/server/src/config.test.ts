import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, STRONG_PASSWORD_HASHING, TEST_PASSWORD_HASHING } from './config';

describe('configuration', () => {
  test('defaults: port 8080, ./data, PGlite, development mail outbox on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.devMailEnabled).toBe(true);
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.corsOrigins).toEqual([]);
  });

  test('a production start without SMTP_URL stops with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required/);
  });

  test('with SMTP_URL the development outbox is off', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).devMailEnabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).devMailEnabled).toBe(false);
  });

  test.each([
    { env: { PORT: 'eighty' }, problem: /PORT/ },
    { env: { DATABASE_URL: 'mysql://x' }, problem: /DATABASE_URL/ },
    { env: { LOG_LEVEL: 'loud' }, problem: /LOG_LEVEL/ },
  ])('bad values are refused: $env', ({ env, problem }) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });

  test('every served configuration hashes passwords at OWASP’s argon2id minimum (19 MiB, 2 passes)', () => {
    const served = [
      loadConfig({}),
      loadConfig({ NODE_ENV: 'development' }),
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }),
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', PASSWORD_HASHING: 'strong' }),
      // NODE_ENV=test alone does not lower the cost: the suite asks for it explicitly.
      loadConfig({ NODE_ENV: 'test' }),
    ];
    for (const config of served) {
      expect(config.passwordHashing).toEqual(STRONG_PASSWORD_HASHING);
      expect(config.passwordHashing.memoryCost).toBeGreaterThanOrEqual(19456);
      expect(config.passwordHashing.timeCost).toBeGreaterThanOrEqual(2);
    }
  });

  test('the test suite’s cheap password hashing is refused unless NODE_ENV=test', () => {
    for (const env of [
      { PASSWORD_HASHING: 'test' },
      { NODE_ENV: 'development', PASSWORD_HASHING: 'test' },
      { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', PASSWORD_HASHING: 'test' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/PASSWORD_HASHING=test is only for the test suite/);
    }
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASHING: 'test' }).passwordHashing).toEqual(
      TEST_PASSWORD_HASHING,
    );
    expect(() => loadConfig({ PASSWORD_HASHING: 'cheap' })).toThrow(/PASSWORD_HASHING/);
  });

  test('push: loopback only outside production, VAPID keys both or neither, a mailto: or https: subject', () => {
    const smtp = { SMTP_URL: 'smtp://mail.test:587' };
    expect(loadConfig({ OUTGOING_ALLOW_LOOPBACK: 'true' }).outgoingAllowLoopback).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', ...smtp, OUTGOING_ALLOW_LOOPBACK: 'true' })).toThrow(
      /OUTGOING_ALLOW_LOOPBACK is only for tests/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/set together/);
    expect(loadConfig({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }).vapid).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
    });
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@strata.test' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ MAIL_FROM: 'Strata <ops@strata.test>' }).vapidSubject).toBe('mailto:ops@strata.test');
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.org , *' }).pushServiceHosts).toEqual([
      'push.example.org',
      '*',
    ]);
  });
});
