import { commonErrorResponses } from '@strata/contracts/common';
import {
  acceptInvitationResponse,
  invitationLinkBody,
  invitationLookupResponse,
  invitationPaths,
  registerFromInvitationBody,
  registerFromInvitationResponse,
} from '@strata/contracts/invitations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { authRateLimit } from '../../http/security';
import { setRefreshCookie } from '../auth/refresh-cookie';
import { acceptInvitation, lookUpInvitation, registerFromInvitation } from './acceptance.service';

/**
 * The invitee's side of an invitation (/register/invitation). Tokens travel in bodies, never in
 * URLs, so they stay out of access logs. Register here within the scope that parses cookies.
 */
export function invitationAcceptanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];
  const rateLimit = authRateLimit(ctx.config);

  r.post(
    invitationPaths.lookup,
    {
      config: { auth: 'public', rateLimit },
      schema: {
        tags,
        body: invitationLinkBody,
        response: { 200: invitationLookupResponse, ...commonErrorResponses },
      },
    },
    async (request) => lookUpInvitation({ ctx, ...request.body }),
  );

  r.post(
    invitationPaths.accept,
    {
      config: { rateLimit },
      schema: {
        tags,
        body: invitationLinkBody,
        response: { 200: acceptInvitationResponse, ...commonErrorResponses },
      },
    },
    async (request) => acceptInvitation({ ctx, user: requireUser(request).user, ...request.body }),
  );

  r.post(
    invitationPaths.register,
    {
      config: { auth: 'public', rateLimit },
      schema: {
        tags,
        body: registerFromInvitationBody,
        response: { 201: registerFromInvitationResponse, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const { grantType, ...fields } = request.body;
      const issued = await registerFromInvitation({
        ctx,
        ...fields,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      if (grantType === 'cookie') setRefreshCookie(reply, ctx.config, issued.refreshToken);
      const token =
        grantType === 'token' ? { ...issued.record, refresh_token: issued.refreshToken } : issued.record;
      return reply.code(201).send({ team_id: issued.teamId, intended: `/team/${issued.teamId}`, token });
    },
  );
}
