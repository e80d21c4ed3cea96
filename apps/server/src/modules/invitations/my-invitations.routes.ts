import { commonErrorResponses, okSchema } from '@strata/contracts/common';
import {
  acceptInvitationResponse,
  invitationPaths,
  myInvitationParams,
  myInvitationSchema,
} from '@strata/contracts/invitations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { acceptMyInvitation, declineMyInvitation, listMyInvitations } from './my-invitations.service';

/** The signed-in user's own invitations: list, accept, decline. */
export function myInvitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];

  r.get(
    invitationPaths.mine,
    { schema: { tags, response: { 200: z.array(myInvitationSchema), ...commonErrorResponses } } },
    async (request) => listMyInvitations({ ctx, user: requireUser(request).user }),
  );

  r.post(
    invitationPaths.acceptMine,
    {
      schema: {
        tags,
        params: myInvitationParams,
        response: { 200: acceptInvitationResponse, ...commonErrorResponses },
      },
    },
    async (request) =>
      acceptMyInvitation({ ctx, user: requireUser(request).user, invitationId: request.params.invitationId }),
  );

  r.delete(
    invitationPaths.mineOne,
    { schema: { tags, params: myInvitationParams, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      await declineMyInvitation({
        ctx,
        user: requireUser(request).user,
        invitationId: request.params.invitationId,
      });
      return { ok: true as const };
    },
  );
}
