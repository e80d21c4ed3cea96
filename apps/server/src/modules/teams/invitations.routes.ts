import { commonErrorResponses } from '@strata/contracts/common';
import {
  invitationPaths,
  inviteBody,
  inviteResponse,
  pendingInvitationSchema,
  resendBody,
} from '@strata/contracts/invitations';
import { teamIdParams } from '@strata/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { inviteMembers, listPendingInvitations, resendInvitation } from './invitations.service';

/** Inviting people to a workspace: invite, pending list, resend. Withdrawing is DELETE .../members/{id}. */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workspaces'];

  r.post(
    invitationPaths.invite,
    {
      schema: {
        tags,
        params: teamIdParams,
        body: inviteBody,
        response: { 200: inviteResponse, ...commonErrorResponses },
      },
    },
    async (request) => ({
      users: await inviteMembers({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.id,
        body: request.body,
      }),
    }),
  );

  r.get(
    invitationPaths.pending,
    {
      schema: {
        tags,
        params: teamIdParams,
        response: { 200: z.array(pendingInvitationSchema), ...commonErrorResponses },
      },
    },
    async (request) =>
      listPendingInvitations({ ctx, user: requireUser(request).user, teamId: request.params.id }),
  );

  r.post(
    invitationPaths.resend,
    {
      schema: {
        tags,
        params: teamIdParams,
        body: resendBody,
        response: { 200: pendingInvitationSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      resendInvitation({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.id,
        userId: request.body.user_id,
      }),
  );
}
