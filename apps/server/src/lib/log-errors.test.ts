import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';
import { describe, expect, test } from 'vitest';
import { redactError, serializeError } from './log-errors';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';

/** What node-postgres (and PGlite) throw for a violated check. */
function checkViolation(): Error {
  return Object.assign(new Error('new row for relation "users" violates check constraint "users_check"'), {
    name: 'error',
    severity: 'ERROR',
    code: '23514',
    detail: `Failing row contains (7, ada@example.test, ${HASH}).`,
    table: 'users',
    constraint: 'users_check',
    where: `SQL statement "insert into users values ('${HASH}')"`,
  });
}

function failedInsert(): DrizzleQueryError {
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    ['ada@example.test', HASH],
    checkViolation(),
  );
}

describe('errors as they are logged', () => {
  test('a failed query keeps its text, code and constraint, and loses its parameters', () => {
    // pino's own serializer writes them out (the message, the params field and the detail).
    expect(JSON.stringify(stdSerializers.err(failedInsert()))).toContain(HASH);
    const logged = serializeError(failedInsert()) as Record<string, unknown>;
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23514',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
    });
    expect(String(logged.message)).toContain('violates check constraint "users_check"');
    expect(String(logged.stack)).toContain('at ');
    const text = JSON.stringify(logged);
    expect(text).not.toContain(HASH);
    expect(text).not.toContain('ada@example.test');
    expect(text).not.toContain('params');
  });

  test('a driver error keeps its code and names but not its detail, which quotes the row', () => {
    const logged = serializeError(checkViolation()) as Record<string, unknown>;
    expect(logged).toMatchObject({ code: '23514', table: 'users', constraint: 'users_check' });
    expect(JSON.stringify(logged)).not.toContain(HASH);
  });

  test('a database error deeper in the causes is redacted too; the original error is left as it was', () => {
    const outer = new Error('saving the user failed', { cause: failedInsert() });
    const logged = serializeError(outer) as Record<string, unknown>;
    expect(String(logged.message)).toContain('saving the user failed');
    expect(JSON.stringify(logged)).not.toContain(HASH);
    expect((outer.cause as DrizzleQueryError).params).toContain(HASH);
  });

  test('other errors and values pass unchanged', () => {
    const plain = new Error('plain');
    expect(redactError(plain)).toBe(plain);
    expect(redactError('text')).toBe('text');
    expect(serializeError(plain)).toMatchObject({ type: 'Error', message: 'plain' });
  });
});
