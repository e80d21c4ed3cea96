import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
