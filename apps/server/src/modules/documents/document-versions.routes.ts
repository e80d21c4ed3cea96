import { commonErrorResponses } from '@strata/contracts/common';
import {
  documentVersionParams,
  documentVersionPaths,
  documentVersionSchema,
  documentVersionsParams,
  documentVersionsResponse,
} from '@strata/contracts/document-versions';
import { AppError } from '@strata/domain/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import type { CollabServer } from './collab-server';
import { requireDocumentAccess } from './document-access';
import { findDocumentVersion, listDocumentVersions } from './document-versions';

/**
 * A document's history (docs/documents.md, "History"): who sees the item lists and reads its
 * versions; who may edit it restores one, live for everyone who has it open.
 */
export function documentVersionRoutes(app: FastifyInstance, ctx: AppContext, collab: CollabServer): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  r.get(
    documentVersionPaths.versions,
    {
      schema: {
        tags,
        params: documentVersionsParams,
        response: { 200: documentVersionsResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const { teamId, itemId } = request.params;
      await requireDocumentAccess(ctx, requireUser(request).user, teamId, itemId);
      return { data: await listDocumentVersions(ctx, teamId, itemId) };
    },
  );
  r.get(
    documentVersionPaths.version,
    {
      schema: {
        tags,
        params: documentVersionParams,
        response: { 200: documentVersionSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      const { teamId, itemId, versionId } = request.params;
      await requireDocumentAccess(ctx, requireUser(request).user, teamId, itemId);
      const version = await findDocumentVersion(ctx, teamId, itemId, versionId);
      return { id: version.id, created_at: version.createdAt.toISOString(), html: version.html };
    },
  );
  r.post(
    documentVersionPaths.restore,
    {
      schema: {
        tags,
        params: documentVersionParams,
        response: { 204: z.null(), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const { teamId, itemId, versionId } = request.params;
      const access = await requireDocumentAccess(ctx, requireUser(request).user, teamId, itemId);
      if (!access.canWrite) throw new AppError('FORBIDDEN');
      const version = await findDocumentVersion(ctx, teamId, itemId, versionId);
      await collab.restore(access, version.state);
      return reply.code(204).send(null);
    },
  );
}
