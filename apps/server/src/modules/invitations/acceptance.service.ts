import type { InvitationLookup } from '@strata/contracts/invitations';
import { AppError } from '@strata/domain/errors';
import type { Role } from '@strata/domain/permissions/actions';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type InvitationRow, teamInvitations } from '../../db/schema/invitations';
import { teamMembers, teams } from '../../db/schema/teams';
import { type UserRow, users } from '../../db/schema/users';
import { type NotedChange, noteChanges, notePersonChanged } from '../../events/change-log';
import { recordEvent, recordUserEvent, teamChannels } from '../../events/outbox';
import { hashPassword } from '../auth/passwords';
import { createSession } from '../auth/sessions.service';
import { getUserById } from '../auth/users.repo';
import { findInvitationByToken } from '../teams/invitations.repo';

/**
 * The invitation of a link, if it can still be accepted: unknown, withdrawn, used links, links
 * of another address and of deleted workspaces are 'Invitation is not valid'; old ones 'The
 * link has expired'.
 */
async function getLiveInvitation(ctx: AppContext, db: DbOrTx, token: string, email: string) {
  const invitation = await findInvitationByToken(db, token);
  if (
    !invitation ||
    invitation.acceptedAt ||
    invitation.revokedAt ||
    invitation.email.toLowerCase() !== email.toLowerCase()
  )
    throw new AppError('INVITATION_INVALID');
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, invitation.teamId), isNull(teams.deletedAt)))
    .limit(1);
  if (!team) throw new AppError('INVITATION_INVALID');
  if (invitation.expiresAt <= ctx.clock.now()) throw new AppError('LINK_EXPIRED');
  return { invitation, team };
}

/** What the invitation page shows: the workspace, the role, and whether to sign in or register. */
export async function lookUpInvitation(options: {
  ctx: AppContext;
  token: string;
  email: string;
}): Promise<InvitationLookup> {
  const { ctx } = options;
  const { invitation, team } = await getLiveInvitation(ctx, ctx.db, options.token, options.email);
  const invitee = await getUserById(ctx.db, invitation.userId);
  const inviter = invitation.invitedBy ? await getUserById(ctx.db, invitation.invitedBy) : undefined;
  return {
    team: { id: team.id, name: team.name, photo_url: team.photoPath ? `/api/files/${team.photoPath}` : null },
    email: invitation.email,
    role: invitation.role as Role,
    inviter_name: inviter?.name ?? null,
    account_exists: Boolean(invitee?.passwordHash),
  };
}

/** Makes the invitee a member with the invited role (a member already keeps their role). */
export async function join(
  ctx: AppContext,
  tx: DbOrTx,
  invitation: InvitationRow,
  userId: number,
): Promise<void> {
  const now = ctx.clock.now();
  const claimed = await tx
    .update(teamInvitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(teamInvitations.teamId, invitation.teamId),
        eq(teamInvitations.id, invitation.id),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (claimed.length === 0) throw new AppError('INVITATION_INVALID');
  const added = await tx
    .insert(teamMembers)
    .values({ teamId: invitation.teamId, userId, role: invitation.role, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  if (added.length > 0) {
    await recordEvent(tx, {
      teamId: invitation.teamId,
      type: 'member.added',
      channel: teamChannels.users(invitation.teamId),
      actorId: userId,
      payload: { id: userId, data: { user_id: userId, role: invitation.role } },
    });
    await recordUserEvent(tx, {
      teamId: invitation.teamId,
      userId,
      type: 'workspace.joined',
      actorId: userId,
    });
  }
  // The invitation leaves the pending list; a new member changes the workspace's member_count.
  const changes: NotedChange[] = [{ type: 'invitation', id: invitation.userId, deleted: true }];
  if (added.length > 0) changes.push({ type: 'member', id: userId }, { type: 'team', id: invitation.teamId });
  await noteChanges(tx, invitation.teamId, changes);
}

/** The signed-in invitee accepts: the invitation must be for their own address. */
export async function acceptInvitation(options: {
  ctx: AppContext;
  user: UserRow;
  token: string;
  email: string;
}): Promise<{ team_id: number }> {
  const { ctx, user } = options;
  return ctx.db.transaction(async (tx) => {
    const { invitation } = await getLiveInvitation(ctx, tx, options.token, options.email);
    if (invitation.userId !== user.id) throw new AppError('INVITATION_OTHER_ACCOUNT');
    await join(ctx, tx, invitation, user.id);
    return { team_id: invitation.teamId };
  });
}

/**
 * Registers the invitee from their link and signs them in. The link proves the address, so
 * the account is verified at once; an address that already has an account must sign in.
 */
export async function registerFromInvitation(options: {
  ctx: AppContext;
  token: string;
  email: string;
  name: string;
  password: string;
  locale?: string;
  userAgent?: string;
  ip?: string;
}) {
  const { ctx } = options;
  const passwordHash = await hashPassword(options.password, ctx.config.passwordHashing);
  const joined = await ctx.db.transaction(async (tx) => {
    const { invitation } = await getLiveInvitation(ctx, tx, options.token, options.email);
    const now = ctx.clock.now();
    const [claimed] = await tx
      .update(users)
      .set({
        name: options.name,
        passwordHash,
        locale: options.locale ?? 'en-US',
        emailVerifiedAt: now,
        updatedAt: now,
        rowVersion: sql`${users.rowVersion} + 1`,
      })
      .where(and(eq(users.id, invitation.userId), isNull(users.passwordHash)))
      .returning({ id: users.id });
    if (!claimed) throw new AppError('EMAIL_TAKEN');
    // Their name shows in their other pending invitations too.
    await notePersonChanged(tx, claimed.id);
    await join(ctx, tx, invitation, claimed.id);
    return { teamId: invitation.teamId, userId: claimed.id };
  });
  const issued = await createSession({
    ctx,
    userId: joined.userId,
    userAgent: options.userAgent,
    ip: options.ip,
  });
  return { teamId: joined.teamId, ...issued };
}
