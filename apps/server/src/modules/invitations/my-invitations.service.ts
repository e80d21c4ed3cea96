import type { MyInvitation } from '@strata/contracts/invitations';
import { AppError } from '@strata/domain/errors';
import type { Role } from '@strata/domain/permissions/actions';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { teamInvitations } from '../../db/schema/invitations';
import { teams } from '../../db/schema/teams';
import { type UserRow, users } from '../../db/schema/users';
import { noteChange } from '../../events/change-log';
import { recordEvent, teamChannels } from '../../events/outbox';
import { join } from './acceptance.service';

const inviters = alias(users, 'inviters');

/** The caller's live invitations (pending, unexpired, to workspaces that exist), newest first. */
function findMine(db: DbOrTx, userId: number, now: Date, invitationId?: string) {
  return db
    .select({ invitation: teamInvitations, team: teams, inviterName: inviters.name })
    .from(teamInvitations)
    .innerJoin(teams, and(eq(teams.id, teamInvitations.teamId), isNull(teams.deletedAt)))
    .leftJoin(inviters, eq(inviters.id, teamInvitations.invitedBy))
    .where(
      and(
        eq(teamInvitations.userId, userId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, now),
        invitationId ? eq(teamInvitations.id, invitationId) : undefined,
      ),
    )
    .orderBy(teamInvitations.sentAt);
}

/** Invitations waiting for the signed-in user: accepting them needs no mailed link. */
export async function listMyInvitations(options: {
  ctx: AppContext;
  user: UserRow;
}): Promise<MyInvitation[]> {
  const rows = await findMine(options.ctx.db, options.user.id, options.ctx.clock.now());
  return rows.reverse().map(({ invitation, team, inviterName }) => ({
    id: invitation.id,
    team: { id: team.id, name: team.name, photo_url: team.photoPath ? `/api/files/${team.photoPath}` : null },
    role: invitation.role as Role,
    inviter_name: inviterName,
    expires_at: invitation.expiresAt.toISOString(),
  }));
}

/** One of the caller's own live invitations; anyone else's id answers 404. */
async function getMine(ctx: AppContext, tx: DbOrTx, user: UserRow, invitationId: string) {
  const [row] = await findMine(tx, user.id, ctx.clock.now(), invitationId);
  if (!row) throw new AppError('NOT_FOUND');
  return row.invitation;
}

export async function acceptMyInvitation(options: {
  ctx: AppContext;
  user: UserRow;
  invitationId: string;
}): Promise<{ team_id: number }> {
  const { ctx, user } = options;
  return ctx.db.transaction(async (tx) => {
    const invitation = await getMine(ctx, tx, user, options.invitationId);
    await join(ctx, tx, invitation, user.id);
    return { team_id: invitation.teamId };
  });
}

/** Declines: the invitation is withdrawn, and those who manage the workspace's members hear of it. */
export async function declineMyInvitation(options: {
  ctx: AppContext;
  user: UserRow;
  invitationId: string;
}): Promise<void> {
  const { ctx, user } = options;
  await ctx.db.transaction(async (tx) => {
    const invitation = await getMine(ctx, tx, user, options.invitationId);
    await tx
      .update(teamInvitations)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(teamInvitations.teamId, invitation.teamId), eq(teamInvitations.id, invitation.id)));
    await recordEvent(tx, {
      teamId: invitation.teamId,
      type: 'invitation.revoked',
      channel: teamChannels.users(invitation.teamId),
      actorId: user.id,
      payload: { id: user.id, data: { user_id: user.id, declined: true } },
    });
    await noteChange(tx, invitation.teamId, 'invitation', user.id, { deleted: true });
  });
}
