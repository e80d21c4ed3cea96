import { commonErrorResponses } from '@strata/contracts/common';
import { permissionPaths, permissionRecordSchema, savePermissionBody } from '@strata/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { listPermissionRecords, savePermissionRecord } from './permission-records.service';

const teamParams = z.object({ teamId: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET and POST /api/{teamId}/permissions: the workspace's permission records. */
export function permissionRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    permissionPaths.records,
    {
      schema: {
        tags: ['permissions'],
        params: teamParams,
        response: { 200: z.array(permissionRecordSchema), ...commonErrorResponses },
      },
    },
    async (request) =>
      listPermissionRecords({ ctx, user: requireUser(request).user, teamId: request.params.teamId }),
  );
  r.post(
    permissionPaths.records,
    {
      schema: {
        tags: ['permissions'],
        params: teamParams,
        body: savePermissionBody,
        response: { 200: permissionRecordSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      savePermissionRecord({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        record: request.body,
      }),
  );
}
