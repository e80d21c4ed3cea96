import { z } from 'zod';
import { base62Id, teamParams } from './boards';
import { itemSchema, uuidId } from './items';

/**
 * References between items (public API v2 `POST /boards/{b}/references`): a reference attribute's
 * value is written only through these routes, never through the item's values (422
 * `NOT_EDITABLE`). Titles and the item search serve the cells and the picker that show them.
 */
export const referencePaths = {
  /** POST adds a link, DELETE (same body) removes it. */
  references: '/api/:teamId/boards/:boardId/references',
  /** `?q=&limit=`: items of a board by title, for the reference picker. */
  boardItems: '/api/:teamId/boards/:boardId/items',
  /** `?ids=a,b,c`: titles of items of any board the caller sees. */
  titles: '/api/:teamId/items/titles',
} as const;

export const referenceParams = teamParams.extend({ boardId: base62Id });

/** One link: `from_item_id` (an item of the path's board) references `to_item_id` through `attribute_id`. */
export const referenceBody = z.object({
  attribute_id: uuidId,
  from_item_id: uuidId,
  to_item_id: uuidId,
});
export type ReferenceBody = z.infer<typeof referenceBody>;

/**
 * The link as the public API shows a reference, with `deleted` true after a DELETE, and the
 * referencing item as it is now (its value of the attribute is the list of referenced ids).
 */
export const referenceSchema = z.object({
  object: z.literal('reference'),
  attribute_id: z.string(),
  from_item_id: z.string(),
  to_item_id: z.string(),
  deleted: z.boolean(),
  item: itemSchema,
});
export type Reference = z.infer<typeof referenceSchema>;

/** Most ids one titles request may name. */
export const ITEM_TITLES_MAX = 200;

const IDS_MESSAGE = `ids must be 1 to ${ITEM_TITLES_MAX} item ids (UUIDs) separated by commas.`;

/** `?ids=a,b,c`: item UUIDs separated by commas (duplicates are read once). */
export const itemTitlesQuery = z.object({
  ids: z
    .string()
    .max(ITEM_TITLES_MAX * 37)
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))])
    .pipe(
      z
        .array(uuidId, { error: IDS_MESSAGE })
        .min(1, { error: IDS_MESSAGE })
        .max(ITEM_TITLES_MAX, { error: IDS_MESSAGE }),
    ),
});

/**
 * An item's title: the value of its board's name attribute (null: the item has none, or the board
 * has no name attribute), with where the item lives.
 */
export const itemTitleSchema = z.object({
  title: z.string().nullable(),
  board_id: z.string(),
  folder_id: z.string(),
});
export type ItemTitle = z.infer<typeof itemTitleSchema>;

/** Keyed by item id; items that are gone or that the caller does not see are simply absent. */
export const itemTitlesResponse = z.record(z.string(), itemTitleSchema);
export type ItemTitles = z.infer<typeof itemTitlesResponse>;

/** Most items one search answers. */
export const BOARD_ITEMS_SEARCH_MAX = 50;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${BOARD_ITEMS_SEARCH_MAX}.`;

/** `?q=<text in the title>&limit=N`; without q, the board's items by title. */
export const boardItemsSearchQuery = z.object({
  q: z.string().max(255).optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(BOARD_ITEMS_SEARCH_MAX, { error: LIMIT_MESSAGE })
    .default(BOARD_ITEMS_SEARCH_MAX),
});

export const boardItemHitSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  folder_id: z.string(),
});
export type BoardItemHit = z.infer<typeof boardItemHitSchema>;

export const boardItemsSearchResponse = z.array(boardItemHitSchema);
