import { z } from 'zod';
import { base62Id, teamParams } from './boards';
import { uuidId } from './items';

export const attachmentPaths = {
  /** multipart/form-data: the field `file` (and `board_id`, before the file, or in the query). */
  upload: '/api/:teamId/attachments',
  attachment: '/api/:teamId/attachments/:id',
  file: '/api/:teamId/attachments/:id/file',
} as const;

export const attachmentParams = teamParams.extend({ id: uuidId });

/** The board the file is for: who may upload is who may create or edit items there. */
export const uploadAttachmentQuery = z.object({ board_id: base62Id.optional() });

/** `download=1` asks for `Content-Disposition: attachment` even for an image shown inline. */
export const attachmentFileQuery = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });

/**
 * An uploaded file (public API v2 attachments). `url` is where its bytes are read, with the
 * same bearer token; an attachments value keeps `{ id, name, mime_type, size, url }` of it.
 */
export const attachmentSchema = z.object({
  id: z.string(),
  object: z.literal('attachment'),
  board_id: z.string().nullable(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  url: z.string(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
