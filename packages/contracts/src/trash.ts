import { z } from 'zod';
import { base62Id, teamParams } from './boards';
import { uuidId } from './items';

/** A board's trash: its deleted items, folders and attributes (docs/trash.md). */
export const trashPaths = {
  trash: '/api/:teamId/boards/:boardId/trash',
  restore: '/api/:teamId/boards/:boardId/trash/restore',
} as const;

export const TRASH_RECORD_TYPES = ['item', 'folder', 'attribute'] as const;
export type TrashRecordType = (typeof TRASH_RECORD_TYPES)[number];

export const TRASH_PAGE_LIMIT = 100;
/** Most records one restore or purge may name. */
export const TRASH_MAX_RECORDS = 500;

export const trashParams = teamParams.extend({ boardId: base62Id });

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${TRASH_PAGE_LIMIT}.`;

/** `?cursor=<next_cursor of the previous page>&limit=N` (newest deletion first). */
export const trashQuery = z.object({
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(TRASH_PAGE_LIMIT, { error: LIMIT_MESSAGE })
    .default(TRASH_PAGE_LIMIT),
});

/**
 * One entry of the trash. Subitems deleted with their item and subfolders deleted with their
 * folder are not entries of their own: they come back (or go) with it.
 * - `name`: an item's value of the board's name attribute (null: none), a folder's or attribute's name;
 * - `folder_id`: an item's folder, a folder's parent folder (null at the top), null for attributes;
 * - `folder_name`: that folder's name (items only, null otherwise);
 * - `parent_id`: a subitem's parent item (null otherwise);
 * - `attribute_type`: an attribute's type (null otherwise);
 * - `subitem_count`: the subitems (at any depth) deleted with an item (0 otherwise).
 */
export const trashEntrySchema = z.object({
  type: z.enum(TRASH_RECORD_TYPES),
  id: z.string(),
  name: z.string().nullable(),
  deleted_at: z.string(),
  folder_id: z.string().nullable(),
  folder_name: z.string().nullable(),
  parent_id: z.string().nullable(),
  attribute_type: z.string().nullable(),
  subitem_count: z.number().int(),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

/** A page of the trash; `next_cursor` is null on the last page. */
export const trashPageSchema = z.object({
  data: z.array(trashEntrySchema),
  next_cursor: z.string().nullable(),
});
export type TrashPage = z.infer<typeof trashPageSchema>;

/** A record named by a restore or purge: items and attributes by UUID, folders by base62 id. */
export const trashRecordRef = z.discriminatedUnion('type', [
  z.object({ type: z.literal('item'), id: uuidId }),
  z.object({ type: z.literal('attribute'), id: uuidId }),
  z.object({ type: z.literal('folder'), id: base62Id }),
]);
export type TrashRecordRef = z.infer<typeof trashRecordRef>;

/** POST .../trash/restore and DELETE .../trash: records of the board that are in its trash. */
export const trashRecordsBody = z.object({
  records: z.array(trashRecordRef).min(1).max(TRASH_MAX_RECORDS),
});
export type TrashRecordsBody = z.infer<typeof trashRecordsBody>;

/**
 * What a restore or purge changed: the records named and those that came with them (subitems,
 * subfolders, and for a restore the folders and parent items they needed).
 */
export const trashResultSchema = z.object({
  records: z.array(z.object({ type: z.enum(TRASH_RECORD_TYPES), id: z.string() })),
});
export type TrashResult = z.infer<typeof trashResultSchema>;
