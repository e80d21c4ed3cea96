import type { TeamMember } from '@strata/contracts/teams';
import { AppError } from '@strata/domain/errors';
import type { Role } from '@strata/domain/permissions/actions';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { teamMembers } from '../../db/schema/teams';
import { type UserRow, users } from '../../db/schema/users';
import { noteChange, noteChanges } from '../../events/change-log';
import { recordEvent, recordUserEvent, teamChannels } from '../../events/outbox';
import { toProfile } from '../me/profile';
import { findMemberIds } from './invitations.repo';
import { revokeInvitation } from './invitations.service';
import { getTeamAccess, requireTeamPermission } from './team-access';
import { countMembers } from './teams.repo';

/** A member as the member list shows them; the owner's role is owner whatever their row says. */
export function toMember(user: UserRow, role: string, ownerId: number): TeamMember {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    guest: user.guest,
    photo_url: toProfile(user).photo_url,
    pivot: { role: (user.id === ownerId ? 'owner' : role) as Role },
  };
}

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
  return rows.map(({ user, role }) => toMember(user, role, access.team.ownerId));
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
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(teamMembers)
      .set({ role: options.role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
    await recordEvent(tx, {
      teamId,
      type: 'member.updated',
      channel: teamChannels.users(teamId),
      actorId: options.user.id,
      payload: { id: memberId, data: { user_id: memberId, role: options.role } },
    });
    await noteChange(tx, teamId, 'member', memberId);
    await recordUserEvent(tx, {
      teamId,
      userId: memberId,
      type: 'workspace.updated',
      actorId: options.user.id,
    });
  });
}

/** Takes a member out of the workspace and announces it, in one transaction. */
async function deleteMembership(ctx: AppContext, teamId: number, memberId: number, actorId: number) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
    await recordEvent(tx, {
      teamId,
      type: 'member.removed',
      channel: teamChannels.users(teamId),
      actorId,
      payload: { id: memberId, data: { user_id: memberId } },
    });
    await recordUserEvent(tx, { teamId, userId: memberId, type: 'workspace.left', actorId });
    // The workspace changes too: its member_count.
    await noteChanges(tx, teamId, [
      { type: 'member', id: memberId, deleted: true },
      { type: 'team', id: teamId },
    ]);
  });
}

/**
 * Removes a member; never the owner. The id of someone invited but not yet a member withdraws
 * their invitation.
 */
export async function removeMember(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  memberId: number;
}) {
  const { ctx, teamId, memberId } = options;
  const access = await getTeamAccess(ctx, teamId, options.user);
  const isMember = (await findMemberIds(ctx.db, access.team.id, [memberId])).has(memberId);
  if (!isMember) return revokeInvitation({ ctx, access, actorId: options.user.id, userId: memberId });
  if (!access.can('REMOVE_MEMBERS')) throw new AppError('FORBIDDEN');
  if (memberId === access.team.ownerId) throw new AppError('OWNER_CANNOT_BE_REMOVED');
  await deleteMembership(ctx, teamId, memberId, options.user.id);
}

/** A member leaves the workspace; the owner cannot. */
export async function leaveTeam(options: { ctx: AppContext; user: UserRow; teamId: number }) {
  const { ctx, teamId, user } = options;
  const access = await getTeamAccess(ctx, teamId, user);
  if (user.id === access.team.ownerId) throw new AppError('OWNER_CANNOT_LEAVE');
  await deleteMembership(ctx, teamId, user.id, user.id);
}
