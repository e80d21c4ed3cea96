import type { Role } from './actions';

/** Most addresses one invitation request may carry. */
export const MAX_INVITATIONS = 50;

/** Seniority of roles: a lower number is a more senior role. */
const ROLE_RANK: Record<Role, number> = {
  owner: 0,
  admin: 1,
  'full-member': 2,
  'restricted-member': 3,
  guest: 4,
};

/**
 * Whether someone who may invite can give an invitee `role`. Owner is never given (spec section
 * 5). Those who may also edit member roles can give any other role; everyone else can give their
 * own role or a junior one, so inviting is never a way to raise anyone above the inviter
 * (choice: a full member who may invite cannot create admins).
 */
export function mayGrantRole(options: { inviterRole: Role; canEditRoles: boolean; role: Role }): boolean {
  if (options.role === 'owner') return false;
  if (options.canEditRoles) return true;
  return ROLE_RANK[options.role] >= ROLE_RANK[options.inviterRole];
}

/** Guests do not take a member seat of the plan (choice, as monday.com and Infinity bill them). */
export function takesMemberSeat(role: Role): boolean {
  return role !== 'guest';
}

/**
 * How many more seated invitations fit under the plan's member limit (null: no limit), given
 * the seats already taken by members and by pending invitations.
 */
export function freeMemberSeats(limit: number | null | undefined, seatsTaken: number): number {
  if (limit === null || limit === undefined) return Number.POSITIVE_INFINITY;
  return Math.max(0, limit - seatsTaken);
}
