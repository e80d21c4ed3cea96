import { commonErrorResponses, okSchema } from '@strata/contracts/common';
import { createTeamBody, teamIdParams, teamPaths, teamSchema, updateTeamBody } from '@strata/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { createTeam, deleteTeam, getTeam, listMyWorkspaces, renameTeam } from './teams.service';

export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workspaces'];

  r.post(
    teamPaths.teams,
    { schema: { tags, body: createTeamBody, response: { 201: teamSchema, ...commonErrorResponses } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createTeam({ ctx, user: requireUser(request).user, name: request.body.name })),
  );

  r.get(
    teamPaths.myWorkspaces,
    { schema: { tags, response: { 200: z.array(teamSchema) } } },
    async (request) => listMyWorkspaces({ ctx, user: requireUser(request).user }),
  );

  r.get(
    teamPaths.team,
    { schema: { tags, params: teamIdParams, response: { 200: teamSchema, ...commonErrorResponses } } },
    async (request) => getTeam({ ctx, user: requireUser(request).user, teamId: request.params.id }),
  );

  r.put(
    teamPaths.team,
    {
      schema: {
        tags,
        params: teamIdParams,
        body: updateTeamBody,
        response: { 200: teamSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      renameTeam({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.id,
        name: request.body.name,
        rowVersion: request.body.row_version,
      }),
  );

  r.delete(
    teamPaths.team,
    { schema: { tags, params: teamIdParams, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      await deleteTeam({ ctx, user: requireUser(request).user, teamId: request.params.id });
      return { ok: true as const };
    },
  );
}
