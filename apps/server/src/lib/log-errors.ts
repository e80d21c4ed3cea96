import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/**
 * What a database error may tell the log: the SQLSTATE and the names of what failed. The driver's
 * `detail` is left out on purpose: it quotes the values ("Key (email)=(...) already exists",
 * "Failing row contains (...)", a password hash included); `where` and `internalQuery` are PL/pgSQL
 * context that can quote them too.
 */
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
] as const;

const MAX_CAUSES = 8;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return value instanceof Error;
}

/** The driver's own error (node-postgres and PGlite both answer PostgreSQL's fields). */
function isDatabaseError(error: ErrorLike): boolean {
  return (
    typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string'
  );
}

/** drizzle's wrapper of a failed statement; by shape too, should two copies of drizzle be loaded. */
function isQueryError(error: ErrorLike): error is DrizzleQueryError & ErrorLike {
  return (
    error instanceof DrizzleQueryError ||
    (typeof error.query === 'string' && 'params' in error && error.message.startsWith('Failed query:'))
  );
}

/** The stack's frames without its first line(s): the message, which may span several lines. */
function framesOf(error: Error): string {
  const stack = error.stack ?? '';
  const at = stack.indexOf(error.message);
  return at >= 0 && error.message ? stack.slice(at + error.message.length) : stack.replace(/^[^\n]*/, '');
}

/** A bare copy of the error (same class, so the log's `type` stays) with only its frames kept. */
function copyOf(error: ErrorLike, message: string): ErrorLike {
  const copy = Object.create(Object.getPrototypeOf(error)) as ErrorLike;
  const hidden = (value: unknown) => ({ value, enumerable: false, writable: true, configurable: true });
  Object.defineProperty(copy, 'message', hidden(message));
  Object.defineProperty(copy, 'stack', hidden(`${error.name}: ${message}${framesOf(error)}`));
  return copy;
}

/**
 * The error as it may be logged: drizzle's "Failed query: ...\nparams: ..." loses its params line
 * and keeps the query text (placeholders, never values), the database's code and, as its cause,
 * the driver's error; a driver error keeps only the fields above. Other errors are returned as they are unless a database error is among their causes.
 */
export function redactError<T>(value: T, depth = 0): T {
  if (!isErrorLike(value) || depth > MAX_CAUSES) return value;
  const error = value as ErrorLike;
  if (isQueryError(error)) {
    const cause = isErrorLike(error.cause) ? (redactError(error.cause, depth + 1) as ErrorLike) : undefined;
    const copy = copyOf(error, `Failed query: ${error.query}`);
    copy.query = error.query;
    if (cause?.code !== undefined) copy.code = cause.code;
    if (cause) copy.cause = cause;
    return copy as T;
  }
  if (isDatabaseError(error)) {
    const copy = copyOf(error, error.message);
    for (const field of DATABASE_ERROR_FIELDS) if (error[field] !== undefined) copy[field] = error[field];
    return copy as T;
  }
  if (isErrorLike(error.cause)) {
    const cause = redactError(error.cause, depth + 1);
    if (cause !== error.cause) {
      const copy = Object.assign(copyOf(error, error.message), error);
      copy.cause = cause;
      return copy as T;
    }
  }
  return value;
}

/**
 * The logger's `err` serializer: pino's standard one, on the redacted error. Every `{ err }` the
 * server logs goes through it (the error handler's 500s, jobs, the dispatcher, maintenance).
 */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  return stdSerializers.err(redactError(error));
}
