import { z } from 'zod';
import { viewSchema } from './views';

export const sharedLinksPath = '/api/:teamId/shared-links';

/** What a shared link opens: a form anyone may answer, a site of published pages. */
export const SHARED_LINK_KINDS = ['form', 'site'] as const;

/**
 * Something of the workspace open to anyone (docs/documents.md, "Shared links"): its view (to
 * stop sharing, save it with its switch off), where it is, its public address, who shared it (the
 * view's creator) and whether the caller may stop it.
 */
export const sharedLinkSchema = z.object({
  kind: z.enum(SHARED_LINK_KINDS),
  view: viewSchema,
  board_name: z.string(),
  folder_name: z.string(),
  /** The public address, from the app's origin. */
  path: z.string(),
  shared_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  can_stop: z.boolean(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;

export const sharedLinksResponse = z.object({ data: z.array(sharedLinkSchema) });
