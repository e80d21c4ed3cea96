import { z } from 'zod';

export const searchPath = '/api/search';

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;
/** Longer queries are refused rather than cut: a cut query would find something else. */
export const SEARCH_MAX_QUERY_LENGTH = 200;

/** What a hit is: an item (by its title or a text value), a comment, a board or a folder. */
export const SEARCH_KINDS = ['item', 'comment', 'board', 'folder'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${SEARCH_MAX_PAGE_SIZE}.`;

/** `?q=&team_id=&limit=&after=`: `after` is the opaque cursor of the previous page. */
export const searchQuery = z.object({
  q: z
    .string({ error: 'q is required.' })
    .trim()
    .min(1, { error: 'q is required.' })
    .max(SEARCH_MAX_QUERY_LENGTH, { error: `q may be at most ${SEARCH_MAX_QUERY_LENGTH} characters.` }),
  team_id: z.coerce
    .number({ error: 'team_id must be a workspace id.' })
    .int({ error: 'team_id must be a workspace id.' })
    .positive({ error: 'team_id must be a workspace id.' }),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(SEARCH_MAX_PAGE_SIZE, { error: LIMIT_MESSAGE })
    .default(SEARCH_PAGE_SIZE),
  after: z.string().min(1).max(300).optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/**
 * One hit. `id` is the item's, comment's, board's or folder's id; `board_id` and `folder_id` place
 * it (null where it has none: a board has no folder); `item_id` is the item a comment is on (an
 * item's own id for an item). `title`: the item's title, the board's or folder's name, or for a
 * comment its item's title. `snippet`: plain text around the first match (a comment's text, the
 * item's matching value), null when the title matched.
 */
export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  board_id: z.string(),
  folder_id: z.string().nullable(),
  item_id: z.string().nullable(),
  title: z.string().nullable(),
  board_name: z.string(),
  snippet: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Best first. Ask again with `after` while `has_more`; `after` is null on the last page. */
export const searchPage = z.object({
  data: z.array(searchHitSchema),
  has_more: z.boolean(),
  after: z.string().nullable(),
});
export type SearchPage = z.infer<typeof searchPage>;
