import { isPageImage } from '@strata/domain/documents/page-file';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { AttachmentRow } from '../../db/schema/attachments';
import { itemDocuments } from '../../db/schema/item-documents';
import { findAttachment, findAttachments } from '../attachments/attachments.repo';
import type { PublishedSite } from './published-site';

/**
 * Images and files of published pages (docs/documents.md, "Images and files"): a page shows a
 * file its document holds only when it is an attachment of the site's board; its bytes are served
 * at `/p/{site}/files/{fileId}` only while a page of the site holds it.
 */

/** How a stored document names a file (page-file.ts renders `data-type` first, then `data-id`). */
const placedFile = (fileId: string) => `data-type="file" data-id="${fileId}"`;
const PLACED_FILES = /data-type="file" data-id="([0-9a-f-]{36})"/g;

/** What a page shows of one of its files: an image in place, or a link to it. */
export interface PlacedFile {
  image: boolean;
}

/** The files this document's HTML holds that are attachments of the site's board, by id. */
export async function placedFiles(
  ctx: AppContext,
  site: Pick<PublishedSite, 'teamId' | 'boardId'>,
  html: string,
): Promise<Map<string, PlacedFile>> {
  const ids = [...new Set(Array.from(html.matchAll(PLACED_FILES), (match) => match[1]!))];
  if (ids.length === 0) return new Map();
  const rows = await findAttachments(ctx.db, site.teamId, ids);
  return new Map(
    rows
      .filter((row) => row.boardId === site.boardId)
      .map((row) => [row.id, { image: isPageImage(row.mimeType) }]),
  );
}

/**
 * A file a page of the site holds now, as stored: an attachment of the site's board named by
 * the stored document of one of the site's pages; undefined for anything else.
 */
export async function findPublishedPageFile(
  ctx: AppContext,
  site: PublishedSite,
  fileId: string,
): Promise<AttachmentRow | undefined> {
  if (site.pages.length === 0 || !/^[0-9a-f-]{36}$/.test(fileId)) return undefined;
  const row = await findAttachment(ctx.db, site.teamId, fileId);
  if (!row || row.boardId !== site.boardId) return undefined;
  const [holder] = await ctx.db
    .select({ itemId: itemDocuments.itemId })
    .from(itemDocuments)
    .where(
      and(
        eq(itemDocuments.teamId, site.teamId),
        inArray(
          itemDocuments.itemId,
          site.pages.map((page) => page.id),
        ),
        like(itemDocuments.html, `%${placedFile(fileId)}%`),
      ),
    )
    .limit(1);
  return holder ? row : undefined;
}
