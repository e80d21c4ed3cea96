import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type InvitationRow, teamInvitations } from '../../db/schema/invitations';
import { teamMembers } from '../../db/schema/teams';
import { type UserRow, users } from '../../db/schema/users';
import { hashToken } from '../../lib/tokens';

const pending = and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt));

/** Pending invitations of a workspace with their invitees, oldest first. */
export async function findPendingInvitations(
  db: DbOrTx,
  teamId: number,
  userIds?: number[],
): Promise<{ invitation: InvitationRow; user: UserRow }[]> {
  return db
    .select({ invitation: teamInvitations, user: users })
    .from(teamInvitations)
    .innerJoin(users, eq(users.id, teamInvitations.userId))
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        pending,
        userIds ? inArray(teamInvitations.userId, userIds) : undefined,
      ),
    )
    .orderBy(teamInvitations.createdAt, teamInvitations.userId);
}

export async function findPendingInvitation(db: DbOrTx, teamId: number, userId: number) {
  const [row] = await findPendingInvitations(db, teamId, [userId]);
  return row;
}

/** An invitation by the token of its link, whatever its state (the caller tells states apart). */
export async function findInvitationByToken(db: DbOrTx, token: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashToken(token)))
    .limit(1);
  return row;
}

/** Seats of the plan in use: members and pending invitations, guests not counted. */
export async function countSeatsTaken(db: DbOrTx, teamId: number): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.role, 'guest')));
  const [invited] = await db
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), pending, ne(teamInvitations.role, 'guest')));
  return (members?.n ?? 0) + (invited?.n ?? 0);
}

/** The user ids among `userIds` that are members of the workspace. */
export async function findMemberIds(db: DbOrTx, teamId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/** The accounts of these addresses, made without a password where none exists (invitees). */
export async function ensureUsersByEmail(db: DbOrTx, emails: string[]): Promise<Map<string, UserRow>> {
  if (emails.length === 0) return new Map();
  await db
    .insert(users)
    .values(emails.map((email) => ({ email, name: email.split('@')[0]!, passwordHash: null })))
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((e) => e.toLowerCase()),
      ),
    );
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}
