import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
} from '@strata/domain/auth/password-policy';
import { z } from 'zod';
import { syncedRecordFields } from './common';
import { permissionRecordSchema } from './permissions';

export const boardPaths = {
  boards: '/api/:teamId/boards',
  board: '/api/:teamId/boards/:id',
  boardFolders: '/api/:teamId/boards/:boardId/folders',
  folder: '/api/:teamId/folders/:id',
  boardPermissions: '/api/:teamId/permissions/boards/:boardId',
  boardUnlock: '/api/:teamId/boards/:boardId/unlock',
} as const;

/** Boards and folders are named by 11-character base62 strings (spec section 2); clients may make them. */
export const base62Id = z
  .string()
  .regex(/^[0-9A-Za-z]{11}$/, { message: 'The id must be 11 letters or digits (base62).' });

export const BOARD_NAME_MAX = 255;
export const FOLDER_NAME_MAX = 255;

const nameSchema = (max: number) => z.string().trim().min(1, { message: 'The name is required.' }).max(max);
const rowVersion = z.number().int().min(1).max(2_147_483_647);

export const teamParams = z.object({ teamId: z.coerce.number().int().positive().max(2_147_483_647) });
export const boardParams = teamParams.extend({ id: base62Id });
export const boardFoldersParams = teamParams.extend({ boardId: base62Id });
export const folderParams = teamParams.extend({ id: base62Id });

/** A board (spec section 3) with its sync fields. */
export const boardSchema = z.object({
  id: z.string(),
  object: z.literal('board'),
  team_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  user_ids: z.array(z.number().int()),
  is_private: z.boolean(),
  /** Whether opening the board's contents asks for its password (docs/board-password.md). */
  is_password_protected: z.boolean(),
  sort_order: z.string().nullable(),
  ...syncedRecordFields,
});
export type Board = z.infer<typeof boardSchema>;

/**
 * A save: `row_version` 1 creates the board under the client's id; any later save carries the
 * stored row_version + 1 (compare-and-set), else 409 with the server's copy. Fields left out keep
 * their stored value.
 */
export const saveBoardBody = z.object({
  name: nameSchema(BOARD_NAME_MAX),
  description: z.string().max(10_000).nullable().optional(),
  color: z.string().max(32).nullable().optional(),
  user_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(10_000).optional(),
  is_private: z.boolean().optional(),
  sort_order: z.string().max(255).nullable().optional(),
  /**
   * The board's password (UPDATE_BOARD_DETAILS): a string sets or changes it, null removes it, left
   * out keeps it. Never answered: the board shows `is_password_protected`.
   */
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { message: PASSWORD_TOO_SHORT })
    .max(MAX_PASSWORD_LENGTH)
    .nullable()
    .optional(),
  row_version: rowVersion,
});

/** A folder (spec section 3) with its sync fields. */
export const folderSchema = z.object({
  id: z.string(),
  object: z.literal('folder'),
  team_id: z.number().int(),
  board_id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  color: z.string().nullable(),
  attribute_ids: z.array(z.string()),
  settings: z.record(z.string(), z.unknown()),
  sort_order: z.string().nullable(),
  ...syncedRecordFields,
});
export type Folder = z.infer<typeof folderSchema>;

/** A folder save, as a board save. `board_id` is fixed at creation: a later save must repeat it. */
export const saveFolderBody = z.object({
  board_id: base62Id,
  parent_id: base62Id.nullable().optional(),
  name: nameSchema(FOLDER_NAME_MAX),
  color: z.string().max(32).nullable().optional(),
  attribute_ids: z.array(z.string().max(64)).max(1000).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  sort_order: z.string().max(255).nullable().optional(),
  row_version: rowVersion,
});

/** A board's permission record (spec section 3): as the workspace's, with resource_type board. */
export const boardPermissionRecordSchema = permissionRecordSchema.extend({
  resource_type: z.literal('board'),
});
export type BoardPermissionRecord = z.infer<typeof boardPermissionRecordSchema>;

/** Unlocking a password-protected board for the caller (docs/board-password.md). */
export const unlockBoardBody = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });

/**
 * An unlock: until when the caller may open the board's contents without the password (null: the
 * board has no password, there was nothing to unlock).
 */
export const boardUnlockSchema = z.object({ board_id: z.string(), expires_at: z.string().nullable() });
export type BoardUnlock = z.infer<typeof boardUnlockSchema>;
