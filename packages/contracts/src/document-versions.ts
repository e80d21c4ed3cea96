import { z } from 'zod';
import { uuidId } from './items';

/** A document's history (docs/documents.md, "History"): its earlier versions, and restoring one. */
export const documentVersionPaths = {
  versions: '/api/:teamId/items/:itemId/document/versions',
  version: '/api/:teamId/items/:itemId/document/versions/:versionId',
  restore: '/api/:teamId/items/:itemId/document/versions/:versionId/restore',
} as const;

export const documentVersionsParams = z.object({
  teamId: z.coerce.number().int().positive().max(2_147_483_647),
  itemId: uuidId,
});
export const documentVersionParams = documentVersionsParams.extend({ versionId: uuidId });

export const documentVersionSummarySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** Whose save it was, by name. */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The start of its text. */
  preview: z.string(),
});
export type DocumentVersionSummary = z.infer<typeof documentVersionSummarySchema>;

export const documentVersionsResponse = z.object({ data: z.array(documentVersionSummarySchema) });

/** One version to look at: its sanitised HTML (sanitised when it was stored). */
export const documentVersionSchema = z.object({ id: z.string(), created_at: z.string(), html: z.string() });
export type DocumentVersion = z.infer<typeof documentVersionSchema>;
