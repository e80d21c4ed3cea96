import { commonErrorResponses } from '@strata/contracts/common';
import { teamIdParams, teamSchema } from '@strata/contracts/teams';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teams } from '../../db/schema/teams';
import { noteChange } from '../../events/change-log';
import { requireUser } from '../../http/authenticate';
import { readUploadedImage, removeStoredFile, storeImage } from '../../lib/image-store';
import { requireTeamPermission } from './team-access';
import { countMembers } from './teams.repo';
import { announceTeamUpdated, toTeam } from './teams.service';

/** The workspace photo (multipart field "photo"), and the workspace's feature flags. */
export function teamPhotoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workspaces'];

  const savePhoto = async (
    teamId: number,
    userRequest: Parameters<typeof requireUser>[0],
    bytes: Buffer | null,
  ) => {
    const access = await requireTeamPermission(
      ctx,
      teamId,
      requireUser(userRequest).user,
      'EDIT_WORKSPACE_SETTINGS',
    );
    const photoPath = bytes ? await storeImage(ctx, 'team-photos', teamId, bytes) : null;
    const team = await ctx.db.transaction(async (tx) => {
      const [saved] = await tx
        .update(teams)
        .set({ photoPath, updatedAt: ctx.clock.now(), rowVersion: sql`${teams.rowVersion} + 1` })
        .where(eq(teams.id, access.team.id))
        .returning();
      await noteChange(tx, access.team.id, 'team', access.team.id);
      await announceTeamUpdated(tx, saved!, requireUser(userRequest).user.id);
      return saved;
    });
    if (access.team.photoPath !== photoPath) await removeStoredFile(ctx, access.team.photoPath);
    const counts = await countMembers(ctx.db, [teamId]);
    return toTeam(team!, access.role, counts.get(teamId) ?? 0);
  };

  r.post(
    '/api/teams/:id/photo',
    { schema: { tags, params: teamIdParams, response: { 200: teamSchema, ...commonErrorResponses } } },
    async (request) => {
      // Permission first: nobody uploads into a workspace they may not change.
      await requireTeamPermission(
        ctx,
        request.params.id,
        requireUser(request).user,
        'EDIT_WORKSPACE_SETTINGS',
      );
      const bytes = await readUploadedImage(request, ctx.config.photoMaxMb, 'photo');
      return savePhoto(request.params.id, request, bytes);
    },
  );

  r.delete(
    '/api/teams/:id/photo',
    { schema: { tags, params: teamIdParams, response: { 200: teamSchema, ...commonErrorResponses } } },
    async (request) => savePhoto(request.params.id, request, null),
  );

  r.get(
    '/api/:teamId/features',
    {
      schema: {
        tags,
        params: z.object({ teamId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ features: z.record(z.string(), z.boolean()) }), ...commonErrorResponses },
      },
    },
    async (request) => {
      await requireTeamPermission(ctx, request.params.teamId, requireUser(request).user, 'VIEW_BOARD');
      // Flags switched on for everyone (FEATURES); per-workspace flags join here when plans set them.
      return { features: ctx.config.features };
    },
  );
}
