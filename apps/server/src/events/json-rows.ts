import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Column name -> SQL type of rows sent as JSON, e.g. `{ team_id: 'integer', payload: 'jsonb' }`. */
export type JsonColumns = Readonly<Record<string, string>>;

/**
 * `INSERT INTO table (columns) SELECT columns FROM <the rows>` with every row sent as one JSON
 * parameter (`jsonb_to_recordset`), in the order given (ids from a sequence follow it). Append
 * `ON CONFLICT ...` or `RETURNING ...` as needed.
 *
 * Why: a multi-row `VALUES` list binds one parameter per column per row, and building and binding
 * those (Drizzle's query builder, PGlite's protocol layer) costs about three times the insert
 * itself for the few hundred rows of a batch of item creates (bench/item-create.bench.ts). One
 * text parameter is parsed by the database in one go, on PGlite and PostgreSQL alike, and has no
 * 65,535-parameter limit. Column names and types are the caller's constants, never input.
 * `rows` are keyed by column name (a missing key reads as NULL): leave a column that should take
 * its default out of `columns`.
 */
export function insertJsonRows(table: PgTable, columns: JsonColumns, rows: readonly object[]): SQL {
  const names = sql.raw(Object.keys(columns).join(', '));
  return sql`INSERT INTO ${table} (${names})
    SELECT ${names} FROM ${jsonRows(columns, rows)}
    ORDER BY row_number`;
}

/**
 * The rows as a FROM item named `r`, with the given columns and `row_number` (1, 2, ... in the
 * order given), for statements that compute some of what they write (change-log.ts).
 */
export function jsonRows(columns: JsonColumns, rows: readonly object[]): SQL {
  const names = Object.keys(columns).join(', ');
  const definitions = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  return sql`ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (${sql.raw(definitions)}))
    WITH ORDINALITY AS r(${sql.raw(names)}, row_number)`;
}

/**
 * A JSON value with its objects' keys in the order PostgreSQL's jsonb keeps them (shorter keys
 * first, then by their UTF-8 bytes), at every depth: what a jsonb column reads back, for a write
 * that answers the rows it sent instead of reading them back.
 */
export function inJsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inJsonbOrder);
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  entries.sort(([a], [b]) => jsonbKeyOrder(a, b));
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries) out[key] = inJsonbOrder(item);
  return out;
}

function isAscii(text: string): boolean {
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) > 0x7f) return false;
  return true;
}

/** UTF-16 code units order ASCII as its bytes do; other text is compared as UTF-8 bytes. */
function jsonbKeyOrder(a: string, b: string): number {
  if (isAscii(a) && isAscii(b))
    return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length !== y.length ? x.length - y.length : Buffer.compare(x, y);
}
