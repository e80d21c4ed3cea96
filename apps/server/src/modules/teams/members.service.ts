import type { TeamMember } from '@strata/contracts/teams';
import { AppError } from '@strata/domain/errors';
import type { Role } from '@strata/domain/permissions/actions';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { teamMembers } from '../../db/schema/teams';
import { type UserRow, users } from '../../db/schema/users';
import { toProfile } from '../me/profile';
import { getTeamAccess, requireTeamPermission } from './team-access';
import { countMembers } from './teams.repo';

export async function listMembers(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
}): Promise<TeamMember[]> {
  const { ctx, teamId } = options;
  const access = await getTeamAccess(ctx, teamId, options.user);
  const rows = await ctx.db
    .select({ user: users, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, access.team.id))
    .orderBy(users.name, users.id);
  return rows.map(({ user, role }) => {
    const profile = toProfile(user);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      guest: user.guest,
      photo_url: profile.photo_url,
      pivot: { role: (user.id === access.team.ownerId ? 'owner' : role) as Role },
    };
  });
}

/** The number of members, without loading them. */
export async function countTeamMembers(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
}): Promise<number> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  return (await countMembers(options.ctx.db, [access.team.id])).get(access.team.id) ?? 0;
}

async function findMemberRow(ctx: AppContext, teamId: number, memberId: number) {
  const [row] = await ctx.db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Gives a member another role; the owner's role is fixed and owner can never be given. */
export async function changeMemberRole(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  memberId: number;
  role: Exclude<Role, 'owner'>;
}): Promise<void> {
  const { ctx, teamId, memberId } = options;
  const access = await requireTeamPermission(ctx, teamId, options.user, 'EDIT_MEMBER_ROLES');
  await findMemberRow(ctx, teamId, memberId);
  if (memberId === access.team.ownerId) throw new AppError('OWNER_ROLE_FIXED');
  await ctx.db
    .update(teamMembers)
    .set({ role: options.role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
}

/** Removes a member; never the owner. */
export async function removeMember(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  memberId: number;
}) {
  const { ctx, teamId, memberId } = options;
  const access = await requireTeamPermission(ctx, teamId, options.user, 'REMOVE_MEMBERS');
  await findMemberRow(ctx, teamId, memberId);
  if (memberId === access.team.ownerId) throw new AppError('OWNER_CANNOT_BE_REMOVED');
  await ctx.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
}

/** A member leaves the workspace; the owner cannot. */
export async function leaveTeam(options: { ctx: AppContext; user: UserRow; teamId: number }) {
  const { ctx, teamId, user } = options;
  const access = await getTeamAccess(ctx, teamId, user);
  if (user.id === access.team.ownerId) throw new AppError('OWNER_CANNOT_LEAVE');
  await ctx.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, user.id)));
}
