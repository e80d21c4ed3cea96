import { ASSIGNABLE_ROLES, ROLES } from '@strata/domain/permissions/actions';
import { z } from 'zod';

export const teamPaths = {
  teams: '/api/teams',
  team: '/api/teams/:id',
  myWorkspaces: '/api/me/workspaces',
} as const;

/** The workspace (team) of spec section 3. */
export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_id: z.number().int(),
  user_role: z.enum(ROLES),
  member_count: z.number().int(),
  photo_url: z.string().nullable(),
  use_custom_logo: z.boolean(),
  domain: z.string().nullable(),
  subscription_id: z.number().int().nullable(),
  whitelabel_settings: z.record(z.string(), z.unknown()).nullable(),
  /** +1 per change of the workspace's own fields; a save may carry it for compare-and-set. */
  row_version: z.number().int(),
  created_at: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamNameSchema = z.string().trim().min(1, { message: 'The name is required.' }).max(100);
export const createTeamBody = z.object({ name: teamNameSchema });
/**
 * A rename. With `row_version` (the stored one + 1) it is a compare-and-set: any other number is a
 * 409 with the server's copy; without it the save applies whatever is stored.
 */
export const updateTeamBody = z.object({
  name: teamNameSchema,
  row_version: z.number().int().min(1).max(2_147_483_647).optional(),
});
export const teamIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const memberPaths = {
  members: '/api/teams/:id/members',
  count: '/api/teams/:id/members/count',
  member: '/api/teams/:id/members/:memberId',
  leave: '/api/teams/:id/leave',
} as const;

/** A team member (spec section 3): the user and their role in pivot.role. */
export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  guest: z.boolean(),
  photo_url: z.string(),
  pivot: z.object({ role: z.enum(ROLES) }),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const memberParams = teamIdParams.extend({
  memberId: z.coerce.number().int().positive().max(2_147_483_647),
});
/** Roles a member can be given: never owner (spec section 5). */
export const changeRoleBody = z.object({ role: z.enum(ASSIGNABLE_ROLES) });
