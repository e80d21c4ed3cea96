import { Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($n)`: the ids as one array parameter. An `IN` list takes a parameter per id, which
 * the query builder and the driver bind one by one: for the hundreds of ids of a fan-out (200
 * followers of an item) or a list (100 items' comments) that costs more than the query itself.
 * Integer ids go as `int[]`, text ids and a prepared query's placeholder as `text[]`.
 */
export function isAnyOf(column: AnyPgColumn, ids: readonly string[] | readonly number[] | Placeholder): SQL {
  if (ids instanceof Placeholder) return sql`${column} = any(${ids}::text[])`;
  if (ids.length === 0) return sql`false`;
  return typeof ids[0] === 'number'
    ? sql`${column} = any(${sql.param([...ids])}::int[])`
    : sql`${column} = any(${sql.param([...ids])}::text[])`;
}
