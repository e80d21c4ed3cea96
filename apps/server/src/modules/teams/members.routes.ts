import { commonErrorResponses, okSchema } from '@strata/contracts/common';
import {
  changeRoleBody,
  memberParams,
  memberPaths,
  teamIdParams,
  teamMemberSchema,
} from '@strata/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { changeMemberRole, countTeamMembers, leaveTeam, listMembers, removeMember } from './members.service';

export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workspaces'];

  r.get(
    memberPaths.members,
    {
      schema: {
        tags,
        params: teamIdParams,
        response: { 200: z.array(teamMemberSchema), ...commonErrorResponses },
      },
    },
    async (request) => listMembers({ ctx, user: requireUser(request).user, teamId: request.params.id }),
  );

  r.get(
    memberPaths.count,
    {
      schema: {
        tags,
        params: teamIdParams,
        response: { 200: z.object({ count: z.number().int() }), ...commonErrorResponses },
      },
    },
    async (request) => ({
      count: await countTeamMembers({ ctx, user: requireUser(request).user, teamId: request.params.id }),
    }),
  );

  r.put(
    memberPaths.member,
    {
      schema: {
        tags,
        params: memberParams,
        body: changeRoleBody,
        response: { 200: okSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      const { id, memberId } = request.params;
      await changeMemberRole({
        ctx,
        user: requireUser(request).user,
        teamId: id,
        memberId,
        role: request.body.role,
      });
      return { ok: true as const };
    },
  );

  r.delete(
    memberPaths.member,
    { schema: { tags, params: memberParams, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      await removeMember({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.id,
        memberId: request.params.memberId,
      });
      return { ok: true as const };
    },
  );

  r.delete(
    memberPaths.leave,
    { schema: { tags, params: teamIdParams, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      await leaveTeam({ ctx, user: requireUser(request).user, teamId: request.params.id });
      return { ok: true as const };
    },
  );
}
