import { randomUUID } from 'node:crypto';
import type { InviteBody, PendingInvitation } from '@strata/contracts/invitations';
import { isValidEmail, normaliseEmail } from '@strata/domain/emails';
import { AppError, type ErrorCode, type FieldError } from '@strata/domain/errors';
import type { Role } from '@strata/domain/permissions/actions';
import { freeMemberSeats, mayGrantRole, takesMemberSeat } from '@strata/domain/permissions/invitations';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type InvitationRow, teamInvitations } from '../../db/schema/invitations';
import type { TeamRow } from '../../db/schema/teams';
import type { UserRow } from '../../db/schema/users';
import { type NotedChange, noteChange, noteChanges } from '../../events/change-log';
import { recordEvent, recordUserEvent, teamChannels } from '../../events/outbox';
import { hashToken, randomToken } from '../../lib/tokens';
import { queueMail } from '../../mail/mail';
import { invitationMail } from '../../mail/templates';
import { linkUrl } from '../auth/email-tokens.service';
import { toProfile } from '../me/profile';
import {
  countSeatsTaken,
  ensureUsersByEmail,
  findMemberIds,
  findPendingInvitation,
  findPendingInvitations,
} from './invitations.repo';
import { ensureSubscription } from './subscriptions.service';
import { requireTeamPermission } from './team-access';
import type { TeamAccess } from './team-access-types';

/** How soon the same invitation may be mailed again. */
const RESEND_INTERVAL_MS = 60_000;

export function toPendingInvitation(invitation: InvitationRow, user: UserRow): PendingInvitation {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    guest: user.guest,
    photo_url: toProfile(user).photo_url,
    pivot: { role: invitation.role as Role },
    invited_by: invitation.invitedBy,
    created_at: invitation.createdAt.toISOString(),
    sent_at: invitation.sentAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/** The workspace's member limit: its owner's plan. */
async function memberLimit(tx: DbOrTx, team: TeamRow): Promise<number | null> {
  const subscription = await ensureSubscription(tx, team.ownerId);
  return subscription.limits.members ?? null;
}

/** A new link for the invitation, mailed in the caller's transaction. */
async function sendInvitation(options: {
  ctx: AppContext;
  tx: DbOrTx;
  team: TeamRow;
  inviter: UserRow;
  email: string;
}): Promise<{ tokenHash: string; expiresAt: Date; sentAt: Date }> {
  const { ctx, tx, team, email } = options;
  const token = randomToken();
  const sentAt = ctx.clock.now();
  const expiresAt = new Date(sentAt.getTime() + ctx.config.invitationTtlS * 1000);
  await queueMail(
    ctx.jobs,
    tx,
    invitationMail({
      to: email,
      inviterName: options.inviter.name,
      teamName: team.name,
      url: linkUrl(ctx, '/register/invitation', { token, email }),
      appName: ctx.config.appName,
      days: Math.max(1, Math.round(ctx.config.invitationTtlS / 86_400)),
    }),
  );
  return { tokenHash: hashToken(token), expiresAt, sentAt };
}

type ProblemCode = ErrorCode;

/** One refused address, with the catalogue's code so clients can word it in their language. */
function problem(index: number, code: ProblemCode, params?: Record<string, string | number>): FieldError {
  return {
    path: `invitations.${index}.email`,
    code,
    params,
    message: new AppError(code, { params }).message,
  };
}

/**
 * Invites people by email. Each address is judged alone: invalid addresses, members, roles the
 * inviter may not give and invitations past the plan's member limit are refused; the rest are
 * invited and mailed. When some were refused the answer is an error that still lists the
 * invited users (spec section 7).
 */
export async function inviteMembers(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  body: InviteBody;
}): Promise<PendingInvitation[]> {
  const { ctx, user, teamId, body } = options;
  const access = await requireTeamPermission(ctx, teamId, user, 'INVITE_MEMBERS');
  // Boards arrive with their own issue; until then no board id belongs to this workspace.
  if (body.boardId !== undefined) throw new AppError('NOT_FOUND');
  const errors: FieldError[] = [];
  const wanted = new Map<string, Role>();
  const indexOf = new Map<string, number>();
  const canEditRoles = access.can('EDIT_MEMBER_ROLES');
  body.invitations.forEach((entry, index) => {
    const email = normaliseEmail(entry.email);
    if (!isValidEmail(email)) errors.push(problem(index, 'INVALID_EMAIL'));
    else if (!mayGrantRole({ inviterRole: access.role, canEditRoles, role: entry.role }))
      errors.push(problem(index, 'ROLE_NOT_GRANTABLE', { role: entry.role }));
    else if (!wanted.has(email)) {
      wanted.set(email, entry.role);
      indexOf.set(email, index);
    }
  });

  const invited = await ctx.db.transaction(async (tx) => {
    const accounts = await ensureUsersByEmail(tx, [...wanted.keys()]);
    const ids = [...accounts.values()].map((u) => u.id);
    const members = await findMemberIds(tx, teamId, ids);
    const alreadyPending = new Map(
      (await findPendingInvitations(tx, teamId, ids)).map((p) => [p.invitation.userId, p.invitation]),
    );
    const limit = await memberLimit(tx, access.team);
    let seats = freeMemberSeats(limit, await countSeatsTaken(tx, teamId));
    const out: PendingInvitation[] = [];
    const changes: NotedChange[] = [];
    for (const [email, role] of wanted) {
      const invitee = accounts.get(email)!;
      const index = indexOf.get(email)!;
      if (members.has(invitee.id)) {
        errors.push(problem(index, 'ALREADY_MEMBER', { email }));
        continue;
      }
      const previous = alreadyPending.get(invitee.id);
      const needsSeat = takesMemberSeat(role) && !(previous && takesMemberSeat(previous.role as Role));
      if (needsSeat && seats <= 0) {
        const code = access.role === 'owner' ? 'MEMBER_LIMIT_REACHED' : 'MEMBER_LIMIT_REACHED_ASK_OWNER';
        errors.push(problem(index, code, { limit: limit ?? 0 }));
        continue;
      }
      if (needsSeat) seats -= 1;
      const sent = await sendInvitation({ ctx, tx, team: access.team, inviter: user, email: invitee.email });
      const fields = { role, invitedBy: user.id, ...sent };
      const [row] = previous
        ? await tx
            .update(teamInvitations)
            .set(fields)
            .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.id, previous.id)))
            .returning()
        : await tx
            .insert(teamInvitations)
            .values({
              id: randomUUID(),
              teamId,
              userId: invitee.id,
              email: invitee.email,
              createdAt: sent.sentAt,
              ...fields,
            })
            .returning();
      const pending = toPendingInvitation(row!, invitee);
      await recordEvent(tx, {
        teamId,
        type: 'invitation.created',
        channel: teamChannels.users(teamId),
        actorId: user.id,
        payload: { id: invitee.id, data: pending },
      });
      await recordUserEvent(tx, {
        teamId,
        userId: invitee.id,
        type: 'invitation.received',
        actorId: user.id,
      });
      changes.push({ type: 'invitation', id: invitee.id });
      out.push(pending);
    }
    await noteChanges(tx, teamId, changes);
    return out;
  });

  if (errors.length > 0) {
    throw new AppError('INVITATIONS_REJECTED', {
      message: `${new AppError('INVITATIONS_REJECTED').message} ${errors.map((e) => e.message).join(' ')}`,
      errors,
      users: invited,
    });
  }
  return invited;
}

/** Pending invitations, for those who may invite. */
export async function listPendingInvitations(options: { ctx: AppContext; user: UserRow; teamId: number }) {
  const access = await requireTeamPermission(options.ctx, options.teamId, options.user, 'INVITE_MEMBERS');
  const rows = await findPendingInvitations(options.ctx.db, access.team.id);
  return rows.map(({ invitation, user }) => toPendingInvitation(invitation, user));
}

/** Mails a pending invitation again with a fresh link (the old one stops working). */
export async function resendInvitation(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  userId: number;
}): Promise<PendingInvitation> {
  const { ctx, user, teamId } = options;
  const access = await requireTeamPermission(ctx, teamId, user, 'INVITE_MEMBERS');
  return ctx.db.transaction(async (tx) => {
    const found = await findPendingInvitation(tx, access.team.id, options.userId);
    if (!found) throw new AppError('NOT_FOUND');
    if (ctx.clock.now().getTime() - found.invitation.sentAt.getTime() < RESEND_INTERVAL_MS)
      throw new AppError('RATE_LIMITED');
    const sent = await sendInvitation({ ctx, tx, team: access.team, inviter: user, email: found.user.email });
    const [row] = await tx
      .update(teamInvitations)
      .set({ ...sent, invitedBy: user.id })
      .where(and(eq(teamInvitations.teamId, access.team.id), eq(teamInvitations.id, found.invitation.id)))
      .returning();
    await noteChange(tx, access.team.id, 'invitation', found.user.id);
    return toPendingInvitation(row!, found.user);
  });
}

/**
 * Withdraws a pending invitation (DELETE .../members/{userId} on someone not yet a member).
 * Those who may invite or remove members may withdraw.
 */
export async function revokeInvitation(options: {
  ctx: AppContext;
  access: TeamAccess;
  actorId: number;
  userId: number;
}): Promise<void> {
  const { ctx, access, userId } = options;
  const teamId = access.team.id;
  if (!access.can('INVITE_MEMBERS') && !access.can('REMOVE_MEMBERS')) throw new AppError('FORBIDDEN');
  const found = await findPendingInvitation(ctx.db, teamId, userId);
  if (!found) throw new AppError('NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(teamInvitations)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(teamInvitations.id, found.invitation.id), eq(teamInvitations.teamId, teamId)));
    await recordEvent(tx, {
      teamId,
      type: 'invitation.revoked',
      channel: teamChannels.users(teamId),
      actorId: options.actorId,
      payload: { id: userId, data: { user_id: userId } },
    });
    await noteChange(tx, teamId, 'invitation', userId, { deleted: true });
  });
}
