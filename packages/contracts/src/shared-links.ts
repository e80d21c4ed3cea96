import { z } from 'zod';
import { VISITOR_RIGHTS } from './public-boards';
import { viewSchema } from './views';

export const sharedLinksPath = '/api/:teamId/shared-links';

/**
 * What a shared link opens: a form anyone may answer, a site of published pages, one page shared
 * alone, a published list of files, a public board.
 */
export const SHARED_LINK_KINDS = ['form', 'site', 'page', 'files', 'board'] as const;

/**
 * Something of the workspace open to anyone (docs/documents.md, "Shared links"): its view (to
 * stop sharing, save it with its switch off; null for a public board, stopped through its
 * sharing), where it is, its public address, who shared it (the view's creator, the one who made
 * the board public) and whether the caller may stop it.
 */
export const sharedLinkSchema = z.object({
  kind: z.enum(SHARED_LINK_KINDS),
  view: viewSchema.nullable(),
  /** What is shared: the view's name, the page's title, or the board's name. */
  name: z.string(),
  /** A page shared alone: its item (stop: take it out of the view's `shared_pages`). */
  page_id: z.string().nullable(),
  board_id: z.string(),
  board_name: z.string(),
  /** Null for a public board (the whole board is shared). */
  folder_name: z.string().nullable(),
  /** The public address, from the app's origin. */
  path: z.string(),
  shared_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When it was last changed (a view) or made public (a board): the list's order, newest first. */
  changed_at: z.string(),
  can_stop: z.boolean(),
  /** A public board: what visitors may do there besides viewing; null for the others. */
  visitors: z.object({ rights: z.enum(VISITOR_RIGHTS), comments: z.boolean() }).nullable(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;

export const sharedLinksResponse = z.object({ data: z.array(sharedLinkSchema) });
