import { ATTRIBUTE_TYPES } from '@strata/domain/attributes/attribute-types';
import { z } from 'zod';
import { base62Id, teamParams } from './boards';
import { syncedRecordFields } from './common';

export const itemPaths = {
  boardAttributes: '/api/:teamId/boards/:boardId/attributes',
  attribute: '/api/:teamId/attributes/:id',
  folderItems: '/api/:teamId/folders/:folderId/items',
  item: '/api/:teamId/items/:id',
  saveMultiple: '/api/:teamId/save-multiple',
} as const;

/** Items, attributes and values are named by UUIDs (public API v2); clients may make them. */
export const uuidId = z.uuid({ message: 'The id must be a UUID.' });

const rowVersion = z.number().int().min(1).max(2_147_483_647);
const sortOrder = z.string().min(1).max(255).nullable().optional();

export const attributeParams = teamParams.extend({ id: uuidId });
export const boardAttributesParams = teamParams.extend({ boardId: base62Id });
export const folderItemsParams = teamParams.extend({ folderId: base62Id });
/** The most a first page of a folder's items may hold. */
export const FOLDER_FIRST_PAGE_MAX = 500;
/**
 * `limit`: only the first that many top-level items, in the same order (a view draws them while
 * the whole folder loads); without it, every item of the folder, subitems included.
 */
export const folderItemsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FOLDER_FIRST_PAGE_MAX).optional(),
});
export const itemParams = teamParams.extend({ id: uuidId });

/**
 * An attribute (a board's typed column) with its sync fields. `settings` are complete (every
 * default filled in) as the domain's `parseSettings` answers them; a text attribute with
 * `settings.primary` is the board's name attribute (docs/attributes.md).
 */
export const attributeSchema = z.object({
  id: z.string(),
  object: z.literal('attribute'),
  team_id: z.number().int(),
  board_id: z.string(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  settings: z.record(z.string(), z.unknown()),
  default_data: z.unknown(),
  sort_order: z.string().nullable(),
  ...syncedRecordFields,
});
export type Attribute = z.infer<typeof attributeSchema>;

/**
 * An attribute save, with row_version compare-and-set as boards. `board_id` and `type` are fixed
 * at creation: a later save repeats them. Name, settings and default data are checked by the
 * domain's `validateAttributeDefinition` (422 with its codes); fields left out keep their value.
 */
export const saveAttributeBody = z.object({
  board_id: base62Id,
  name: z.string().max(1000),
  type: z.enum(ATTRIBUTE_TYPES),
  settings: z.record(z.string(), z.unknown()).optional(),
  default_data: z.unknown().optional(),
  sort_order: sortOrder,
  row_version: rowVersion,
});

/** One value of an item (public API v2): its own id, its attribute, and the data of the attribute's type. */
export const valueSchema = z.object({
  id: z.string(),
  attribute_id: z.string(),
  data: z.unknown(),
});
export type ItemValue = z.infer<typeof valueSchema>;

/**
 * An item with its sync fields. `values` is keyed by attribute id; an attribute without a value
 * has no key. The item's name is the value of the board's name attribute (docs/attributes.md).
 */
export const itemSchema = z.object({
  id: z.string(),
  object: z.literal('item'),
  team_id: z.number().int(),
  board_id: z.string(),
  folder_id: z.string(),
  parent_id: z.string().nullable(),
  sort_order: z.string().nullable(),
  values: z.record(z.string(), valueSchema),
  ...syncedRecordFields,
  /**
   * The item's live comments, replies included: kept by the server, outside row_version (a
   * comment does not make the item's copies conflict); a local copy takes it from any server
   * copy of the same row_version or newer (docs/comments.md).
   */
  comments_count: z.number().int(),
});
export type Item = z.infer<typeof itemSchema>;

/**
 * A value as a save sends it: `{ data }` (an `id` for a new value, optional; `attribute_id`, when
 * sent, must be the key). Null, or null data, clears the value.
 */
export const valueWriteSchema = z
  .object({ id: uuidId.optional(), attribute_id: uuidId.optional(), data: z.unknown() })
  .nullable();

/**
 * An item save, as a board save. `folder_id` is required to create and moves the item (and its
 * subitems) to another folder of the same board; `parent_id` makes it a subitem of a live item of
 * the same folder. `values` upserts only the attributes sent.
 */
export const saveItemBody = z.object({
  folder_id: base62Id.optional(),
  parent_id: uuidId.nullable().optional(),
  sort_order: sortOrder,
  values: z.record(z.string(), valueWriteSchema).optional(),
  row_version: rowVersion,
});

export const SAVE_MULTIPLE_MAX = 1000;
export const RECORD_TYPES = ['board', 'folder', 'attribute', 'item', 'view', 'comment'] as const;
export type SyncedRecordType = (typeof RECORD_TYPES)[number];

/**
 * One operation of a batch: the PUT or DELETE of one record, with the body its own route takes.
 * Each body is checked against that route's schema when the batch runs.
 */
export const saveMultipleOperation = z.object({
  type: z.enum(RECORD_TYPES),
  op: z.enum(['put', 'delete']),
  id: z.string().max(64),
  body: z.record(z.string(), z.unknown()).optional(),
});
export type SaveMultipleOperation = z.infer<typeof saveMultipleOperation>;

export const saveMultipleBody = z.array(saveMultipleOperation).min(1).max(SAVE_MULTIPLE_MAX);

/** What each operation answered, in order: the saved record, or `{ ok: true }` for a delete. */
export const saveMultipleResponse = z.object({
  results: z.array(
    z.object({
      type: z.enum(RECORD_TYPES),
      id: z.string(),
      op: z.enum(['put', 'delete']),
      record: z.unknown().optional(),
    }),
  ),
});
export type SaveMultipleResult = z.infer<typeof saveMultipleResponse>;
