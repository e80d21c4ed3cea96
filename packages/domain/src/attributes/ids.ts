/** Id formats of the public API: items, attributes, labels, entries are UUIDs; boards and folders base62. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE62_ID_PATTERN = /^[0-9A-Za-z]{11}$/;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** Boards and folders: 11-character base62 strings. */
export function isBase62Id(value: unknown): value is string {
  return typeof value === 'string' && BASE62_ID_PATTERN.test(value);
}

/** The largest id of a serial (PostgreSQL integer) column: users and workspaces. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** Users and workspaces: positive integers that fit their integer column. */
export function isUserId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_SERIAL_ID;
}
