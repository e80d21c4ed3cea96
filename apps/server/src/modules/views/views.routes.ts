import { commonErrorResponses } from '@strata/contracts/common';
import { folderViewsParams, viewParams, viewPaths, viewSchema } from '@strata/contracts/views';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { RECORD_COLLECTIONS } from '../records/record-collections';
import { recordRoutes } from '../records/record-routes';
import { listFolderViews } from './views.service';

/** A folder's views (its tabs): the list, and the generic PUT and DELETE of a view. */
export function viewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['views'];
  r.get(
    viewPaths.folderViews,
    {
      config: { changeCursor: true },
      schema: {
        tags,
        params: folderViewsParams,
        response: { 200: z.array(viewSchema), ...commonErrorResponses },
      },
    },
    (request) =>
      listFolderViews({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        folderId: request.params.folderId,
      }),
  );
  recordRoutes(r, ctx, {
    path: viewPaths.view,
    params: viewParams,
    record: viewSchema,
    collection: RECORD_COLLECTIONS.view,
    tags,
  });
}
