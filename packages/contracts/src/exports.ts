import { z } from 'zod';
import { base62Id, teamParams } from './boards';
import { uuidId } from './items';

export const exportPaths = {
  folderCsv: '/api/:teamId/folders/:folderId/export',
} as const;

export const folderExportParams = teamParams.extend({ folderId: base62Id });

/**
 * `view_id`: a view of the folder the caller sees; its filters, sort, grouping, hidden attributes
 * and column order shape the file. Without it: every item in the folder's order and every
 * attribute in the board's order (docs/views.md, "Export to CSV").
 */
export const folderExportQuery = z.object({
  view_id: uuidId.optional(),
});

/** The answer: `text/csv; charset=utf-8`, UTF-8 with a byte order mark, CRLF line ends. */
export const folderExportResponse = z.string().describe('CSV text (RFC 4180) with a UTF-8 BOM');
