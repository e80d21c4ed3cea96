import { z } from 'zod';

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** The body of every error response: `{ message, code, errors? }`. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  type: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  current: z.unknown().optional(),
  users: z.unknown().optional(),
});

/**
 * The fields every synced record ends with (board, folder, attribute, item, view): who made it and
 * when, its last change, the soft-delete flag and the compare-and-set version (ARCHITECTURE.md 4).
 */
export const syncedRecordFields = {
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted: z.boolean(),
  row_version: z.number().int(),
};

/** The largest value of a PostgreSQL integer column (ids of users and workspaces, row_version). */
export const MAX_INT4 = 2_147_483_647;

/**
 * An ISO 8601 date-time with its offset, in the years 0001-9999 (UTC): PostgreSQL has no year 0
 * and the format no year past 9999.
 */
export const isoDateTime = z.iso.datetime({ offset: true }).refine(
  (text) => {
    const year = new Date(text).getUTCFullYear();
    return year >= 1 && year <= 9999;
  },
  { message: 'The date must be in the years 0001 to 9999.' },
);

export const okSchema = z.object({ ok: z.literal(true) });

/** The access-token record of spec section 3. */
export const tokenRecordSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  refresh_expires_in: z.number().int(),
  created_at: z.string(),
  refresh_token: z.string().optional(),
});
export type TokenRecordDto = z.infer<typeof tokenRecordSchema>;

/** Error responses shared by most routes, for the OpenAPI document. */
export const commonErrorResponses = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
} as const;
