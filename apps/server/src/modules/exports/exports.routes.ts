import { commonErrorResponses } from '@strata/contracts/common';
import {
  exportPaths,
  folderExportParams,
  folderExportQuery,
  folderExportResponse,
} from '@strata/contracts/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { contentDisposition } from '../attachments/attachment-files';
import { exportFolderCsv } from './exports.service';

/** A folder's items as a CSV download (EXPORT on the board). */
export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    exportPaths.folderCsv,
    {
      schema: {
        tags: ['exports'],
        params: folderExportParams,
        querystring: folderExportQuery,
        response: { 200: folderExportResponse, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await exportFolderCsv({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        folderId: request.params.folderId,
        viewId: request.query.view_id,
      });
      // The file is the folder as it is now, for this person: never kept by a shared cache.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName, false))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
